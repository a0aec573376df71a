// Issue 12, "Proof, kept in the suite" 3, second half: `quire sync` (the CLI in a child process, against the real
// server on a socket) SIGKILLed at moments drawn from a fixed seed, during a first import and during an update,
// then run again to its end: the space holds exactly the repository (every page once, with its body), one more
// run has nothing to do, and each import is one merged change request with no draft left behind.
import type { RevisionPage } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../../bench/format/generate-repository.ts';
import { defaultMessagePrefix, runSync } from '../../src/sync/index.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { runQuire } from '../support/serve-process.ts';
import { gitdir, repoFiles, spaceFiles, useSyncWorld, useWorldTokenInEnvironment, type SyncWorld } from '../sync/sync-harness.ts';
import { drawLandingSyncKillPoint, drawSyncKillPoint, syncKilledAt, type SyncKillPoint } from './sync-kill-points.ts';

// Batches of the published 50, so that a 120-page import is sent in several and a kill can land between them.
const world = useSyncWorld({ maxGitBatchChanges: 50 });

// The child inherits the token: `quire sync --api` reads it from QUIRE_TOKEN.
useWorldTokenInEnvironment(world);

const syncArgs = (dir: string, spaceId: string) => ['sync', '--dir', dir, '--api', world().server.baseUrl, '--space', spaceId];

/** Runs `quire sync` and SIGKILLs it at `point`; whether the kill came before the run ended by itself (and well). */
async function syncKilled(dir: string, spaceId: string, point: SyncKillPoint): Promise<'killed' | 'finished first'> {
  const outcome = await syncKilledAt(syncArgs(dir, spaceId), point);
  if (outcome.killed) return 'killed';
  expect(outcome.code, `a run not killed ends well:\n${outcome.output}`).toBe(0);
  return 'finished first';
}

const documentPages = (pages: readonly RevisionPage[]): RevisionPage[] =>
  pages.flatMap((page) => [...(page.type === 'document' ? [page] : []), ...('pages' in page ? documentPages(page.pages as RevisionPage[]) : [])]);

const subjectsOf = async (w: SyncWorld, spaceId: string, status: 'draft' | 'open' | 'merged'): Promise<string[]> => {
  const subjects: string[] = [];
  for await (const changeRequest of w.client.listChangeRequests(spaceId, { status })) subjects.push(changeRequest.subject);
  return subjects;
};

/**
 * After the kills: a full run succeeds, the space is the repository, each page once, and a last run is a no-op;
 * each import so far is one merged change request, and no draft or open one is left behind (a killed run's draft
 * is resumed, not doubled).
 */
async function expectResumed(w: SyncWorld, repo: Awaited<ReturnType<typeof gitdir>>, spaceId: string, imports: number): Promise<void> {
  const complete = await runQuire(syncArgs(repo.dir, spaceId));
  expect(complete.code, complete.stdout + complete.stderr).toBe(0);
  const expected = await repoFiles(repo);
  expect(await spaceFiles(w, spaceId)).toEqual(expected);
  const paths = documentPages(await w.client.listPages({ spaceId })).map((page) => (page.type === 'document' ? page.git?.path : undefined));
  expect(paths.length).toBe(new Set(paths).size);
  const noop = await runQuire(syncArgs(repo.dir, spaceId));
  expect(noop.code, noop.stdout + noop.stderr).toBe(0);
  expect(noop.stdout).toMatch(/^Sync done: in-sync, /);
  expect([...(await subjectsOf(w, spaceId, 'draft')), ...(await subjectsOf(w, spaceId, 'open'))]).toEqual([]);
  expect(await subjectsOf(w, spaceId, 'merged')).toHaveLength(imports);
}

const kills = 2;
const seeds = [31, 32, 33];

describe('quire sync killed mid-run resumes', () => {
  it.each(seeds)('seed %i: a first import and an update, each given two kills (the first lands mid-run), then completed', { timeout: 600_000 }, async (seed) => {
    const random = seededRandom(seed);
    const files = generateRepository(120, seed);
    const repo = await gitdir(Object.fromEntries(files), { checkout: true });
    const spaceId = await world().newSpace();
    const outcomes: string[] = [];

    for (let kill = 0; kill < kills; kill++) {
      const point = kill === 0 ? drawLandingSyncKillPoint(random) : drawSyncKillPoint(random);
      outcomes.push(`import ${JSON.stringify(point)}: ${await syncKilled(repo.dir, spaceId, point)}`);
    }
    await expectResumed(world(), repo, spaceId, 1);

    // An update: bodies of two thirds of the pages edited in one commit (two batches, so a kill can land between them:
    // once the last batch is sent, a merge answers in milliseconds).
    const decoder = new TextDecoder();
    const pages = [...files.keys()].filter((path) => path.endsWith('.md') && path !== 'SUMMARY.md' && !path.startsWith('.gitbook/'));
    const edited = pages.filter(() => random.next() < 2 / 3);
    await repo.commit(Object.fromEntries(edited.map((path) => [path, `${decoder.decode(files.get(path))}\nEdited after the import (seed ${seed}).\n`])), 'Edit two thirds of the pages');
    for (let kill = 0; kill < kills; kill++) {
      const point = kill === 0 ? drawLandingSyncKillPoint(random) : drawSyncKillPoint(random);
      outcomes.push(`update ${JSON.stringify(point)}: ${await syncKilled(repo.dir, spaceId, point)}`);
    }
    await expectResumed(world(), repo, spaceId, 2);
    // The first kill of each phase lands mid-run (a point reached before the run's end); the second may come after
    // a quick run's end, or find nothing left to do.
    expect(outcomes.filter((outcome, index) => index % kills === 0 && outcome.endsWith(': killed')), outcomes.join('\n')).toHaveLength(2);
  });

  // The narrowest window, hit on purpose rather than by chance: the change request is merged, and the process dies
  // before it records which commit the merge holds (the revision's git and the sync point).
  it('a run that dies right after its merge, before recording it, is picked up by the next run', { timeout: 120_000 }, async () => {
    const repo = await gitdir(Object.fromEntries(generateRepository(30, 7)), { checkout: true });
    const spaceId = await world().newSpace();
    const dies = await syncDyingAfterMerge(world(), repo, spaceId);
    expect(dies.merged).toBe(true);
    await expectResumed(world(), repo, spaceId, 1);

    await repo.commit({ 'SUMMARY.md': null, 'extra.md': '# Extra\n\nOne more page.\n' }, 'Drop the table of contents, add a page');
    expect((await syncDyingAfterMerge(world(), repo, spaceId)).merged).toBe(true);
    await expectResumed(world(), repo, spaceId, 2);
  });
});

/** Runs sync in this process with a client that dies at the first record of a synced commit (after the merge). */
async function syncDyingAfterMerge(w: SyncWorld, repo: Awaited<ReturnType<typeof gitdir>>, spaceId: string): Promise<{ merged: boolean }> {
  let merged = false;
  const client = new Proxy(w.client, {
    get(target, property) {
      if (property === 'setRevisionGit' || property === 'setSyncPoint') return () => Promise.reject(new Error('the process died here'));
      const value: unknown = Reflect.get(target, property);
      if (property === 'mergeChangeRequest') return async (...args: [string, string]) => ((merged = true), await target.mergeChangeRequest(...args));
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const options = { direction: 'both' as const, prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix };
  await expect(runSync({ client, repo: repo.repo, spaceId, options, checkout: false }, { dryRun: false })).rejects.toThrow('the process died here');
  return { merged };
}
