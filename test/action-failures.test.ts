// The Action against APIs that cannot be used, run as GitHub runs it: `node <bundle>` with INPUT_* and GITHUB_*.
// The bundle is built from the sources under test (scripts/build-action.ts) into a temporary folder, so this tests
// what the next `npm run build:action` commits. Each failure is an `::error` annotation naming the api-url input
// and what to check, the `result` output holds the error, and the step fails (exit 1, docs/exit-codes.md).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActionBundle } from '../scripts/build-action.ts';
import type { LocalServer } from '../src/client/fixtures/local-server.ts';
import { gitdir, type FixtureRepository } from '../src/git/gitdir-fixture.ts';
import { answeringServer, testAttempts, unusableApis, type UnusableApi } from './support/unusable-apis.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-action-failures-'));
const bundle = join(work, 'index.mjs');
let unavailable: LocalServer;
let apis: UnusableApi[];
let repo: FixtureRepository;

beforeAll(async () => {
  writeFileSync(bundle, await buildActionBundle());
  unavailable = await answeringServer(503, 'down for maintenance');
  apis = await unusableApis(unavailable);
  repo = await gitdir({ 'README.md': '# Docs\n\nHello.\n' }, { checkout: true });
}, 120_000);

afterAll(async () => {
  await unavailable?.close();
  await repo?.remove();
  rmSync(work, { recursive: true, force: true });
});

interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  result: string;
}

function runAction(apiUrl: string): Promise<ActionRun> {
  const folder = mkdtempSync(join(work, 'run-'));
  const output = join(folder, 'output');
  const event = join(folder, 'event.json');
  writeFileSync(output, '');
  writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', after: repo.head }));
  const env = {
    PATH: process.env.PATH ?? '',
    QUIRE_API_ATTEMPTS: testAttempts,
    'INPUT_API-URL': apiUrl,
    INPUT_TOKEN: 'qt_test',
    INPUT_SPACE: 's1',
    INPUT_DIRECTORY: '.',
    'INPUT_DRY-RUN': 'false',
    GITHUB_WORKSPACE: repo.dir,
    GITHUB_OUTPUT: output,
    GITHUB_SHA: repo.head,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: event,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [bundle], { env }, (error, stdout, stderr) => {
      const result = /^result<<(\S+)\n([\s\S]*?)\n\1\n/m.exec(readFileSync(output, 'utf8'))?.[2] ?? '';
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr, result });
    });
  });
}

describe('the Action with an API that cannot be used', () => {
  it('fails the step with an ::error annotation naming the api-url input and what to check', async () => {
    for (const api of apis) {
      const run = await runAction(api.url);
      const annotation = run.stdout.split('\n').find((line) => line.startsWith('::error '));
      expect(annotation, `${api.name}: ${run.stdout}${run.stderr}`).toBeDefined();
      expect(annotation!.startsWith('::error title=Quire sync failed::API_')).toBe(true);
      expect(annotation, api.name).toMatch(api.said('the api-url input'));
      expect(run.code, api.name).toBe(1);
      expect(JSON.parse(run.result), api.name).toMatchObject({ error: { code: expect.stringMatching(/^API_(UNREACHABLE|REQUEST_FAILED)$/) } });
    }
  }, 240_000);

  it('says the server speaks http, not https', async () => {
    const https = unavailable.origin.replace('http:', 'https:');
    const run = await runAction(https);
    expect(run.stdout).toContain(`::error title=Quire sync failed::API_UNREACHABLE: cannot reach the API at ${https} (the api-url input): the server speaks http, not https (`);
    expect(run.code).toBe(1);
  }, 60_000);
});
