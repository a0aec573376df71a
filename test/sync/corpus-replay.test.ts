// The replay test: the corpus repository (real Git Sync history) synced one commit at a time into a fresh space;
// after each commit, the space written out with the format is the repository's tree at that commit, byte for byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { listCommits, openRepository, readTree, resolveRef } from '../../src/git/index.ts';
import { cloneCorpus } from '../../src/git/git-cli-fixture.ts';
import { defaultMessagePrefix, runSync } from '../../src/sync/index.ts';
import { spaceFiles, useSyncWorld } from './sync-harness.ts';
import { corpusSkipReason, corpusTitle } from '../support/corpus.ts';

const world = useSyncWorld();

describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('the corpus history'), () => {
  let corpus: ReturnType<typeof cloneCorpus> | undefined;
  beforeAll(() => {
    corpus = cloneCorpus();
  });
  afterAll(() => corpus?.remove());

  it('replays the corpus history commit by commit; the space equals the tree after each', { timeout: 300_000 }, async () => {
    const repo = await openRepository({ fs, dir: corpus!.dir });
    const commits = await listCommits(repo, { until: await resolveRef(repo, 'master') });
    const spaceId = await world().newSpace('Corpus');
    // Groups, link pages and computed pages need `quire_insert_page` (extension `page-kinds`).
    expect((await world().client.getQuireServerInfo())?.extensions).toContain('page-kinds');
    let replayed = 0;
    for (const commit of commits) {
      const tree = await readTree(repo, commit.oid);
      const { result } = await runSync(
        { client: world().client, repo, spaceId, options: { direction: 'git-to-space', prefix: '', ref: commit.oid, messagePrefix: defaultMessagePrefix } },
        { dryRun: false },
      );
      expect(result.ok, `${commit.oid.slice(0, 7)} ${commit.subject}: ${JSON.stringify(result.items.filter((item) => item.outcome === 'failed'))}`).toBe(true);
      const expected = Object.fromEntries([...tree.files].map(([path, bytes]) => [path, Buffer.from(bytes).toString('base64')]));
      const actual = Object.fromEntries(Object.entries(await spaceFiles(world(), spaceId)).map(([path, text]) => [path, text.startsWith('base64:') ? text.slice(7) : Buffer.from(text).toString('base64')]));
      expect.soft(decodeAll(actual), `after ${commit.oid.slice(0, 7)} ${commit.subject}`).toEqual(decodeAll(expected));
      replayed += 1;
    }
    expect(commits.length).toBeGreaterThan(10);
    expect(replayed).toBe(commits.length);
  });
});

function decodeAll(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, base64]) => [path, Buffer.from(base64, 'base64').toString('utf8')]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
}

it('an empty page file is written back empty', async () => {
  const { gitdir } = await import('../../src/git/gitdir-fixture.ts');
  const repo = await gitdir({ 'README.md': '' });
  const spaceId = await world().newSpace('Empty');
  await runSync({ client: world().client, repo: repo.repo, spaceId, options: { direction: 'both', prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix } }, { dryRun: false });
  expect((await spaceFiles(world(), spaceId))['README.md']).toBe('');
});
