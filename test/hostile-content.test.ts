// Issue 12, "Hostile content" → Nesting: each class of deeply nested input, sent to the service. Markdown is what
// people wrote: it is stored as sent (2xx) and read back, flattened past the documented depth, as a JSON document
// (converted in a worker thread, within a time budget: a 422 naming the page and the budget past it). JSON nested
// past the limit is a 400 naming the field and the limit. Meanwhile the service answers other requests. How long
// each class takes and the longest event-loop stall are benchmark figures (bench/hostile/run.ts, BENCHMARKS.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxJsonDepth, maxPageDepth, maxYamlDepth } from '../src/model/nesting-limits.ts';
import { documentText } from '../src/render/index.ts';
import { startTestApp, type Answer, type TestApp } from '../src/server/test-app.fixture.ts';
import { costlyMarkdown, deepJson, deepSchema, hostileMarkdown } from './fixtures/hostile/hostile-inputs.ts';
import { alongside } from './support/alongside.ts';

interface Ids {
  space: string;
  changeRequest: string;
}

async function openChangeRequest(t: TestApp): Promise<Ids> {
  const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Hostile' } })).body.id as string;
  const changeRequest = (await t.call('POST', `/v1/spaces/${space}/change-requests`, { body: { subject: 'Hostile pages' } })).body.id as string;
  return { space, changeRequest };
}

const contentOf = (ids: Ids) => `/v1/spaces/${ids.space}/change-requests/${ids.changeRequest}/content`;

/** Sends `hostile`, then at once a GET /v1/user (the probe), and answers both with which settled first. */
const withProbe = (t: TestApp, hostile: () => Promise<Answer>) => alongside(hostile, () => t.call('GET', '/v1/user'));

describe('hostile Markdown through the service', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    // A generous budget: what this suite checks is flattening and a free event loop, on a machine busy with other
    // suites; the budget has its own suite below.
    t = await startTestApp({ documentConversion: { budgetMs: 120_000 } });
    ids = await openChangeRequest(t);
  });
  afterAll(() => t?.close());

  for (const page of hostileMarkdown()) {
    it(`${page.name}: stored as sent, read back as a flattened document, other requests answered meanwhile`, { timeout: 120_000 }, async () => {
      const written = await withProbe(t, () => t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'insert_page', title: page.name, document: { markdown: page.markdown } }] } }));
      expect(written.hostile.status).toBe(200);
      expect(written.probe.status).toBe(200);
      const pageId = written.hostile.body.changes[0].page.id as string;

      const markdown = await t.call('GET', `${contentOf(ids)}/page/${pageId}?format=markdown`);
      expect(markdown.status).toBe(200);
      expect(markdown.body.markdown).toBe(page.markdown);

      const read = await withProbe(t, () => t.call('GET', `${contentOf(ids)}/page/${pageId}?format=document`));
      expect(read.hostile.status).toBe(200);
      expect(documentText(read.hostile.body.document)).toContain(page.word);
      expect(read.probe.status).toBe(200);
      // The conversion runs in a worker thread (the page is past the inline size), so the GET does not wait for it.
      expect(read.first).toBe('probe');
    });
  }
});

describe('a conversion past its time budget', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    // 1 s: `*a` × 20,000 (n² in micromark) takes over ten seconds here, and a short page well under it on a cold
    // worker of a busy machine.
    t = await startTestApp({ documentConversion: { budgetMs: 1_000 } });
    ids = await openChangeRequest(t);
  });
  afterAll(() => t?.close());

  it('answers 422 naming the page and the budget, keeps the Markdown, and the service answers meanwhile and after', { timeout: 120_000 }, async () => {
    const costly = costlyMarkdown(20_000);
    const written = await t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'insert_page', title: 'Costly', document: { markdown: costly.markdown } }] } });
    const pageId = written.body.changes[0].page.id as string;

    const read = await withProbe(t, () => t.call('GET', `${contentOf(ids)}/page/${pageId}?format=document`));
    expect(read.hostile.status).toBe(422);
    expect(read.hostile.body.error.message).toContain(`page ${pageId}`);
    expect(read.hostile.body.error.message).toContain('1000 ms');
    expect(read.probe.status).toBe(200);
    expect(read.first).toBe('probe');

    // The worker was ended and a new one converts the next page; the Markdown is still there as written.
    expect((await t.call('GET', `${contentOf(ids)}/page/${pageId}?format=markdown`)).body.markdown).toBe(costly.markdown);
    const plain = await t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'insert_page', title: 'Plain', document: { markdown: `${'Plain words. '.repeat(200)}\n` } }] } });
    const next = await t.call('GET', `${contentOf(ids)}/page/${plain.body.changes[0].page.id}?format=document`);
    expect(next.status).toBe(200);
    expect(documentText(next.body.document)).toContain('Plain words.');
  });
});

describe('hostile JSON through the service', () => {
  let t: TestApp;
  let ids: Ids;
  let site: string;
  beforeAll(async () => {
    t = await startTestApp();
    ids = await openChangeRequest(t);
    site = (await t.call('POST', `/v1/orgs/${t.organizationId}/sites`, { body: { title: 'Hostile site' } })).body.id;
  });
  afterAll(() => t?.close());

  const cases = [
    { what: 'an adaptive schema 5,000 levels deep', method: 'PUT', path: () => `/v1/orgs/${t.organizationId}/sites/${site}/adaptive-schema`, body: () => `{"jsonSchema":${deepSchema(2500)}}`, field: 'body/jsonSchema/properties/a/properties/a/…' },
    { what: 'a customization value 5,000 levels deep', method: 'PUT', path: () => `/v1/orgs/${t.organizationId}/sites/${site}/customization`, body: () => `{"styling":${deepJson(5000)}}`, field: 'body/styling/a/a/a/a/…' },
    { what: 'a page cover 5,000 levels deep', method: 'POST', path: () => contentOf(ids), body: () => `{"changes":[{"operation":"insert_page","title":"Cover","cover":${deepJson(5000)}}]}`, field: 'body/changes/0/cover/a/a/…' },
    { what: 'a page document 5,000 levels deep', method: 'POST', path: () => contentOf(ids), body: () => `{"changes":[{"operation":"insert_page","title":"Document","document":${deepJson(5000, { arrays: true })}}]}`, field: 'body/changes/0/document/0/0/…' },
  ];

  it.each(cases)('refuses $what with a 400 naming $field and the limit, answering other requests meanwhile', async ({ method, path, body, field }) => {
    const sent = await withProbe(t, () => t.call(method, path(), { body: body() }));
    expect(sent.hostile.status).toBe(400);
    expect(sent.hostile.body.error.message).toBe(`${field} nests deeper than ${maxJsonDepth} levels of objects and arrays, the most a JSON body may nest`);
    expect(sent.probe.status).toBe(200);
  });

  it('refuses Markdown whose frontmatter cover is YAML 5,000 levels deep with a 400 naming the field and the limit', async () => {
    const markdown = `---\ncover: ${deepJson(5000, { arrays: true })}\n---\n# Deep\n`;
    const sent = await withProbe(t, () => t.call('POST', contentOf(ids), { body: { changes: [{ operation: 'insert_page', title: 'Deep', document: { markdown } }] } }));
    expect(sent.hostile.status).toBe(400);
    expect(sent.hostile.body.error.message).toContain(`changes[0].document.markdown: the frontmatter is not valid YAML on line 2: the YAML nests deeper than ${maxYamlDepth} levels`);
    expect(sent.probe.status).toBe(200);
  });

  it('takes JSON nested up to the limit: an adaptive schema 60 levels deep', async () => {
    const answer = await t.call('PUT', `/v1/orgs/${t.organizationId}/sites/${site}/adaptive-schema`, { body: `{"jsonSchema":${deepSchema(29)}}` });
    expect(answer.body).toMatchObject({ jsonSchema: { type: 'object' } });
    expect(answer.status).toBe(200);
  });
});

describe('a page tree nested past the limit through the service', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    t = await startTestApp();
    ids = await openChangeRequest(t);
  });
  afterAll(() => t?.close());

  it(`takes pages down to level ${maxPageDepth} and refuses one below it, or a move that would go deeper, naming the limit`, { timeout: 120_000 }, async () => {
    let parent: string | null = null;
    const chain: string[] = [];
    for (let level = 1; level <= maxPageDepth; level++) {
      const answer = await t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'insert_page', title: `Level ${level}`, into: parent, document: { markdown: 'Text.\n' } }] } });
      expect(answer.status).toBe(200);
      parent = answer.body.changes[0].page.id as string;
      chain.push(parent);
    }
    const deeper = await t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'insert_page', title: 'Too deep', into: parent, document: { markdown: 'Text.\n' } }] } });
    expect(deeper.status).toBe(400);
    expect(deeper.body.error.message).toContain(`into: page ${parent} is at level ${maxPageDepth}: a subpage under it would nest deeper than ${maxPageDepth} levels`);

    // Level 2 spans 31 levels with its subpages: moved under a page at level 2, it would reach level 33.
    const root = (await t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'insert_page', title: 'Other root', document: { markdown: 'Text.\n' } }] } })).body.changes[0].page.id as string;
    const under = (await t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'insert_page', title: 'Under it', into: root, document: { markdown: 'Text.\n' } }] } })).body.changes[0].page.id as string;
    const moved = await t.call('POST', `${contentOf(ids)}?compat=false`, { body: { changes: [{ operation: 'update_page', page: chain[1], into: under }] } });
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toContain(`a page with ${maxPageDepth - 2} levels of subpages under it would nest deeper than ${maxPageDepth} levels`);
  });
});
