// `quire sync` as the command line runs it (in-process, with a captured terminal): the embedded default on a
// fresh data folder, --json, --dry-run, --api with QUIRE_TOKEN from the environment, and exit codes.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.ts';
import type { Terminal } from '../../src/cli/terminal.ts';
import { editInSpace, gitdir, useSyncWorld } from './sync-harness.ts';

const world = useSyncWorld();

function capture(): Terminal & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { out: (text) => void (out += text), err: (text) => void (err += text), interactive: false, stdout: () => out, stderr: () => err };
}

const docs = { 'README.md': '# Docs\n\nHello.\n', 'SUMMARY.md': '* [Docs](README.md)\n* [Setup](setup.md)\n', 'setup.md': '# Setup\n\nRun it.\n' };

describe('quire sync', () => {
  it('works on a fresh machine: the embedded service in --data, a space created and remembered', async () => {
    const repo = await gitdir(docs, { checkout: true });
    const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
    // A dry run of the first sync shows the plan of importing the folder into an empty space, and creates none.
    const dry = capture();
    expect(await runCli(['sync', '--dir', repo.dir, '--data', data, '--dry-run'], dry)).toBe(0);
    expect(dry.stdout()).toContain('Plan: Git → space');
    expect(dry.stdout()).toContain('create page setup.md "Setup"');
    expect(existsSync(join(data, 'sync-spaces.json'))).toBe(false);
    const dryJson = capture();
    expect(await runCli(['sync', '--dir', repo.dir, '--data', data, '--dry-run', '--json'], dryJson)).toBe(0);
    expect(JSON.parse(dryJson.stdout())).toMatchObject({ space: null, mode: 'import', dryRun: true });

    const first = capture();
    expect(await runCli(['sync', '--dir', repo.dir, '--data', data, '--json'], first)).toBe(0);
    const json = JSON.parse(first.stdout()) as { space: string; mode: string; byOutcome: Record<string, Array<{ path?: string }>> };
    expect(json.mode).toBe('import');
    expect(json.byOutcome['created']!.map((item) => item.path)).toEqual(expect.arrayContaining(['README.md', 'setup.md']));
    expect(Object.keys(json.byOutcome)).toEqual(['created', 'updated', 'moved', 'deleted', 'skipped', 'failed']);

    const again = capture();
    expect(await runCli(['sync', '--dir', repo.dir, '--data', data], again)).toBe(0);
    expect(again.stdout()).toMatch(/^Sync done: in-sync, \d+ HTTP request\(s\)/);

    await repo.commit({ 'setup.md': '# Setup\n\nRun it twice.\n' }, 'Twice');
    const plan = capture();
    expect(await runCli(['sync', '--dir', repo.dir, '--data', data, '--dry-run'], plan)).toBe(0);
    expect(plan.stdout()).toContain('Plan: Git → space');
    expect(plan.stdout()).toContain('update page setup.md "Setup"');
  });

  it('talks to --api with the token from QUIRE_TOKEN, and exits 1 on a conflict with how to resolve it', async () => {
    const repo = await gitdir(docs, { checkout: true });
    const spaceId = await world().newSpace();
    const env = { QUIRE_TOKEN: world().server.admin.token };
    const args = ['sync', '--dir', repo.dir, '--api', world().server.baseUrl, '--space', spaceId];
    const previous = process.env['QUIRE_TOKEN'];
    process.env['QUIRE_TOKEN'] = env.QUIRE_TOKEN;
    try {
      expect(await runCli(args, capture())).toBe(0);
      await editInSpace(world(), spaceId, 'Space setup', (pages) => [{ operation: 'update_page', page: pages('setup.md'), document: { markdown: '# Setup\n\nThe space way.\n' } }]);
      await repo.commit({ 'setup.md': '# Setup\n\nThe Git way.\n' }, 'Git setup');
      const conflict = capture();
      expect(await runCli(args, conflict)).toBe(1);
      expect(conflict.stdout()).toContain('Conflicts: both Git and the space changed the same lines of:\n  setup.md ("Setup"): changed on both sides');
      expect(conflict.stdout()).toContain('--prefer git or --prefer space');
      const usage = capture();
      expect(await runCli(['sync', '--dir', repo.dir, '--api', world().server.baseUrl], usage)).toBe(2);
      expect(usage.stderr()).toContain('--space is required with --api');
    } finally {
      if (previous === undefined) delete process.env['QUIRE_TOKEN'];
      else process.env['QUIRE_TOKEN'] = previous;
    }
  });
});
