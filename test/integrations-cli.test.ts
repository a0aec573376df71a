// The official integration tool against our server: `gitbook publish` (from @gitbook/cli 0.25.1, unchanged) builds
// test/fixtures/integrations/hello-block with esbuild and publishes it with publishIntegration; the integration
// then shows through the official client with its fields and its stored script, and a second publish is version 2.
// The CLI authenticates from GITBOOK_TOKEN (else a `conf` file under HOME, written by `gitbook auth`), and takes
// the API origin from GITBOOK_ENDPOINT; HOME and TMPDIR are temporary folders so nothing of the machine is used.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authenticate, getIntegrationScript } from '../src/service/index.ts';
import { describeConformance, type ConformanceServer } from './conformance/harness.ts';

const run = promisify(execFile);
const cli = resolve('node_modules/@gitbook/cli/cli.js');
const fixture = resolve('test/fixtures/integrations/hello-block');

describeConformance('integrations CLI', (server) => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'quire-gitbook-cli-'));
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  // The seam the runtime will read: the script of a version, by integration name.
  async function scriptOf(s: ConformanceServer, version?: number) {
    const actor = await authenticate(s.store, `Bearer ${s.admin.token}`);
    return getIntegrationScript({ store: s.store, clock: () => new Date(), baseUrl: s.baseUrl }, actor, 'hello-block', version);
  }

  async function gitbook(s: ConformanceServer, args: string[]): Promise<string> {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      cwd: fixture,
      env: { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: home, GITBOOK_ENDPOINT: s.baseUrl, GITBOOK_TOKEN: s.admin.token, NO_COLOR: '1' },
      timeout: 60_000,
    });
    return stdout + stderr;
  }

  it('publishes the fixture with `gitbook publish`; the integration, its fields and its script are there; again is version 2', async () => {
    const s = server();
    const organization = s.admin.organization.id;
    const output = await gitbook(s, ['publish', '.', '--organization', organization]);
    expect(output).toContain('Integration "hello-block" published');

    const { data: integration } = await s.client().integrations.getIntegrationByName('hello-block');
    expect(integration).toMatchObject({
      object: 'integration',
      name: 'hello-block',
      version: 1,
      title: 'Hello block',
      visibility: 'public',
      target: 'all',
      scopes: ['space:content:read'],
      categories: ['content'],
      blocks: [{ id: 'hello', title: 'Hello', urlUnfurl: ['https://hello.example.com/*'] }],
      configurations: { account: { properties: { greeting: { type: 'string' } }, required: ['greeting'] } },
      contentSecurityPolicy: { 'script-src': "'self'" },
      owner: { id: organization },
      permissions: { admin: true },
    });
    const stored = await scriptOf(s);
    // The esbuild bundle of src/index.ts: the handler's code, minified, without TypeScript.
    expect(stored.version).toBe(1);
    expect(stored.script).toContain('installation_setup');
    expect(stored.script).toContain('Rendered by hello-block');
    expect(stored.script).not.toContain('interface IntegrationEvent');

    await gitbook(s, ['publish', '.', '--organization', organization]);
    expect((await s.client().integrations.getIntegrationByName('hello-block')).data.version).toBe(2);
    expect((await scriptOf(s, 1)).script).toBe(stored.script);
  }, 120_000);
});
