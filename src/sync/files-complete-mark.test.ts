import { describe, expect, it } from 'vitest';
import { gitdir } from '../git/gitdir-fixture.ts';
import { readFilesCompleteMark, writeFilesCompleteMark } from './files-complete-mark.ts';

describe('the files-complete mark', () => {
  it('remembers the commit per space, forgets it on request, and ignores anything but a commit id', async () => {
    const { repo } = await gitdir({ 'README.md': '# Hi\n' });
    const commit = 'a'.repeat(40);
    expect(await readFilesCompleteMark(repo, 'space/1')).toBeUndefined();
    await writeFilesCompleteMark(repo, 'space/1', commit);
    expect(await readFilesCompleteMark(repo, 'space/1')).toBe(commit);
    expect(await readFilesCompleteMark(repo, 'space2')).toBeUndefined();
    await writeFilesCompleteMark(repo, 'space/1', undefined);
    expect(await readFilesCompleteMark(repo, 'space/1')).toBeUndefined();
    await writeFilesCompleteMark(repo, 'space2', commit);
    await repo.fs.promises.writeFile(`${repo.gitdir}/quire/space2/files-complete.txt`, 'not a commit\n');
    expect(await readFilesCompleteMark(repo, 'space2')).toBeUndefined();
  });
});
