// Text that no later stage could store or serve is refused at the API, naming the field: unpaired surrogates and
// control characters in titles, file names, markdown and keys, and a contentType that is not a legal header
// value. Valid Unicode (emoji, CJK, tabs and line breaks in markdown) is accepted, and its file downloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.fixture.ts';
import { unsafeText } from './text-fields.ts';

let t: TestApp;
let space: string;
let changeRequest: string;

beforeAll(async () => {
  t = await startTestApp();
  space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Target' } })).body.id;
  changeRequest = (await t.call('POST', `/v1/spaces/${space}/change-requests`, { body: { subject: 'Target' } })).body.id;
});
afterAll(() => t?.close());

const content = () => `/v1/spaces/${space}/change-requests/${changeRequest}/content?compat=false`;
const page = (fields: Record<string, unknown>) => ({ changes: [{ operation: 'insert_page', title: 'Page', document: { markdown: 'Text.\n' }, ...fields }] });
const file = (fields: Record<string, unknown>) => ({ changes: [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'YQ==', ...fields }] }] });

const refused: { what: string; method: string; path: () => string; body: unknown; field: string }[] = [
  { what: 'a space title with an unpaired surrogate', method: 'POST', path: () => `/v1/orgs/${t.organizationId}/spaces`, body: { title: 'a\uD800b' }, field: 'body/title' },
  { what: 'a space title with NUL', method: 'POST', path: () => `/v1/orgs/${t.organizationId}/spaces`, body: { title: 'a\u0000b' }, field: 'body/title' },
  { what: 'a collection title with a lone low surrogate', method: 'POST', path: () => `/v1/orgs/${t.organizationId}/collections`, body: { title: '\uDC00' }, field: 'body/title' },
  { what: 'a change request subject with a line feed', method: 'POST', path: () => `/v1/spaces/${space}/change-requests`, body: { subject: 'one\ntwo' }, field: 'body/subject' },
  { what: 'a page title with an unpaired surrogate', method: 'POST', path: content, body: page({ title: '\uD800' }), field: 'body/changes/0/title' },
  { what: 'markdown with NUL', method: 'POST', path: content, body: page({ document: { markdown: 'Text\u0000.\n' } }), field: 'body/changes/0/document/markdown' },
  { what: 'markdown with an unpaired surrogate', method: 'POST', path: content, body: page({ document: { markdown: 'Text \uD83D.\n' } }), field: 'body/changes/0/document/markdown' },
  { what: 'markdown with a C1 control', method: 'POST', path: content, body: page({ document: { markdown: 'Text\u0085.\n' } }), field: 'body/changes/0/document/markdown' },
  { what: 'a file name with an unpaired surrogate', method: 'POST', path: content, body: file({ name: '\uD800.txt' }), field: 'body/changes/0/files/0/name' },
  { what: 'a file name with NUL', method: 'POST', path: content, body: file({ name: 'a\u0000.txt' }), field: 'body/changes/0/files/0/name' },
  { what: 'a contentType that splits a header', method: 'POST', path: content, body: file({ contentType: 'text/html\r\nX: y' }), field: 'body/changes/0/files/0/contentType' },
  { what: 'a contentType with NUL in a parameter', method: 'POST', path: content, body: file({ contentType: 'text/plain; charset=a\u0000' }), field: 'body/changes/0/files/0/contentType' },
  { what: 'a contentType with a space in the type', method: 'POST', path: content, body: file({ contentType: 'text/ html' }), field: 'body/changes/0/files/0/contentType' },
  { what: 'a contentType with non-ASCII', method: 'POST', path: content, body: file({ contentType: 'text/plain; charset=é' }), field: 'body/changes/0/files/0/contentType' },
];

describe('text fields at the API', () => {
  it.each(refused)('refuses $what with a 400 naming $field', async ({ method, path, body, field }) => {
    const answer = await t.call(method, path(), { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(new RegExp(`^${field}\\b`));
  });

  it('refuses a key with a control character, naming it', async () => {
    const answer = await t.call('POST', content(), { body: { changes: [{ operation: 'insert_page', title: 'Page', ['ti\u0001tle']: 'x' }] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('body/changes/0/ti\\u0001tle has a field name that contains the control character U+0001');
  });

  it('accepts emoji, CJK, tabs and line breaks where text has them, and serves the file it stored', async () => {
    const title = 'Guide 🚀 文档 한국어 Ünïcode';
    expect((await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title } })).body.title).toBe(title);
    const written = await t.call('POST', content(), {
      body: {
        changes: [
          { operation: 'insert_page', title, emoji: '1f680', document: { markdown: 'Line 🧪\twith a tab\r\nand 中文.\n' } },
          { operation: 'insert_files', files: [{ name: '报告 📄.txt', contentType: 'text/plain; charset="utf-8"', base64: 'YQ==' }] },
        ],
      },
    });
    expect(written.status).toBe(200);
    const files = await t.call('GET', `/v1/spaces/${space}/change-requests/${changeRequest}/content/files`);
    const stored = files.body.items.find((item: { name: string }) => item.name === '报告 📄.txt');
    expect(stored.contentType).toBe('text/plain; charset="utf-8"');
  });
});

describe('unsafeText', () => {
  it('passes surrogate pairs and refuses either half alone, with its position', () => {
    expect(unsafeText({ title: '🚀' }, 'body')).toBeUndefined();
    expect(unsafeText({ title: 'ab\uDE80' }, 'body')).toEqual({ field: 'body/title', problem: 'contains an unpaired surrogate (U+DE80 at character 3): it is not Unicode text' });
    expect(unsafeText(['ok', { markdown: 'x\uD83D' }], 'body')?.field).toBe('body/1/markdown');
  });

  it('allows tab and line breaks in multi-line text only', () => {
    expect(unsafeText({ markdown: 'a\tb\r\nc' }, 'body')).toBeUndefined();
    expect(unsafeText({ title: 'a\tb' }, 'body')?.problem).toBe('contains the control character U+0009 at character 2: it is one line of text');
  });

  it('checks media types as header values', () => {
    for (const good of ['image/png', 'text/plain; charset=utf-8', 'text/plain;charset="utf-8"', 'application/vnd.api+json']) expect(unsafeText({ contentType: good }, 'body'), good).toBeUndefined();
    for (const bad of ['text', 'text/html\r\nX: y', 'text/plain; charset', 'a/b; c="d', '/png']) expect(unsafeText({ contentType: bad }, 'body')?.field, bad).toBe('body/contentType');
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(unsafeText(deep, 'body')?.problem).toContain('U+0000');
  });
});
