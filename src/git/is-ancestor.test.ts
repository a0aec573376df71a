import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { cloneCorpus, runGit } from './git-cli-fixture.ts';
import { gitdir } from './gitdir-fixture.ts';
import { isAncestor } from './is-ancestor.ts';
import { openRepository } from './repository.ts';

describe('isAncestor', () => {
  it.skipIf(corpusSkipReason !== undefined)(corpusTitle('answers both ways on the corpus, as git merge-base --is-ancestor'), async () => {
    const corpus = cloneCorpus();
    try {
      const repo = await openRepository({ fs, dir: corpus.dir });
      const commits = runGit(corpus.dir, ['rev-list', '--reverse', 'HEAD']).trim().split('\n');
      const [first, middle, last] = [commits[0]!, commits[Math.floor(commits.length / 2)]!, commits.at(-1)!];
      expect(await isAncestor(repo, first, last)).toBe(true);
      expect(await isAncestor(repo, middle, last)).toBe(true);
      expect(await isAncestor(repo, last, first)).toBe(false);
      expect(await isAncestor(repo, last, middle)).toBe(false);
      expect(await isAncestor(repo, middle, middle)).toBe(true);
    } finally {
      corpus.remove();
    }
  });

  it('is false between diverged branches, true through a merge, and types its errors', async () => {
    const fixture = await gitdir({ 'README.md': 'A\n' }, { checkout: true });
    const git = (...args: string[]): string => runGit(fixture.dir, args).trim();
    git('checkout', '-q', '-b', 'side');
    git('commit', '-q', '--allow-empty', '-m', 'S');
    const side = git('rev-parse', 'HEAD');
    git('checkout', '-q', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'B');
    const main = git('rev-parse', 'HEAD');
    expect(await isAncestor(fixture.repo, side, main)).toBe(false);
    expect(await isAncestor(fixture.repo, main, side)).toBe(false);
    git('merge', '-q', '--no-ff', '-m', 'M', 'side');
    expect(await isAncestor(fixture.repo, side, git('rev-parse', 'HEAD'))).toBe(true);
    await expect(isAncestor(fixture.repo, 'f'.repeat(40), main)).rejects.toMatchObject({ code: 'GIT_OBJECT_NOT_FOUND' });
    await expect(isAncestor(fixture.repo, 'main', main)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
