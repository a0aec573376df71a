// Integration blocks the way users make them: the hello-block fixture integration (bundled with esbuild, as
// `gitbook publish` bundles it) published through the official client and installed on the organization with a
// greeting, a page with `{% @hello-block/hello name="Ada" %}` in a published site, then `quire export --site` run
// as a child process against the server on its socket: the page holds what the script rendered. An integration
// published but not installed shows the fallback with its reason.
import type { GitBookAPI } from '@gitbook/api';
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, listen, type QuireApp } from '../src/server/index.ts';
import { bootstrap, type BootstrapResult } from '../src/service/index.ts';
import { IntegrationRuntime } from '../src/service/integrations/integration-runtime.ts';
import type { Store } from '../src/store/index.ts';
import { openThrowawayStore } from './conformance/harness.ts';
import { publishOneSpaceSite } from './support/published-site.ts';

const run = promisify(execFile);
const quireBin = join(import.meta.dirname, '..', 'bin', 'quire.js');
const fixture = resolve(import.meta.dirname, 'fixtures', 'integrations', 'hello-block');
const work = mkdtempSync(join(tmpdir(), 'quire-export-integrations-'));

let store: Store;
let dispose: () => Promise<void>;
let runtime: IntegrationRuntime;
let app: QuireApp;
let baseUrl: string;
let admin: BootstrapResult;
let siteId: string;

async function bundledScript(): Promise<string> {
  const result = await build({ entryPoints: [join(fixture, 'src/index.ts')], bundle: true, format: 'esm', write: false, minify: true, platform: 'neutral' });
  return result.outputFiles[0]!.text;
}

beforeAll(async () => {
  ({ store, dispose } = await openThrowawayStore('sqlite'));
  admin = await bootstrap(store);
  runtime = new IntegrationRuntime();
  app = await buildApp({ store, integrations: { runtime } });
  baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
  const { GitBookAPI: Client } = await import('@gitbook/api');
  const api: GitBookAPI = new Client({ endpoint: baseUrl, authToken: admin.token });
  const script = await bundledScript();
  for (const name of ['hello-block', 'hello-absent']) {
    await api.integrations.publishIntegration(name, {
      organization: admin.organization.id,
      title: 'Hello block',
      description: 'Says hello',
      scopes: ['space:content:read'],
      blocks: [{ id: 'hello', title: 'Hello' }],
      configurations: { account: { properties: { greeting: { type: 'string' } } } },
      script,
    } as Parameters<GitBookAPI['integrations']['publishIntegration']>[1]);
  }
  const installation = (await api.integrations.installIntegration('hello-block', { organization: admin.organization.id })).data;
  await api.integrations.updateIntegrationInstallation('hello-block', installation.id, { configuration: { greeting: 'Bonjour' } });
  const server = { client: () => api, admin } as unknown as Parameters<typeof publishOneSpaceSite>[0];
  siteId = await publishOneSpaceSite(server, [
    { operation: 'insert_page', ref: 'home', title: 'Welcome', document: { markdown: '# Welcome\n\n{% @hello-block/hello name="Ada" %}\n' } },
    { operation: 'insert_page', ref: 'absent', title: 'Absent', slug: 'absent', document: { markdown: '# Absent\n\n{% @hello-absent/hello name="Grace" %}\n' } },
  ]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await store?.close();
  await dispose?.();
  rmSync(work, { recursive: true, force: true });
});

describe('quire export of integration blocks', () => {
  it("renders an installed integration's block by its script, and the fallback for one not installed", async () => {
    const out = join(work, 'site');
    const { stdout, stderr } = await run(process.execPath, [quireBin, 'export', '--site', siteId, '--out', out, '--api', baseUrl, '--token', admin.token], {
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 120_000,
    });
    expect(stderr).not.toMatch(/quire: /);
    expect(stdout).toContain('Exported 2 pages');

    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).toContain('<div class="integration-block integration-rendered" data-integration="hello-block" data-block="hello">');
    expect(home).toContain('<p class="contentkit-card-title"><strong>Bonjour, Ada!</strong></p>');
    expect(home).toContain('Rendered by hello-block');
    expect(home).not.toContain('Not rendered in this export');

    const absent = readFileSync(join(out, 'absent', 'index.html'), 'utf8');
    expect(absent).not.toContain('integration-rendered');
    expect(absent).not.toContain('Grace!');
    expect(absent).toContain('This block is drawn by the hello-absent integration on the hosted site.');
    expect(absent).toContain('Not rendered in this export: the hello-absent integration is not installed on the organization (or is not published).');
  }, 180_000);
});
