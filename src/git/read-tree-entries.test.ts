import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { cloneCorpus, runGit } from './git-cli-fixture.ts';
import { gitdir } from './gitdir-fixture.ts';
import { readTreeEntries } from './read-tree-entries.ts';
import { openRepository, type GitRepository } from './repository.ts';

/** `git ls-tree -r -z <commit>` as entries (NUL-separated, so no path quoting). */
function lsTree(dir: string, commit: string, prefix?: string): Array<{ path: string; oid: string; mode: string }> {
  const args = ['ls-tree', '-r', '-z', commit, ...(prefix === undefined ? [] : ['--', prefix])];
  return runGit(dir, args)
    .split('\0')
    .filter((line) => line !== '')
    .map((line) => {
      const [meta, path] = line.split('\t') as [string, string];
      const [mode, , oid] = meta.split(' ') as [string, string, string];
      return { path, oid, mode };
    });
}

describe('readTreeEntries', () => {
  describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('on the corpus'), () => {
    let corpus: ReturnType<typeof cloneCorpus> | undefined;
    let repo: GitRepository;
    const dir = () => corpus!.dir;
    beforeAll(async () => {
      corpus = cloneCorpus();
      repo = await openRepository({ fs, dir: corpus.dir });
    });
    afterAll(() => corpus?.remove());

    it('lists the corpus at HEAD exactly as git ls-tree -r does (paths, oids, modes, order)', async () => {
      const head = runGit(dir(), ['rev-parse', 'HEAD']).trim();
      const entries = await readTreeEntries(repo, head);
      expect(entries.length).toBeGreaterThan(10);
      expect(entries).toEqual(lsTree(dir(), head));
    });

    it('matches git ls-tree at every commit of the corpus', async () => {
      const commits = runGit(dir(), ['rev-list', 'HEAD']).trim().split('\n');
      for (const commit of commits) expect(await readTreeEntries(repo, commit)).toEqual(lsTree(dir(), commit));
    });
  });

  it('reports symlinks, submodules and executables with their mode, without following them', async () => {
    const { repo, dir, head } = await gitdir({
      'README.md': '# Hi\n',
      'docs/escape': { symlink: '/etc/passwd' },
      'docs/up': { symlink: '..' },
      'vendor/theme': { submodule: 'a0e7165d572c728e85676d599a80bdf36c510df6' },
      'bin/build.sh': { executable: '#!/bin/sh\n' },
    });
    const entries = await readTreeEntries(repo, head);
    expect(entries.map(({ path, mode }) => [path, mode])).toEqual([
      ['README.md', '100644'],
      ['bin/build.sh', '100755'],
      ['docs/escape', '120000'],
      ['docs/up', '120000'],
      ['vendor/theme', '160000'],
    ]);
    expect(entries).toEqual(lsTree(dir, head));
  });

  it("uses Git's order, where a folder sorts as if its name ended in /", async () => {
    const { repo, dir, head } = await gitdir({ 'a/b.md': 'b', 'a.md': 'a', 'a-b.md': 'c', 'a0.md': 'd' });
    const entries = await readTreeEntries(repo, head);
    expect(entries.map((entry) => entry.path)).toEqual(['a-b.md', 'a.md', 'a/b.md', 'a0.md']);
    expect(entries).toEqual(lsTree(dir, head));
  });

  it('reads a folder with paths relative to it, and nothing for a prefix that is missing or a file', async () => {
    const { repo, head } = await gitdir({ 'README.md': 'root', 'docs/README.md': 'docs', 'docs/guide/setup.md': 'setup' });
    const expected = [
      { path: 'README.md', mode: '100644' },
      { path: 'guide/setup.md', mode: '100644' },
    ];
    expect(await readTreeEntries(repo, head, { prefix: 'docs' })).toMatchObject(expected);
    expect(await readTreeEntries(repo, head, { prefix: 'docs/' })).toMatchObject(expected);
    expect(await readTreeEntries(repo, head, { prefix: 'missing' })).toEqual([]);
    expect(await readTreeEntries(repo, head, { prefix: 'README.md' })).toEqual([]);
    await expect(readTreeEntries(repo, head, { prefix: '../docs' })).rejects.toMatchObject({ code: 'GIT_INVALID_PATH' });
  });

  it('rejects an oid that is not a commit, or not in the repository', async () => {
    const { repo, head } = await gitdir({ 'README.md': '# Hi\n' });
    const [readme] = await readTreeEntries(repo, head);
    await expect(readTreeEntries(repo, readme!.oid)).rejects.toMatchObject({ code: 'GIT_WRONG_OBJECT_TYPE', data: { expected: 'commit', actual: 'blob' } });
    await expect(readTreeEntries(repo, '0'.repeat(40))).rejects.toMatchObject({ code: 'GIT_OBJECT_NOT_FOUND' });
    await expect(readTreeEntries(repo, 'HEAD')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
