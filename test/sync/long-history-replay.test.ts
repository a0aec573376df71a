// A long history replayed as a user's CI replays it: a repository of hundreds of commits in the hosted exporter's
// style (test/support/long-history.ts), pushed a few commits at a time to a checkout where `quire sync` runs as a
// child process after each push, against `quire serve` in another. At checkpoints the space, written out as a
// directory, equals the pushed commit byte for byte, and every page's recorded Git blob id is the id of the bytes
// the space writes back. At the end the space is pulled into a fresh repository, which equals the last commit.
import { GitBookAPI } from '@gitbook/api';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../../src/git/git-cli-fixture.ts';
import { writeLongHistory, type LongHistory } from '../support/long-history.ts';
import { runQuire, startServe, type Served } from '../support/serve-process.ts';

/** Hundreds by default; `QUIRE_LONG_HISTORY_COMMITS=60` for a quick local run (then not every kind of commit happens). */
const commits = Number(process.env.QUIRE_LONG_HISTORY_COMMITS ?? 240);

/** The files of a commit (path → bytes), read with Git itself. */
function commitFiles(dir: string, commit: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const line of runGit(dir, ['ls-tree', '-r', '-z', commit]).split('\0').filter(Boolean)) {
    const [meta, path] = line.split('\t') as [string, string];
    const oid = meta.split(' ')[2]!;
    files.set(path, execFileSync('git', ['cat-file', 'blob', oid], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }));
  }
  return files;
}

const blobId = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

interface RevisionPageWithGit {
  title: string;
  type: string;
  git?: { oid: string; path: string };
  pages?: RevisionPageWithGit[];
}

describe('a long history replayed push by push with `quire sync`', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-long-history-'));
  const origin = join(scratch, 'origin');
  const checkout = join(scratch, 'checkout');
  let history: LongHistory;
  let served: Served;
  let api: GitBookAPI;
  let spaceId = '';
  const failures: string[] = [];

  /** The space's current revision as the directory it writes, and its pages. */
  const spaceNow = async () => {
    const { data: space } = await api.spaces.getSpaceById(spaceId);
    const response = await fetch(`${served.baseUrl}/v1/spaces/${spaceId}/revisions/${space.revision}/directory`, { headers: { authorization: `Bearer ${served.token}` } });
    const directory = (await response.json()) as { files: Record<string, string> };
    const files = new Map(Object.entries(directory.files).map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    const pages = (revision.pages as unknown as RevisionPageWithGit[]).flatMap(function all(page): RevisionPageWithGit[] {
      return [page, ...(page.pages ?? []).flatMap(all)];
    });
    return { files, pages };
  };

  /** Compares the space with a commit; returns what differs, one line each (empty: equal). */
  const differences = async (commit: string) => {
    const expected = commitFiles(origin, commit);
    const { files, pages } = await spaceNow();
    const lines: string[] = [];
    for (const [path, bytes] of expected) {
      const actual = files.get(path);
      if (actual === undefined) lines.push(`${path}: missing in the space`);
      else if (!actual.equals(bytes)) lines.push(`${path}: bytes differ`);
    }
    for (const path of files.keys()) if (!expected.has(path)) lines.push(`${path}: only in the space`);
    for (const page of pages) {
      if (page.git === undefined) continue;
      const bytes = files.get(page.git.path);
      if (bytes !== undefined && blobId(bytes) !== page.git.oid) lines.push(`${page.git.path}: page "${page.title}" records blob ${page.git.oid}, its bytes are ${blobId(bytes)}`);
    }
    return lines;
  };

  beforeAll(async () => {
    history = writeLongHistory(origin, { commits });
    runGit(scratch, ['clone', '--quiet', '--branch', 'main', origin, checkout]);
    served = await startServe(['--data', join(scratch, 'service')]);
    api = new GitBookAPI({ endpoint: served.baseUrl, authToken: served.token });
    const { data: organizations } = await api.orgs.listOrganizationsForAuthenticatedUser();
    ({
      data: { id: spaceId },
    } = await api.orgs.createSpace(organizations.items[0]!.id, { title: 'Ledgerline' }));
  }, 180_000);

  afterAll(async () => {
    served?.child.kill();
    if (served) await served.exited;
    rmSync(scratch, { recursive: true, force: true });
  });

  it('writes hundreds of commits with moves, folds, large assets and a force-push', () => {
    expect(history.commits).toBe(commits);
    expect(history.pushes.filter((push) => push.forced)).toHaveLength(1);
    expect([...history.largeAssets.values()].every((size) => size >= 2 * 1024 * 1024 && size <= 5 * 1024 * 1024 + 1024)).toBe(true);
    const log = runGit(origin, ['log', '--format=%s', 'main']);
    if (commits >= 200) for (const kind of ['Rename ', 'Move ', 'Split ', 'Fold ', 'Delete ', 'Restore ', 'Add .gitbook/assets/']) expect(log, kind).toContain(kind);
  });

  it('syncs every push, and at each checkpoint the space equals the commit byte for byte', async () => {
    const checkpoints = new Set(history.pushes.map((_, index) => index).filter((index) => index % 8 === 0 || history.pushes[index]!.forced || index === history.pushes.length - 1));
    for (const [index, push] of history.pushes.entries()) {
      // What a CI checkout does on a push: fetch, and move to the pushed head (forced or not).
      runGit(checkout, ['fetch', '--quiet', '--force', origin, `${push.head}:refs/remotes/origin/pushed`]);
      runGit(checkout, ['reset', '--quiet', '--hard', push.head]);
      const run = await runQuire(['sync', '--dir', checkout, '--api', served.baseUrl, '--token', served.token, '--space', spaceId, '--json']);
      const where = `push ${index + 1}/${history.pushes.length}${push.forced ? ' (forced)' : ''} at ${push.head.slice(0, 7)}`;
      if (run.code !== 0) failures.push(`${where}: exit ${run.code}: ${run.stderr.trim() || run.stdout.slice(0, 500)}`);
      else {
        const result = JSON.parse(run.stdout) as { byOutcome?: { failed?: { path?: string; message?: string }[] } };
        for (const failed of result.byOutcome?.failed ?? []) failures.push(`${where}: ${failed.path}: ${failed.message}`);
      }
      if (checkpoints.has(index)) for (const line of await differences(push.head)) failures.push(`${where}: ${line}`);
      expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
    }
  }, 900_000);

  it('pulls the space into a fresh repository that equals the last commit', async () => {
    const fresh = join(scratch, 'fresh');
    mkdirSync(fresh);
    runGit(fresh, ['init', '--quiet', '--initial-branch=main']);
    runGit(fresh, ['commit', '--quiet', '--allow-empty', '--message', 'Start']);
    const run = await runQuire(['sync', '--dir', fresh, '--api', served.baseUrl, '--token', served.token, '--space', spaceId, '--direction', 'space-to-git']);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const last = history.pushes.at(-1)!.head;
    const expected = commitFiles(origin, last);
    const pulled = commitFiles(fresh, 'HEAD');
    expect([...pulled.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [path, bytes] of expected) expect(pulled.get(path)?.equals(bytes), path).toBe(true);
  }, 120_000);
});
