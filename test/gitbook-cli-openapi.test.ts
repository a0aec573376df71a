// The official integration tool's other use against our server: `gitbook openapi publish` (@gitbook/cli 0.25.1,
// unchanged) sends a specification from a file (`source.text`) or a URL (`source.url`) with
// createOrUpdateOpenAPISpecBySlug. The specification is then processed by the service, its version's content
// readable through the official client, and publishing the same text again makes no new version. The server may
// fetch from 127.0.0.1 here (as QUIRE_IMPORT_ALLOW_HOSTS lets an operator of `quire serve` say), for the URL's test server.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importTargetPolicyFrom } from '../src/import/import-target-rule.ts';
import { defaultImportSettings } from '../src/service/index.ts';
import { describeConformance, type ConformanceServer } from './conformance/harness.ts';

const run = promisify(execFile);
const cli = resolve('node_modules/@gitbook/cli/cli.js');
const petstorePath = resolve('test/fixtures/openapi/petstore.yaml');
const petstore = readFileSync(petstorePath, 'utf8');

describeConformance('gitbook openapi publish', (server) => {
  let home: string;
  let specServer: Server;
  let specUrl: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'quire-gitbook-openapi-'));
    specServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/yaml' }).end(petstore));
    await new Promise<void>((listening) => specServer.listen(0, '127.0.0.1', listening));
    const address = specServer.address() as { port: number };
    specUrl = `http://127.0.0.1:${address.port}/petstore.yaml`;
  });
  afterAll(async () => {
    await new Promise((closed) => specServer.close(closed));
    await rm(home, { recursive: true, force: true });
  });

  async function gitbook(s: ConformanceServer, args: string[]): Promise<string> {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: home, GITBOOK_ENDPOINT: s.baseUrl, GITBOOK_TOKEN: s.admin.token, NO_COLOR: '1' },
      timeout: 60_000,
    });
    return stdout + stderr;
  }

  /** The specification once the service has processed it. */
  async function processed(s: ConformanceServer, slug: string) {
    for (let attempt = 0; attempt < 400; attempt++) {
      const { data } = await s.client().orgs.getOpenApiSpecBySlug(s.admin.organization.id, slug);
      if (data.processingState === 'complete') return data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${slug} was not processed`);
  }

  it('publishes a specification from a file; the service processes it; the same text again makes no new version', async () => {
    const s = server();
    const organization = s.admin.organization.id;
    const output = await gitbook(s, ['openapi', 'publish', petstorePath, '--spec', 'petstore', '--organization', organization]);
    expect(output).not.toMatch(/error/i);

    const spec = await processed(s, 'petstore');
    expect(spec).toMatchObject({ object: 'openapi-spec', slug: 'petstore', processingState: 'complete' });
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const { data: content } = await s.client().orgs.getLatestOpenApiSpecVersionContent(organization, 'petstore');
    expect(JSON.stringify(content.filesystem)).toContain('Place an order');

    await gitbook(s, ['openapi', 'publish', petstorePath, '--spec', 'petstore', '--organization', organization]);
    await processed(s, 'petstore');
    expect((await s.client().orgs.listOpenApiSpecVersions(organization, 'petstore')).data.items).toHaveLength(1);
  });

  it('publishes a specification from a URL, which the service fetches', async () => {
    const s = server();
    const organization = s.admin.organization.id;
    await gitbook(s, ['openapi', 'publish', specUrl, '--spec', 'petstore-url', '--organization', organization]);
    const spec = await processed(s, 'petstore-url');
    expect(spec.sourceURL).toBe(specUrl);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const { data: version } = await s.client().orgs.getLatestOpenApiSpecVersion(organization, 'petstore-url');
    expect(version.url).toBe(specUrl);
  });
}, { imports: { ...defaultImportSettings, policy: importTargetPolicyFrom('127.0.0.1') } });
