// Large files through `quire sync` as users run it: `quire serve` and `quire sync` in child processes. Assets of
// 2 to 5 MB (random bytes made here, never committed) are uploaded as streams and come back byte for byte; a
// file over a lowered `--max-file-size` is refused with its path and the limit on every run; many medium files
// are cut into batches by size.
import { GitBookAPI } from '@gitbook/api';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitBlobOid } from '../../src/format/git-oid.ts';
import { gitdir } from '../../src/git/gitdir-fixture.ts';
import { runQuire, startServe, type Served } from '../support/serve-process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-large-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const random = (megabytes: number) => new Uint8Array(randomBytes(Math.round(megabytes * 1024 * 1024)));

async function newSpace(served: Served, title: string): Promise<{ api: GitBookAPI; spaceId: string }> {
  const api = new GitBookAPI({ endpoint: served.baseUrl, authToken: served.token });
  const { data: organizations } = await api.orgs.listOrganizationsForAuthenticatedUser();
  const { data: space } = await api.orgs.createSpace(organizations.items[0]!.id, { title });
  return { api, spaceId: space.id };
}

function syncArgs(served: Served, dir: string, spaceId: string, ...more: string[]): string[] {
  return ['sync', '--dir', dir, '--api', served.baseUrl, '--token', served.token, '--space', spaceId, ...more];
}

async function download(served: Served, url: string): Promise<Buffer> {
  const response = await fetch(new URL(url, served.baseUrl), { headers: { authorization: `Bearer ${served.token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('large files (default limit: 100 MB)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe(['--data', join(scratch, 'default')]);
  }, 30_000);
  afterAll(async () => {
    if (!served) return; // beforeAll failed
    served.child.kill('SIGTERM');
    await served.exited;
  });

  it('syncs assets of 2 to 5 MB: the space holds them with their size and Git blob id, and gives them back byte for byte', async () => {
    const assets: Record<string, Uint8Array> = {
      '.gitbook/assets/demo.gif': random(2),
      '.gitbook/assets/screenshot.png': random(3.5),
      '.gitbook/assets/walkthrough.gif': random(5),
      '.gitbook/assets/icon.png': random(0.01),
    };
    const readme = `# Media\n\n${Object.keys(assets).map((path) => `![${path}](${path})`).join('\n\n')}\n`;
    const repo = await gitdir({ 'README.md': readme, ...assets }, { checkout: true });
    const { api, spaceId } = await newSpace(served, 'Media');

    const run = await runQuire(syncArgs(served, repo.dir, spaceId, '--json'));
    expect(run.stderr).not.toContain('failed');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { byOutcome: Record<string, Array<{ path?: string }>> };
    expect(result.byOutcome['created']!.map((item) => item.path)).toEqual(expect.arrayContaining(Object.keys(assets)));
    expect(result.byOutcome['failed']).toEqual([]);

    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    for (const [path, bytes] of Object.entries(assets)) {
      const file = revision.files.find((candidate) => candidate.git?.path === path)!;
      expect(file, path).toBeDefined();
      expect(file.size).toBe(bytes.byteLength);
      expect(file.git!.oid).toBe(gitBlobOid(bytes));
      const back = await download(served, file.downloadURL);
      expect(sha256(back), path).toBe(sha256(bytes));
    }

    // Pulled back as sync reads it (the revision as a directory): every byte as Git has it.
    const directory = await fetch(new URL(`/v1/spaces/${spaceId}/revisions/${revision.id}/directory`, served.baseUrl), { headers: { authorization: `Bearer ${served.token}` } });
    const files = ((await directory.json()) as { files: Record<string, string> }).files;
    for (const [path, bytes] of Object.entries(assets)) expect(sha256(Buffer.from(files[path]!, 'base64')), path).toBe(sha256(bytes));
    expect(Buffer.from(files['README.md']!, 'base64').toString()).toBe(readme);

    // A replaced asset goes the same way, and the next run has nothing to do.
    const replaced = random(4);
    await repo.commit({ '.gitbook/assets/demo.gif': replaced }, 'New demo');
    expect((await runQuire(syncArgs(served, repo.dir, spaceId))).code).toBe(0);
    const { data: after } = await api.spaces.getCurrentRevision(spaceId);
    const demo = after.files.find((candidate) => candidate.git?.path === '.gitbook/assets/demo.gif')!;
    expect(demo.git!.oid).toBe(gitBlobOid(replaced));
    expect(sha256(await download(served, demo.downloadURL))).toBe(sha256(replaced));
    const again = await runQuire(syncArgs(served, repo.dir, spaceId));
    expect(again.stdout).toMatch(/in-sync/);
  }, 120_000);

  it('cuts many medium files into batches by size, and every file lands', async () => {
    const assets: Record<string, Uint8Array> = {};
    for (let index = 0; index < 60; index += 1) assets[`.gitbook/assets/photo-${index}.png`] = random(0.2);
    const readme = `# Photos\n\n${Object.keys(assets).map((path) => `![](${path})`).join('\n')}\n`;
    const repo = await gitdir({ 'README.md': readme, ...assets }, { checkout: true });
    const { api, spaceId } = await newSpace(served, 'Photos');

    const run = await runQuire(syncArgs(served, repo.dir, spaceId));
    expect(run.code, run.stderr).toBe(0);
    // 60 files of 200 KB are 16 MB of base64: more than one body of 4 MiB can carry.
    const batchLines = run.stderr.split('\n').filter((line) => / changes sent, /.test(line));
    expect(batchLines.length).toBeGreaterThanOrEqual(4);
    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    expect(revision.files).toHaveLength(60);
    for (const file of revision.files) expect(file.git!.oid).toBe(gitBlobOid(assets[file.git!.path]!));
  }, 120_000);
});

describe('a file over the server limit (--max-file-size 1mb)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe(['--data', join(scratch, 'small'), '--max-file-size', '1mb']);
  }, 30_000);
  afterAll(async () => {
    if (!served) return; // beforeAll failed
    served.child.kill('SIGTERM');
    await served.exited;
  });

  it('is refused with its path and the limit, on this run and on every later one, while the rest syncs, and comes in once the limit is raised', async () => {
    const big = random(2);
    const unshown = random(1.5);
    const repo = await gitdir(
      {
        'README.md': '# Home\n\n![](.gitbook/assets/huge.gif)\n![](.gitbook/assets/small.png)\n',
        '.gitbook/assets/huge.gif': big,
        '.gitbook/assets/small.png': random(0.5),
        'downloads/archive.zip': unshown, // no page shows it: kept beside the content, held to the same limit
      },
      { checkout: true },
    );
    const { api, spaceId } = await newSpace(served, 'Limited');
    expect(served.stdout()).toContain('files         up to 1000000 bytes (1 MB; --max-file-size)');

    const refusal = `failed file .gitbook/assets/huge.gif (${big.byteLength} bytes: the server takes files of at most 1000000 bytes (quire serve --max-file-size))`;
    const first = await runQuire(syncArgs(served, repo.dir, spaceId));
    expect(first.code).toBe(1);
    expect(first.stdout.split(refusal)).toHaveLength(2); // named once
    expect(first.stdout).toContain(`failed file downloads/archive.zip (${unshown.byteLength} bytes: the server takes files of at most 1000000 bytes`);
    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    expect(revision.files.map((file) => file.git?.path)).toEqual(['.gitbook/assets/small.png']);

    // Nothing changed in Git: the file is still named, with the limit.
    const second = await runQuire(syncArgs(served, repo.dir, spaceId));
    expect(second.code).toBe(1);
    expect(second.stdout).toContain(`failed file .gitbook/assets/huge.gif (still not in the space: ${big.byteLength} bytes: the server takes files of at most 1000000 bytes`);
    expect(second.stdout).toContain('failed file downloads/archive.zip (still not in the space');

    await repo.commit({ 'guide.md': '# Guide\n' }, 'Another page');
    const third = await runQuire(syncArgs(served, repo.dir, spaceId, '--json'));
    expect(third.code).toBe(1);
    const result = JSON.parse(third.stdout) as { byOutcome: Record<string, Array<{ path?: string; detail?: string }>> };
    expect(result.byOutcome['failed']).toEqual([
      expect.objectContaining({ path: '.gitbook/assets/huge.gif', detail: expect.stringContaining('at most 1000000 bytes') }),
      expect.objectContaining({ path: 'downloads/archive.zip', detail: expect.stringContaining('at most 1000000 bytes') }),
    ]);
    expect(result.byOutcome['created']!.map((item) => item.path)).toContain('guide.md');
    expect(readFileSync(join(repo.dir, '.gitbook/assets/huge.gif')).byteLength).toBe(big.byteLength);

    // The limit is raised: the next sync, from a fresh clone (nothing remembered on disk), brings both files in,
    // once each, although Git did not change them.
    served.child.kill('SIGTERM');
    await served.exited;
    served = await startServe(['--data', join(scratch, 'small'), '--max-file-size', '5mb']);
    const clone = join(scratch, 'clone');
    execFileSync('git', ['clone', '-q', repo.dir, clone]);
    const raised = await runQuire(syncArgs(served, clone, spaceId, '--json'));
    expect(raised.code, raised.stdout + raised.stderr).toBe(0);
    const brought = JSON.parse(raised.stdout) as { byOutcome: Record<string, Array<{ path?: string; kind?: string }>> };
    expect(brought.byOutcome['failed']).toEqual([]);
    expect(brought.byOutcome['created']!.filter((item) => item.kind === 'file').map((item) => item.path)).toEqual(['.gitbook/assets/huge.gif']);
    expect(brought.byOutcome['updated']!.map((item) => item.path)).toContain('downloads/archive.zip');
    const api2 = new GitBookAPI({ endpoint: served.baseUrl, authToken: served.token });
    const { data: now } = await api2.spaces.getCurrentRevision(spaceId);
    expect(now.files.map((file) => file.git?.path).sort()).toEqual(['.gitbook/assets/huge.gif', '.gitbook/assets/small.png']);
    const huge = now.files.find((file) => file.git?.path === '.gitbook/assets/huge.gif')!;
    expect(huge.git!.oid).toBe(gitBlobOid(big));
    expect(sha256(await download(served, huge.downloadURL))).toBe(sha256(big));
    const directory = await fetch(new URL(`/v1/spaces/${spaceId}/revisions/${now.id}/directory`, served.baseUrl), { headers: { authorization: `Bearer ${served.token}` } });
    const files = ((await directory.json()) as { files: Record<string, string> }).files;
    expect(sha256(Buffer.from(files['downloads/archive.zip']!, 'base64'))).toBe(sha256(unshown));
    // The sync point now lacks nothing: the next run has nothing to do and names nothing.
    const settled = await runQuire(syncArgs(served, clone, spaceId));
    expect(settled.code, settled.stdout).toBe(0);
    expect(settled.stdout).toMatch(/in-sync/);
    expect(settled.stdout).not.toContain('failed');
  }, 180_000);
});
