// The Action's bundle run as GitHub runs it: `node action/dist/index.js` with INPUT_*, GITHUB_WORKSPACE,
// GITHUB_OUTPUT, GITHUB_SHA, GITHUB_REF and GITHUB_EVENT_PATH, against the real server and a checkout whose
// `origin` is a bare repository on disk.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runGit } from '../../src/git/git-cli-fixture.ts';
import { editInSpace, gitdir, spaceFiles, useSyncWorld } from './sync-harness.ts';

const world = useSyncWorld();
const bundle = fileURLToPath(new URL('../../action/dist/index.js', import.meta.url));

interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

function runBundle(env: Record<string, string>): Promise<ActionRun> {
  const folder = mkdtempSync(join(tmpdir(), 'quire-action-'));
  const outputFile = join(folder, 'output');
  writeFileSync(outputFile, '');
  return new Promise((resolve) => {
    execFile(process.execPath, [bundle], { env: { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: outputFile, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      const text = readFileSync(outputFile, 'utf8');
      const outputs: Record<string, string> = {};
      for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2\n/gm)) outputs[match[1]!] = match[3]!;
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr, outputs });
    });
  });
}

/** A checkout like actions/checkout leaves: a work tree on `main`, whose `origin` is a bare repository. */
async function checkout() {
  const repo = await gitdir(
    {
      'docs/README.md': '# Handbook\n\nHello.\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Handbook](README.md)\n* [Setup](setup.md)\n',
      'docs/setup.md': '# Setup\n\nInstall it.\n',
      'package.json': '{}\n',
    },
    { checkout: true, message: 'Docs' },
  );
  const remote = mkdtempSync(join(tmpdir(), 'quire-remote-'));
  runGit(remote, ['init', '--quiet', '--bare', '--initial-branch=main']);
  runGit(repo.dir, ['remote', 'add', 'origin', remote]);
  runGit(repo.dir, ['push', '--quiet', 'origin', 'main']);
  return { repo, remote };
}

function githubEnv(spaceId: string, workspace: string, sha: string, extra: Record<string, string> = {}): Record<string, string> {
  const event = join(mkdtempSync(join(tmpdir(), 'quire-event-')), 'event.json');
  writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', after: sha }));
  return {
    'INPUT_API-URL': world().server.baseUrl,
    INPUT_TOKEN: world().server.admin.token,
    INPUT_SPACE: spaceId,
    INPUT_DIRECTORY: 'docs',
    INPUT_DIRECTION: 'both',
    'INPUT_DRY-RUN': 'false',
    'INPUT_GITHUB-TOKEN': 'ghs_test',
    GITHUB_WORKSPACE: workspace,
    GITHUB_SHA: sha,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: event,
    ...extra,
  };
}

describe('the Action bundle, run as GitHub runs it', () => {
  it('imports on push, sets its outputs; exports an edit made in the space and pushes the commit', async () => {
    const { repo, remote } = await checkout();
    const spaceId = await world().newSpace();
    const first = await runBundle(githubEnv(spaceId, repo.dir, repo.head));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.outputs['change-request']).toMatch(/^\d+$/);
    expect(first.outputs['commit']).toBe(repo.head);
    expect(first.outputs['revision']).toBe((await world().client.getSpace(spaceId)).revision);
    const result = JSON.parse(first.outputs['result']!) as { mode: string; byOutcome: Record<string, unknown[]> };
    expect(result.mode).toBe('import');
    expect(result.byOutcome['created']!.length).toBeGreaterThanOrEqual(2);

    await editInSpace(world(), spaceId, 'Explain setup', (pages) => [{ operation: 'update_page', page: pages('setup.md'), document: { markdown: '# Setup\n\nInstall it, then run it.\n' } }]);
    const second = await runBundle(githubEnv(spaceId, repo.dir, repo.head));
    expect(second.code, second.stdout + second.stderr).toBe(0);
    const pushed = runGit(remote, ['rev-parse', 'refs/heads/main']).trim();
    expect(pushed).toBe(second.outputs['commit']);
    expect(runGit(remote, ['log', '-1', '--format=%s', 'main']).trim()).toMatch(/^QUIRE-\d+: Explain setup$/);
    expect(runGit(remote, ['show', 'main:docs/setup.md'])).toBe('# Setup\n\nInstall it, then run it.\n');
    expect(runGit(remote, ['diff', '--name-only', 'main~1', 'main']).trim()).toBe('docs/setup.md');
  });

  it('fails with an annotation that explains a conflict, and still sets its outputs', async () => {
    const { repo } = await checkout();
    const spaceId = await world().newSpace();
    expect((await runBundle(githubEnv(spaceId, repo.dir, repo.head))).code).toBe(0);
    await editInSpace(world(), spaceId, 'Space setup', (pages) => [{ operation: 'update_page', page: pages('setup.md'), document: { markdown: '# Setup\n\nThe space way.\n' } }]);
    await repo.commit({ 'docs/setup.md': '# Setup\n\nThe Git way.\n' }, 'Git setup');
    const run = await runBundle(githubEnv(spaceId, repo.dir, repo.head));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error title=Quire sync%3A conflict::Conflicts: both Git and the space changed the same lines of:%0A  setup.md/m);
    expect(run.outputs['change-request']).toMatch(/^\d+$/);
    expect(JSON.parse(run.outputs['result']!)).toMatchObject({ mode: 'conflict', ok: false });
  });

  it('on a pull request, opens a preview change request and leaves the space alone', async () => {
    const { repo } = await checkout();
    const spaceId = await world().newSpace();
    expect((await runBundle(githubEnv(spaceId, repo.dir, repo.head))).code).toBe(0);
    const live = (await world().client.getSpace(spaceId)).revision;
    await repo.commit({ 'docs/setup.md': '# Setup\n\nProposed.\n' }, 'Propose a setup');
    const event = join(mkdtempSync(join(tmpdir(), 'quire-event-')), 'event.json');
    writeFileSync(event, JSON.stringify({ number: 3, pull_request: { number: 3, head: { ref: 'docs/setup', sha: repo.head } } }));
    const run = await runBundle(githubEnv(spaceId, repo.dir, repo.head, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REF: 'refs/pull/3/merge' }));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const changeRequest = await world().client.getChangeRequest(spaceId, run.outputs['change-request']!);
    expect(changeRequest).toMatchObject({ status: 'open', subject: '[git:docs/setup] #3 Propose a setup' });
    expect((await world().client.getSpace(spaceId)).revision).toBe(live);
    expect((await spaceFiles(world(), spaceId))['setup.md']).toBe('# Setup\n\nInstall it.\n');
  });

  it('refuses bad inputs before doing anything, with outputs set', async () => {
    const { repo } = await checkout();
    const run = await runBundle(githubEnv('space', repo.dir, repo.head, { INPUT_DIRECTION: 'sideways' }));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error title=Quire sync failed::INVALID_ARGUMENT: input direction must be one of both, git-to-space, space-to-git');
    expect(JSON.parse(run.outputs['result']!)).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
  });
});
