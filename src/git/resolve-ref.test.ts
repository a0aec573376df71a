import { describe, expect, it } from 'vitest';
import { runGit } from './git-cli-fixture.ts';
import { gitdir } from './gitdir-fixture.ts';
import { resolveRef } from './resolve-ref.ts';

describe('resolveRef', () => {
  it('resolves HEAD, branches, tags (peeled), remote-tracking branches and oids to commits, as git rev-parse', async () => {
    const fixture = await gitdir({ 'README.md': '# Hi\n' }, { checkout: true });
    const git = (...args: string[]): string => runGit(fixture.dir, args).trim();
    git('tag', 'light');
    git('tag', '-a', '-m', 'Release', 'v1.0.0');
    git('update-ref', 'refs/remotes/origin/main', fixture.head);
    git('pack-refs', '--all');
    const second = await fixture.commit({ 'README.md': '# Hello\n' });
    for (const ref of ['HEAD', 'main', 'refs/heads/main']) expect(await resolveRef(fixture.repo, ref), ref).toBe(second);
    for (const ref of ['light', 'v1.0.0', 'refs/tags/v1.0.0', 'origin/main', fixture.head, fixture.head.slice(0, 10)]) {
      expect(await resolveRef(fixture.repo, ref), ref).toBe(git('rev-parse', `${ref}^{commit}`));
    }
    expect(git('cat-file', '-t', 'v1.0.0')).toBe('tag');
  });

  it('types its errors', async () => {
    const { repo, dir, head } = await gitdir({ 'README.md': '# Hi\n' });
    await expect(resolveRef(repo, 'nope')).rejects.toMatchObject({ code: 'GIT_REF_NOT_FOUND', data: { ref: 'nope' } });
    await expect(resolveRef(repo, 'f'.repeat(40))).rejects.toMatchObject({ code: 'GIT_OBJECT_NOT_FOUND' });
    await expect(resolveRef(repo, runGit(dir, ['rev-parse', `${head}^{tree}`]).trim())).rejects.toMatchObject({ code: 'GIT_WRONG_OBJECT_TYPE' });
    await expect(resolveRef(repo, '')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    runGit(dir, ['symbolic-ref', 'HEAD', 'refs/heads/unborn']);
    await expect(resolveRef(repo, 'HEAD')).rejects.toMatchObject({ code: 'GIT_REF_NOT_FOUND' });
  });
});
