// Paths git would refuse, sent where the API takes a path (docs/api-extensions.md, `git-metadata`): each is a 400
// naming the field and the rule, before anything is stored, and the server goes on answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

let t: TestApp;
let content: string;
let spaceId: string;

beforeAll(async () => {
  t = await startTestApp();
  const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Target' } })).body;
  spaceId = space.id;
  const changeRequest = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Hostile paths' } })).body;
  content = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`;
});
afterAll(() => t?.close()); // t is unset when beforeAll failed

const oid = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
const deep = `${'a/'.repeat(2000)}page.md`;
const page = (path: string) => ({ operation: 'insert_page', title: 'P', document: { markdown: 'x' }, git: { oid, path } });
const file = (name: string, path?: string) => ({ operation: 'insert_files', files: [{ name, contentType: 'text/plain', base64: 'YQ==', ...(path === undefined ? {} : { git: { oid, path } }) }] });
const directory = (source: Record<string, unknown>) => ({ operation: 'quire_set_directory', source });

describe('a path git would refuse is a 400 naming the field and the rule', () => {
  it.each([
    ['git.path, .git by case', page('docs/.GIT/hooks/post-checkout'), /^changes\[0\]\.git\.path: ".GIT" is \.git on some file system/],
    ['git.path, an NTFS stream', page('.git::$INDEX_ALLOCATION/hooks/x.md'), /^changes\[0\]\.git\.path: .*\.git on some file system/],
    ['git.path, an HFS+ ignorable code point', page('.gi\u200Dt/config.md'), /^changes\[0\]\.git\.path: .*\.git on some file system/],
    ['git.path, a trailing dot', page('notes./a.md'), /^changes\[0\]\.git\.path: "notes\." ends in a dot or a space/],
    ['git.path, 2,001 segments', page(deep), /^changes\[0\]\.git\.path: has 2001 segments; the limit is 64/],
    ['a file name, the 8.3 name of .git', file('GIT~1'), /^changes\[0\]\.files\[0\]\.name: "GIT~1" is not a file name: .*\.git on some file system/],
    ['a file name of 5,000 bytes, shown cut to 80 characters', file('a'.repeat(5000)), /^changes\[0\]\.files\[0\]\.name: "a{80}…" is not a file name: has a segment of more than 255 bytes$/],
    ['a file name with an invisible code point, shown escaped', file('.gi\u200Ct'), /^changes\[0\]\.files\[0\]\.name: "\.gi\\u200Ct" is not a file name: /],
    ['a file name, .gitmodules in disguise', file('.GitModules'), /^changes\[0\]\.files\[0\]\.name: .*\.gitmodules on some file system/],
    ['a file\'s git.path', file('a.txt', '.gitbook/assets/.git/a.txt'), /^changes\[0\]\.files\[0\]\.git\.path: .*\.git on some file system/],
    ['source.root', directory({ root: 'docs/.git/' }), /^changes\[0\]\.source\.root: .*\.git on some file system/],
    ['source.config.path', directory({ config: { path: 'GIT~1/config', text: '' } }), /^changes\[0\]\.source\.config\.path: .*\.git on some file system/],
    ['source.structure.summary', directory({ structure: { readme: 'README.md', summary: deep } }), /^changes\[0\]\.source\.structure\.summary: has 2001 segments/],
    ['a source.extra key', directory({ extra: { '.gitmodules::$DATA': 'YQ==' } }), /^changes\[0\]\.source\.extra\..*\.gitmodules on some file system/],
    ['a source.extra key of 2,001 segments', directory({ extra: { [deep]: 'YQ==' } }), /^changes\[0\]\.source\.extra\.a\/a\/.*: has 2001 segments; the limit is 64/],
    ['a source.symlinks key', directory({ symlinks: { 'docs/.gitattributes': '../../etc' } }), /^changes\[0\]\.source\.symlinks\.docs\/\.gitattributes: .*never checks out as a symbolic link/],
  ])('%s', async (_name, change, message) => {
    const answer = await t.call('POST', content, { body: { changes: [change] } });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(400);
    expect(answer.body.error.code).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  });

  it('stores none of them, and answers other requests after a 2,001-segment path', async () => {
    await t.call('POST', content, { body: { changes: [page(deep)] } });
    const pages = await t.call('GET', `${content}/pages`);
    expect(pages.status).toBe(200);
    expect(pages.body.pages).toEqual([]);
    expect((await t.call('GET', `/v1/spaces/${spaceId}`)).status).toBe(200);
  });

  it('still takes ordinary paths: .gitbook assets with spaces, unicode names, names like .github', async () => {
    const answer = await t.call('POST', content, {
      body: { changes: [page('docs/.github-like.md'), page('guides/日本語/ページ.md'), file('a b.png', '.gitbook/assets/a b.png')] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
