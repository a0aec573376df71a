import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { cloneCorpus, runGit } from './git-cli-fixture.ts';
import { gitdir } from './gitdir-fixture.ts';
import { listCommits } from './list-commits.ts';
import { readCommit } from './read-commit.ts';
import { openRepository, type GitRepository } from './repository.ts';

const lines = (output: string): string[] => output.split('\n').filter((line) => line !== '');

describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('listCommits on the corpus'), () => {
  let corpus: ReturnType<typeof cloneCorpus>;
  let repo: GitRepository;
  let head: string;
  beforeAll(async () => {
    corpus = cloneCorpus();
    repo = await openRepository({ fs, dir: corpus.dir });
    head = runGit(corpus.dir, ['rev-parse', 'HEAD']).trim();
  });
  afterAll(() => corpus?.remove()); // undefined when beforeAll failed

  it('lists what git rev-list --first-parent --reverse lists, with git log subjects', async () => {
    const commits = await listCommits(repo, { until: head });
    expect(commits.map((commit) => commit.oid)).toEqual(lines(runGit(corpus.dir, ['rev-list', '--first-parent', '--reverse', head])));
    expect(commits.map((commit) => commit.subject)).toEqual(lines(runGit(corpus.dir, ['log', '--first-parent', '--reverse', '--format=%s', head])));
  });

  it('reports parents, message, author and committer as git log does', async () => {
    const format = ['%H', '%P', '%T', '%an', '%ae', '%at', '%ai', '%cn', '%ce', '%ct', '%ci'].join('%x00');
    const logged = lines(runGit(corpus.dir, ['log', '--first-parent', '--reverse', `--format=${format}`, head]));
    const commits = await listCommits(repo, { until: head });
    /** `2022-09-16 10:41:07 +0300` → minutes east of UTC. */
    const offset = (date: string): number => {
      const [, sign, hours, minutes] = /([+-])(\d\d)(\d\d)$/.exec(date)!;
      return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
    };
    commits.forEach((commit, index) => {
      const [oid, parents, tree, an, ae, at, ai, cn, ce, ct, ci] = logged[index]!.split('\0') as string[];
      expect(commit).toMatchObject({
        oid,
        tree,
        parents: parents === '' ? [] : parents!.split(' '),
        author: { name: an, email: ae, timestamp: Number(at), timezoneOffset: offset(ai!) },
        committer: { name: cn, email: ce, timestamp: Number(ct), timezoneOffset: offset(ci!) },
      });
      expect(commit.message).toBe(runGit(corpus.dir, ['cat-file', 'commit', oid!]).split('\n\n').slice(1).join('\n\n'));
    });
    // The corpus has commits from two time zones; make sure both signs were seen.
    expect(new Set(commits.map((commit) => commit.author.timezoneOffset)).size).toBeGreaterThan(1);
  });

  it('lists only the commits after since', async () => {
    const all = lines(runGit(corpus.dir, ['rev-list', '--first-parent', '--reverse', head]));
    const since = all[all.length - 4]!;
    const commits = await listCommits(repo, { since, until: head });
    expect(commits.map((commit) => commit.oid)).toEqual(lines(runGit(corpus.dir, ['rev-list', '--first-parent', '--reverse', `${since}..${head}`])));
    expect(commits).toHaveLength(3);
    expect(await listCommits(repo, { since: head, until: head })).toEqual([]);
  });

  it('reads one commit', async () => {
    const commit = await readCommit(repo, head);
    expect(commit.subject).toBe(runGit(corpus.dir, ['log', '-1', '--format=%s', head]).trim());
  });
});

describe('listCommits across merges', () => {
  /** main: A - B - M (merges side: A - S). */
  async function mergedHistory() {
    const fixture = await gitdir({ 'README.md': 'A\n' }, { checkout: true });
    const git = (...args: string[]): string => runGit(fixture.dir, args).trim();
    const a = fixture.head;
    git('checkout', '-q', '-b', 'side');
    git('commit', '-q', '--allow-empty', '-m', 'S');
    const s = git('rev-parse', 'HEAD');
    git('checkout', '-q', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'B\n\nWith a body.');
    const b = git('rev-parse', 'HEAD');
    git('merge', '-q', '--no-ff', '-m', 'M', 'side');
    const m = git('rev-parse', 'HEAD');
    return { fixture, git, a, s, b, m };
  }

  it('follows first parents and skips commits merged in from a side branch', async () => {
    const { fixture, git, a, b, m } = await mergedHistory();
    const commits = await listCommits(fixture.repo, { until: m });
    expect(commits.map((commit) => commit.oid)).toEqual([a, b, m]);
    expect(commits.map((commit) => commit.subject)).toEqual(['Initial commit', 'B', 'M']);
    expect(commits[1]!.message).toBe('B\n\nWith a body.\n');
    expect(commits.map((commit) => commit.oid)).toEqual(lines(git('rev-list', '--first-parent', '--reverse', m)));
  });

  it('stops where since is reachable when since came in through a merge, as git rev-list since..until', async () => {
    const { fixture, git, b, s, m } = await mergedHistory();
    const commits = await listCommits(fixture.repo, { since: s, until: m });
    expect(commits.map((commit) => commit.oid)).toEqual(lines(git('rev-list', '--first-parent', '--reverse', `${s}..${m}`)));
    expect(commits.map((commit) => commit.oid)).toEqual([b, m]);
  });
});
