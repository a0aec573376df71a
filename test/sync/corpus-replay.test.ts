// The replay test: the corpus repository (real Git Sync history) synced one commit at a time into a fresh space;
// after each commit, the space written out with the format is the repository's tree at that commit, byte for byte.
import { afterAll, expect, it } from 'vitest';
import fs from 'node:fs';
import { listCommits, openRepository, readTree, resolveRef } from '../../src/git/index.ts';
import { cloneCorpus } from '../../src/git/git-cli-fixture.ts';
import { defaultMessagePrefix, runSync } from '../../src/sync/index.ts';
import { spaceFiles, useSyncWorld } from './sync-harness.ts';

const world = useSyncWorld();

/**
 * Differences that are the server's, reported to the service: an empty page file is written back as
 * `# <title>` because the service does not keep an empty head (src/content/settle-batch.ts drops `head === ''`),
 * although docs/api-extensions.md says a whole-file document's head is kept as written. The last test below
 * fails once that is fixed: then empty this list.
 */
const knownServerGaps: ReadonlyArray<{ commit: string; path: string }> = [{ commit: '4a425b5', path: 'README.md' }];
const corpus = cloneCorpus();
afterAll(() => corpus.remove());

it('replays the corpus history commit by commit; the space equals the tree after each', { timeout: 300_000 }, async (context) => {
  const repo = await openRepository({ fs, dir: corpus.dir });
  const commits = await listCommits(repo, { until: await resolveRef(repo, 'master') });
  const spaceId = await world().newSpace('Corpus');
  const extensions = (await world().client.getQuireServerInfo())?.extensions ?? [];
  let replayed = 0;
  for (const commit of commits) {
    const tree = await readTree(repo, commit.oid);
    const summary = new TextDecoder().decode(tree.files.get('SUMMARY.md') ?? new Uint8Array());
    if (/^## /m.test(summary) && !extensions.includes('page-kinds')) {
      // Groups need `quire_insert_page` (proposed extension `page-kinds`); the server does not offer it yet.
      await context.annotate(`replayed ${replayed} of ${commits.length} commits; ${commit.oid.slice(0, 7)} adds a group, which needs the page-kinds extension`);
      break;
    }
    const { result } = await runSync(
      { client: world().client, repo, spaceId, options: { direction: 'git-to-space', prefix: '', ref: commit.oid, messagePrefix: defaultMessagePrefix } },
      { dryRun: false },
    );
    expect(result.ok, `${commit.oid.slice(0, 7)} ${commit.subject}: ${JSON.stringify(result.items.filter((item) => item.outcome === 'failed'))}`).toBe(true);
    const expected = Object.fromEntries([...tree.files].map(([path, bytes]) => [path, Buffer.from(bytes).toString('base64')]));
    const actual = Object.fromEntries(Object.entries(await spaceFiles(world(), spaceId)).map(([path, text]) => [path, text.startsWith('base64:') ? text.slice(7) : Buffer.from(text).toString('base64')]));
    for (const gap of knownServerGaps) {
      if (commit.oid.startsWith(gap.commit)) {
        delete actual[gap.path];
        delete expected[gap.path];
      }
    }
    expect.soft(decodeAll(actual), `after ${commit.oid.slice(0, 7)} ${commit.subject}`).toEqual(decodeAll(expected));
    replayed += 1;
  }
  expect(replayed).toBeGreaterThan(10);
});

function decodeAll(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, base64]) => [path, Buffer.from(base64, 'base64').toString('utf8')]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
}

it.fails('an empty page file is written back empty (known service gap, see knownServerGaps)', async () => {
  const { gitdir } = await import('../../src/git/gitdir-fixture.ts');
  const repo = await gitdir({ 'README.md': '' });
  const spaceId = await world().newSpace('Empty');
  await runSync({ client: world().client, repo: repo.repo, spaceId, options: { direction: 'both', prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix } }, { dryRun: false });
  expect((await spaceFiles(world(), spaceId))['README.md']).toBe('');
});
