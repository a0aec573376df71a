import { describe, expect, it } from 'vitest';
import { runGit } from './git-cli-fixture.ts';
import { gitdir } from './gitdir-fixture.ts';
import { readRefFiles } from './read-ref.ts';

describe('readRefFiles', () => {
  it('reads loose refs before packed ones and follows symbolic refs, as git rev-parse', async () => {
    const fixture = await gitdir({ 'README.md': '# Hi\n' }, { checkout: true });
    const git = (...args: string[]): string => runGit(fixture.dir, args).trim();
    const first = git('rev-parse', 'HEAD');
    git('tag', 'packed-tag');
    git('pack-refs', '--all');
    const second = await fixture.commit({ 'README.md': '# Hello\n' });
    git('symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
    expect(await readRefFiles(fixture.repo, 'HEAD')).toBe(second);
    expect(await readRefFiles(fixture.repo, 'main')).toBe(second);
    expect(await readRefFiles(fixture.repo, 'refs/heads/alias')).toBe(second);
    expect(await readRefFiles(fixture.repo, 'packed-tag')).toBe(first);
    expect(second).not.toBe(first);
  });

  it('leaves what the files do not name plainly to isomorphic-git: unknown names, abbreviated oids, files that are not refs', async () => {
    const { repo, head } = await gitdir({ 'README.md': '# Hi\n' });
    expect(await readRefFiles(repo, 'nope')).toBeUndefined();
    expect(await readRefFiles(repo, head.slice(0, 10))).toBeUndefined();
    expect(await readRefFiles(repo, 'config')).toBeUndefined();
    expect(await readRefFiles(repo, 'refs/heads')).toBeUndefined();
  });
});
