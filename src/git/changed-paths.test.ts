import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedPaths, type GitPathChange } from './changed-paths.ts';
import { corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { cloneCorpus, runGit } from './git-cli-fixture.ts';
import { gitdir } from './gitdir-fixture.ts';
import { openRepository, type GitRepository } from './repository.ts';

const letter = { added: 'A', modified: 'M', deleted: 'D' } as const;

/** Our changes in the shape of `git diff --name-status`. */
const nameStatus = (changes: readonly GitPathChange[]): string[] => changes.map((change) => `${letter[change.status]}\t${change.path}`);

function gitNameStatus(dir: string, from: string, to: string, prefix?: string): string[] {
  const args = ['diff', '--no-renames', '--name-status', '-z', from, to, ...(prefix === undefined ? [] : ['--', prefix])];
  const fields = runGit(dir, args).split('\0').filter(Boolean);
  const out: string[] = [];
  for (let index = 0; index < fields.length; index += 2) out.push(`${fields[index]}\t${fields[index + 1]}`);
  return out;
}

describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('changedPaths on the corpus'), () => {
  let corpus: ReturnType<typeof cloneCorpus>;
  let repo: GitRepository;
  let commits: string[];
  beforeAll(async () => {
    corpus = cloneCorpus();
    repo = await openRepository({ fs, dir: corpus.dir });
    commits = runGit(corpus.dir, ['rev-list', '--reverse', 'HEAD']).trim().split('\n');
  });
  afterAll(() => corpus?.remove()); // undefined when beforeAll failed

  it('matches git diff --name-status between every pair of consecutive commits', async () => {
    for (let index = 1; index < commits.length; index += 1) {
      const [from, to] = [commits[index - 1]!, commits[index]!];
      expect(nameStatus(await changedPaths(repo, from, to)), `${from}..${to}`).toEqual(gitNameStatus(corpus.dir, from, to));
    }
  });

  it('matches git diff between the first and last commits, both ways, with oids and modes', async () => {
    const [first, last] = [commits[0]!, commits.at(-1)!];
    const changes = await changedPaths(repo, first, last);
    expect(changes.length).toBeGreaterThan(5);
    expect(nameStatus(changes)).toEqual(gitNameStatus(corpus.dir, first, last));
    expect(nameStatus(await changedPaths(repo, last, first))).toEqual(gitNameStatus(corpus.dir, last, first));
    const raw = runGit(corpus.dir, ['diff', '--no-renames', '--raw', '--abbrev=40', first, last]).trim().split('\n');
    expect(
      changes.map((change) =>
        change.status === 'added'
          ? `:000000 ${change.mode} ${'0'.repeat(40)} ${change.oid} A\t${change.path}`
          : change.status === 'deleted'
            ? `:${change.previousMode} 000000 ${change.previousOid} ${'0'.repeat(40)} D\t${change.path}`
            : `:${change.previousMode} ${change.mode} ${change.previousOid} ${change.oid} M\t${change.path}`,
      ),
    ).toEqual(raw);
    expect(await changedPaths(repo, last, last)).toEqual([]);
  });
});

describe('changedPaths', () => {
  it('reports files that become folders, mode changes and symlinks, as git diff does', async () => {
    const fixture = await gitdir({ 'a.md': 'a', guide: 'a file', 'run.sh': 'echo', 'docs/x.md': 'x', 'docs/deep/y.md': 'y', link: { symlink: 'a.md' } });
    const before = fixture.head;
    const after = await fixture.commit({
      guide: null,
      'guide/index.md': 'now a folder',
      'run.sh': { executable: 'echo' },
      'docs/deep/y.md': null,
      link: { symlink: 'docs/x.md' },
    });
    const changes = await changedPaths(fixture.repo, before, after);
    expect(nameStatus(changes)).toEqual(gitNameStatus(fixture.dir, before, after));
    expect(nameStatus(changes)).toEqual(['D\tdocs/deep/y.md', 'D\tguide', 'A\tguide/index.md', 'M\tlink', 'M\trun.sh']);
    expect(changes.find((change) => change.path === 'run.sh')).toMatchObject({ status: 'modified', previousMode: '100644', mode: '100755' });
  });

  it('compares a folder with paths relative to the prefix', async () => {
    const fixture = await gitdir({ 'README.md': 'root', 'docs/a.md': 'a', 'docs/b.md': 'b' });
    const before = fixture.head;
    const after = await fixture.commit({ 'README.md': 'changed root', 'docs/a.md': 'changed', 'docs/c.md': 'new' });
    expect(nameStatus(await changedPaths(fixture.repo, before, after, { prefix: 'docs' }))).toEqual(['M\ta.md', 'A\tc.md']);
    expect(nameStatus(await changedPaths(fixture.repo, before, after, { prefix: 'elsewhere' }))).toEqual([]);
  });
});

describe('changedPaths cost', () => {
  it('reads only the trees on the way to a change, not the unchanged subtrees', async () => {
    const files: Record<string, string> = {};
    for (let section = 0; section < 20; section += 1) {
      for (let page = 0; page < 5; page += 1) files[`section-${section}/sub/page-${page}.md`] = `${section}/${page}`;
    }
    const fixture = await gitdir(files);
    const before = fixture.head;
    const after = await fixture.commit({ 'section-7/sub/page-3.md': 'changed' });
    const reads: string[] = [];
    const counting = {
      promises: {
        ...fs.promises,
        readFile: (path: string, ...rest: unknown[]) => {
          if (typeof path === 'string' && path.includes('/objects/')) reads.push(path);
          return (fs.promises.readFile as (...args: unknown[]) => Promise<unknown>)(path, ...rest);
        },
      },
    };
    const repo = await openRepository({ fs: counting, dir: fixture.dir });
    expect(nameStatus(await changedPaths(repo, before, after))).toEqual(['M\tsection-7/sub/page-3.md']);
    // Two commits, then root, section-7 and section-7/sub on each side: 8 objects out of the 43 trees per commit.
    expect(reads).toHaveLength(8);
  });
});
