// A server that takes smaller request bodies than sync's batches (a proxy in front of it, a lower bodyLimit):
// a batch refused with 413 is sent again in halves, every page lands, and no draft change request is left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/client/index.ts';
import { gitdir } from '../../src/git/gitdir-fixture.ts';
import { buildApp, listen, type QuireApp } from '../../src/server/index.ts';
import { bootstrap, type BootstrapResult } from '../../src/service/index.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { defaultMessagePrefix, runSync } from '../../src/sync/index.ts';

const bodyLimit = 100_000;
let directory: string;
let store: Store;
let app: QuireApp;
let admin: BootstrapResult;
let client: ApiClient;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'quire-batch-size-'));
  store = await openStore({ kind: 'sqlite', directory });
  admin = await bootstrap(store);
  app = await buildApp({ store, bodyLimit });
  const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
  client = createApiClient({ baseUrl, token: admin.token, retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  // Whatever beforeAll did not get to is unset.
  await client?.close();
  await app?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('a batch larger than the server takes (413)', () => {
  it('is sent again in halves: every page lands, the change request is merged, none is left open or draft', async () => {
    const pages: Record<string, string> = {};
    for (let index = 0; index < 40; index += 1) pages[`page-${index}.md`] = `# Page ${index}\n\n${`Some "quoted" text of page ${index}.\n`.repeat(250)}`;
    const summary = `# Summary\n\n* [Home](README.md)\n${Object.keys(pages).map((path, index) => `* [Page ${index}](${path})\n`).join('')}`;
    const repo = await gitdir({ 'README.md': '# Home\n', 'SUMMARY.md': summary, ...pages });
    const spaceId = (await client.createSpace(admin.organization.id, { title: 'Pages' })).id;

    const run = await runSync(
      { client, repo: repo.repo, spaceId, options: { direction: 'both', prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix }, checkout: false },
      { dryRun: false },
    );
    const { result } = run;
    expect(result.ok, JSON.stringify(result.items.filter((item) => item.outcome === 'failed'))).toBe(true);
    // The 40 pages (about 10 KB each) were planned as one batch, which the server refused for its size.
    expect(result.requests.byRoute['POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content']).toBeGreaterThanOrEqual(5);

    const revision = await client.getRevision({ spaceId, revisionId: (await client.getSpace(spaceId)).revision });
    expect(revision.pages.map((page) => page.title)).toEqual(['Home', ...Object.keys(pages).map((_, index) => `Page ${index}`)]);
    const left: string[] = [];
    for (const status of ['open', 'draft'] as const) for await (const changeRequest of client.listChangeRequests(spaceId, { status })) left.push(`${status} #${changeRequest.number}`);
    expect(left).toEqual([]);
  }, 60_000);
});
