// Quire's extensions to the published API (docs/api-extensions.md), as `quire sync` uses them: discovery, Git
// blobs on pages and files, whole page files kept byte for byte, the `quire_*` changes, the Git commit of a
// revision, the revision history, and a revision read back as a directory (whole, or since another revision) or as
// a bundle.
import type { RevisionPageDocument } from '@gitbook/api';
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { base64, mergeChanges, newSpace, pageIdOf, writeChanges } from './content-fixture.ts';
import { describeConformance } from './harness.ts';
import { Value } from 'typebox/value';
import { bundleFromValue, writeDirectory } from '../../src/format/index.ts';
import { RevisionBundleSchema } from '../../src/server/schemas/quire-extensions.ts';

const oid = (digit: string) => digit.repeat(40);
const decode = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, Buffer.from(bytes, 'base64').toString()]));

interface Directory {
  files: Record<string, string>;
  symlinks: Record<string, string>;
  deleted?: string[];
}

describeConformance('quire extensions', (server) => {
  it('announces itself and its extensions at GET /v1/quire, to any valid token', async () => {
    const answer = await server().request('GET', '/v1/quire');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      object: 'quire',
      version: '0.1.0',
      extensions: ['git-metadata', 'directory', 'revision-history', 'merge-conflicts', 'page-kinds', 'sync-points', 'file-uploads', 'api-tokens', 'visitor-claims', 'git-paths', 'sync-point-git', 'git-batches', 'bundle'],
      limits: { maxFileBytes: 100_000_000, maxGitBatchChanges: 500 },
    });
    expect((await server().request('GET', '/v1/quire', { token: null })).status).toBe(401);
  });

  it('imports a Git directory: git blobs, whole page files, reusable content, directory source; writes it back byte for byte', async () => {
    const api = server().client();
    const { id: spaceId } = await newSpace(server(), 'From Git');
    const files = {
      '.gitbook.yaml': 'root: ./docs/\n',
      'docs/README.md': '---\ndescription: Welcome\nowner: docs-team\n---\n\nHome\n====\n\nSee [install](guide/install.md).\n',
      'docs/guide/install.md': '# Install\n\nRun it. {% include "../.gitbook/includes/support.md" %}\n',
      'docs/.gitbook/includes/support.md': '---\ntitle: Support\nowner: x\n---\n\nMail us.\n',
      'docs/.gitbook/assets/logo.png': 'PNG',
      'docs/.gitbook/vars.yaml': '# Variables\nproduct: Quire\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Install](guide/install.md)\n',
      'LICENSE': 'MIT\n',
    };
    const { changeRequestId, update, revision } = await mergeChanges(api, spaceId, 'Import', [
      {
        operation: 'quire_set_directory',
        source: { root: 'docs/', config: { path: '.gitbook.yaml', text: files['.gitbook.yaml'] }, summaryText: files['docs/SUMMARY.md'], varsText: files['docs/.gitbook/vars.yaml'], extra: { LICENSE: base64(files.LICENSE) } },
        variables: { product: 'Quire' },
      },
      { operation: 'insert_page', ref: 'home', git: { oid: oid('1'), path: 'docs/README.md' }, document: { markdown: files['docs/README.md'] } },
      { operation: 'insert_page', ref: 'install', slug: 'install', git: { oid: oid('2'), path: 'docs/guide/install.md' }, document: { markdown: files['docs/guide/install.md'] } },
      { operation: 'quire_upsert_reusable_content', git: { oid: oid('3'), path: 'docs/.gitbook/includes/support.md' }, document: { markdown: files['docs/.gitbook/includes/support.md'] } },
      { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: base64('PNG'), git: { oid: oid('4'), path: 'docs/.gitbook/assets/logo.png' } }] },
    ]);
    const home = pageIdOf(update, 0);

    const { data: content } = await api.spaces.getCurrentRevision(spaceId);
    expect(content).toMatchObject({ variables: { product: 'Quire' }, mergedFrom: { id: changeRequestId } });
    expect(content.pages[0]).toMatchObject({ id: home, title: 'Home', description: 'Welcome', git: { oid: oid('1'), path: 'docs/README.md' } });
    expect(content.files[0]).toMatchObject({ name: 'logo.png', git: { oid: oid('4'), path: 'docs/.gitbook/assets/logo.png' } });
    expect(content.reusableContents[0]).toMatchObject({ title: 'Support', git: { path: 'docs/.gitbook/includes/support.md' } });

    const directory = await server().request('GET', `/v1/spaces/${spaceId}/revisions/${revision}/directory`);
    expect(directory.status).toBe(200);
    const written = (await directory.json()) as Directory;
    expect(decode(written.files)).toEqual(files);
    expect(written.symlinks).toEqual({});

    // The same revision as a bundle (`bundle`): the published revision, bodies and bytes, and the directory source,
    // which write the very same directory: nothing the directory holds is missing from it.
    const bundlePath = `/v1/spaces/${spaceId}/revisions/${revision}/bundle`;
    const answer = await server().request('GET', bundlePath);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    // Sent in parts, with their total length: not chunked.
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(answer.headers.get('transfer-encoding')).toBeNull();
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const value = JSON.parse(text) as { format: string; revision: unknown };
    expect(value).toMatchObject({ format: 'quire-revision-bundle', version: 1 });
    // The route sends JSON it serialized itself: it must still be what its schema says.
    expect(Value.Check(RevisionBundleSchema, value)).toBe(true);
    const { data: atRevision } = await api.spaces.getRevisionById(spaceId, revision);
    expect(value.revision).toEqual(JSON.parse(JSON.stringify(atRevision)));
    const bundle = bundleFromValue(value);
    expect(Object.values(bundle.documents).sort()).toEqual(['Mail us.\n', 'Run it. {% include "../.gitbook/includes/support.md" %}\n', 'See [install](guide/install.md).\n']);
    expect(Buffer.from(Object.values(bundle.files)[0]!).toString()).toBe('PNG');
    expect(bundle.source).toMatchObject({ root: 'docs/', summaryText: files['docs/SUMMARY.md'], varsText: files['docs/.gitbook/vars.yaml'] });
    expect(Object.fromEntries([...writeDirectory(bundle)].map(([path, bytes]) => [path, Buffer.from(bytes).toString()]))).toEqual(files);

    // Asked again, the same bytes (the server keeps what it serialized). A Git commit recorded since is in the next
    // answer: the published revision the server kept was made before it.
    expect(await (await server().request('GET', bundlePath)).text()).toBe(text);
    const commit = { oid: oid('9'), message: 'Exported', createdByGitBook: false, ref: 'refs/heads/main' };
    expect((await server().request('PUT', `/v1/spaces/${spaceId}/revisions/${revision}/git`, { body: commit })).status).toBe(200);
    const committed = (await (await server().request('GET', bundlePath)).json()) as typeof value;
    const { data: committedRevision } = await api.spaces.getRevisionById(spaceId, revision);
    expect(committed.revision).toEqual(JSON.parse(JSON.stringify(committedRevision)));
    expect(committed.revision).not.toEqual(value.revision);
    expect({ ...committed, revision: undefined }).toEqual({ ...(JSON.parse(text) as typeof value), revision: undefined });

    const { id: otherSpace } = await newSpace(server(), 'Not that one');
    expect((await server().request('GET', `/v1/spaces/${otherSpace}/revisions/${revision}/bundle`)).status).toBe(404);
    expect((await server().request('GET', `/v1/spaces/${spaceId}/revisions/${revision}/bundle`, { token: null })).status).toBe(401);
  });

  it('creates groups, link pages and computed pages with quire_insert_page (page-kinds); keeps linkTitle and empty page files', async () => {
    const api = server().client();
    const { id: spaceId } = await newSpace(server(), 'Page kinds');
    const computed = { type: 'builtin:openapi', props: { models: true }, dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } };
    const { update, revision } = await mergeChanges(api, spaceId, 'Kinds', [
      { operation: 'insert_page', ref: 'home', title: 'Home', git: { oid: oid('1'), path: 'README.md' }, document: { markdown: '' } },
      { operation: 'quire_insert_page', ref: 'guides', type: 'group', title: 'Guides' },
      { operation: 'quire_insert_page', ref: 'site', type: 'link', title: 'Site', linkTitle: 'Website', target: { kind: 'url', url: 'https://example.com' } },
      { operation: 'quire_insert_page', ref: 'api', type: 'computed', title: 'API', computed },
    ]);
    expect(update.changes.map((change) => change.object)).toEqual(['created_page', 'created_page', 'created_page', 'created_page']);
    const group = pageIdOf(update, 1);
    const { data: content } = await api.spaces.getCurrentRevision(spaceId);
    expect(content.pages.map((page) => page.type)).toEqual(['document', 'group', 'link', 'computed']);
    expect(content.pages[1]).toMatchObject({ id: group, title: 'Guides', slug: 'guides' });
    expect(content.pages[2]).toMatchObject({ title: 'Site', linkTitle: 'Website', target: { kind: 'url', url: 'https://example.com' } });
    expect(content.pages[3]).toMatchObject({ title: 'API', computed });
    const written = decode(((await (await server().request('GET', `/v1/spaces/${spaceId}/revisions/${revision}/directory`)).json()) as Directory).files);
    expect(written['README.md']).toBe('');
    expect(written['SUMMARY.md']).toContain('[Site](https://example.com "Website")');

    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Bad' });
    expect(await statusOf(writeChanges(api, spaceId, changeRequest.id, [{ operation: 'quire_insert_page', type: 'group', title: 'Nested', into: group }]))).toBe(400);
    expect(await statusOf(writeChanges(api, spaceId, changeRequest.id, [{ operation: 'quire_insert_page', type: 'group', title: 'Deep', into: pageIdOf(update, 0) }]))).toBe(400);
    expect(await statusOf(writeChanges(api, spaceId, changeRequest.id, [{ operation: 'quire_insert_page', type: 'link', title: 'No target' }]))).toBe(400);
  });

  it('replaces and deletes files and reusable content with the quire_* changes', async () => {
    const api = server().client();
    const { id: spaceId } = await newSpace(server(), 'Quire changes');
    const { update } = await mergeChanges(api, spaceId, 'Start', [
      { operation: 'insert_page', title: 'Home', document: { markdown: 'Logo: ![logo](./logo.png)\n' } },
      { operation: 'insert_files', files: [{ ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: base64('old') }, { name: 'gone.txt', contentType: 'text/plain', base64: base64('x') }] },
      { operation: 'quire_upsert_reusable_content', title: 'Snippet', document: { markdown: 'Old snippet.\n' } },
    ]);
    const [logo, gone] = update.insertedFiles!.map((file) => file.id);
    const { data: before } = await api.spaces.getCurrentRevision(spaceId);
    const snippet = before.reusableContents[0]!.id;
    const oldDownload = before.files.find((file) => file.id === logo)!.downloadURL;

    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Replace' });
    await writeChanges(api, spaceId, changeRequest.id, [
      { operation: 'quire_update_file', file: logo, base64: base64('new bytes') },
      { operation: 'quire_delete_file', file: gone },
      { operation: 'quire_upsert_reusable_content', reusableContent: snippet, document: { markdown: '---\ntitle: Renamed\n---\n\nNew snippet.\n' } },
    ]);
    expect((await api.spaces.mergeChangeRequest(spaceId, changeRequest.id)).data.result).toBe('merge');
    const { data: after } = await api.spaces.getCurrentRevision(spaceId);
    expect(after.files.map((file) => [file.id, file.size])).toEqual([[logo, 9]]);
    expect(after.reusableContents).toEqual([expect.objectContaining({ id: snippet, title: 'Renamed' })]);
    const authorization = { authorization: `Bearer ${server().admin.token}` };
    expect(await (await fetch(after.files[0]!.downloadURL, { headers: authorization })).text()).toBe('new bytes');
    expect(await (await fetch(oldDownload, { headers: authorization })).text()).toBe('old');

    const refused = await server().request('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequest.number}/content`, { body: { changes: [{ operation: 'quire_delete_file', file: gone }] } });
    expect(refused.status).toBe(409);
    const { data: next } = await api.spaces.createChangeRequest(spaceId, { subject: 'Delete' });
    await writeChanges(api, spaceId, next.id, [{ operation: 'quire_delete_reusable_content', reusableContent: snippet }]);
    expect((await api.spaces.getRevisionOfChangeRequestById(spaceId, next.id)).data.reusableContents).toEqual([]);
    const missing = await server().request('POST', `/v1/spaces/${spaceId}/change-requests/${next.id}/content`, { body: { changes: [{ operation: 'quire_delete_file', file: gone }] } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain(`changes[0].file: file ${gone} is not in the change request`);
  });

  it('records the Git commit of a revision, lists the history newest first, and answers directories since a revision', async () => {
    const api = server().client();
    const { id: spaceId, revision: initial } = await newSpace(server(), 'History');
    const first = await mergeChanges(api, spaceId, 'One', [
      { operation: 'insert_page', title: 'Home', document: { markdown: 'Home.\n' } },
      { operation: 'insert_page', title: 'Old', document: { markdown: 'Old.\n' } },
    ]);
    const commit = { oid: oid('a'), message: 'Import', createdByGitBook: false, ref: 'refs/heads/main' };
    const recorded = await server().request('PUT', `/v1/spaces/${spaceId}/revisions/${first.revision}/git`, { body: commit });
    expect(await recorded.json()).toEqual({ object: 'revision-info', id: first.revision, type: 'merge', parents: [initial, expect.any(String)], createdAt: expect.any(String), git: commit, mergedFrom: first.changeRequestId });

    const old = pageIdOf(first.update, 1);
    const second = await mergeChanges(api, spaceId, 'Two', [
      { operation: 'delete_page', page: old },
      { operation: 'update_page', page: pageIdOf(first.update, 0), document: { markdown: 'Home, again.\n' } },
    ]);

    const history = (await (await server().request('GET', `/v1/spaces/${spaceId}/revisions?limit=2`)).json()) as { items: Array<{ id: string; mergedFrom?: string; git?: unknown }>; next?: { page: string }; count: number };
    expect(history.items[0]).toMatchObject({ id: second.revision, mergedFrom: second.changeRequestId });
    expect(history.count).toBe(5);
    expect(history.next).toBeDefined();
    const rest = (await (await server().request('GET', `/v1/spaces/${spaceId}/revisions?limit=10&page=${history.next!.page}`)).json()) as { items: Array<{ id: string; git?: unknown }> };
    expect(rest.items.find((item) => item.id === first.revision)?.git).toEqual(commit);
    expect(rest.items.at(-1)!.id).toBe(initial);

    const since = (await (await server().request('GET', `/v1/spaces/${spaceId}/revisions/${second.revision}/directory?since=${first.revision}`)).json()) as Directory;
    expect(decode(since.files)).toEqual({ 'README.md': '# Home\n\nHome, again.\n' });
    expect(since.deleted).toEqual(['old.md']);
    const same = (await (await server().request('GET', `/v1/spaces/${spaceId}/revisions/${second.revision}/directory?since=${second.revision}`)).json()) as Directory;
    expect(same).toEqual({ files: {}, symlinks: {}, deleted: [] });

    const { id: otherSpace } = await newSpace(server(), 'Other history');
    expect((await server().request('PUT', `/v1/spaces/${otherSpace}/revisions/${first.revision}/git`, { body: commit })).status).toBe(404);
    expect((await server().request('GET', `/v1/spaces/${spaceId}/revisions/${second.revision}/directory?since=${initial}x`)).status).toBe(400);
    expect((await server().request('PUT', `/v1/spaces/${spaceId}/revisions/${first.revision}/git`, { body: { ...commit, oid: 'nope' } })).status).toBe(400);
  });

  it('keeps one sync point per repository and ref (sync-points): recorded, replaced, listed, checked', async () => {
    const { id: spaceId, revision: initial } = await newSpace(server(), 'Synced twice');
    const later = await mergeChanges(server().client(), spaceId, 'One', [{ operation: 'insert_page', title: 'Home', document: { markdown: 'Home.\n' } }]);
    const first = { repository: oid('1'), ref: 'refs/heads/main' };
    const put = (body: unknown, space = spaceId) => server().request('PUT', `/v1/spaces/${space}/sync-points`, { body });
    const recorded = await put({ ...first, revision: initial, commit: oid('a') });
    expect(recorded.status).toBe(200);
    expect(await recorded.json()).toEqual({ object: 'sync-point', ...first, revision: initial, commit: oid('a'), recordedAt: expect.any(String) });
    expect((await put({ repository: oid('2'), ref: 'refs/heads/main', revision: initial, commit: oid('b') })).status).toBe(200);
    expect((await put({ ...first, revision: later.revision, commit: oid('c') })).status).toBe(200);

    const listed = (await (await server().request('GET', `/v1/spaces/${spaceId}/sync-points`)).json()) as { items: Array<{ repository: string; revision: string; commit: string }> };
    expect(listed.items.map(({ repository, revision, commit }) => ({ repository, revision, commit })).sort((a, b) => a.repository.localeCompare(b.repository))).toEqual([
      { repository: oid('1'), revision: later.revision, commit: oid('c') },
      { repository: oid('2'), revision: initial, commit: oid('b') },
    ]);

    const { id: otherSpace } = await newSpace(server(), 'Other sync points');
    expect((await put({ ...first, revision: initial, commit: oid('a') }, otherSpace)).status).toBe(404);
    expect((await put({ ...first, revision: initial, commit: 'nope' })).status).toBe(400);
    expect((await put({ ...first, revision: initial, commit: oid('a'), extra: true })).status).toBe(400);
    expect((await server().request('GET', `/v1/spaces/${spaceId}/sync-points`, { token: null })).status).toBe(401);

    // What the revision lacks of the commit (refused files): kept sorted and once each, replaced with the point.
    const lacking = await put({ ...first, revision: later.revision, commit: oid('d'), missing: ['z.gif', '.gitbook/assets/a.png', 'z.gif'] });
    expect(await lacking.json()).toEqual(expect.objectContaining({ commit: oid('d'), missing: ['.gitbook/assets/a.png', 'z.gif'] }));
    const relisted = (await (await server().request('GET', `/v1/spaces/${spaceId}/sync-points`)).json()) as { items: Array<{ repository: string; missing?: string[] }> };
    expect(relisted.items.find((item) => item.repository === oid('1'))!.missing).toEqual(['.gitbook/assets/a.png', 'z.gif']);
    expect(relisted.items.find((item) => item.repository === oid('2'))!.missing).toBeUndefined();
    expect((await put({ ...first, revision: later.revision, commit: oid('d'), missing: [''] })).status).toBe(400);
    expect((await put({ ...first, revision: later.revision, commit: oid('d'), missing: 'z.gif' })).status).toBe(400);
  });

  it('records the revision\'s commit with a sync point (sync-point-git), as PUT .../git would, and checks it', async () => {
    const { id: spaceId } = await newSpace(server(), 'Synced with git');
    const merged = await mergeChanges(server().client(), spaceId, 'One', [{ operation: 'insert_page', title: 'Home', document: { markdown: 'Home.\n' } }]);
    const point = { repository: oid('1'), ref: 'refs/heads/main', revision: merged.revision, commit: oid('e') };
    const put = (body: unknown) => server().request('PUT', `/v1/spaces/${spaceId}/sync-points`, { body });
    const gitOf = async () => ((await (await server().request('GET', `/v1/spaces/${spaceId}/revisions?limit=1`)).json()) as { items: Array<{ id: string; git?: unknown }> }).items[0]!;

    const recorded = await put({ ...point, git: { message: 'Edit one page', createdByGitBook: false } });
    expect(await recorded.json()).toEqual({ object: 'sync-point', ...point, recordedAt: expect.any(String) });
    expect(await gitOf()).toMatchObject({ id: merged.revision, git: { oid: oid('e'), message: 'Edit one page', createdByGitBook: false, ref: 'refs/heads/main' } });
    // Replaced like PUT .../git replaces it; a sync point without `git` leaves the revision's as it is.
    await put({ ...point, commit: oid('f'), git: { message: 'Again', createdByGitBook: true, url: 'https://example.com/c/f' } });
    await put({ ...point, commit: oid('0') });
    expect((await gitOf()).git).toEqual({ oid: oid('f'), message: 'Again', createdByGitBook: true, url: 'https://example.com/c/f', ref: 'refs/heads/main' });

    expect((await put({ ...point, git: { message: 'x', createdByGitBook: false, oid: oid('a') } })).status).toBe(400);
    expect((await put({ ...point, git: { message: 'x' } })).status).toBe(400);
    expect((await gitOf()).git).toMatchObject({ oid: oid('f') });
  });

  it('keeps a moved page’s new Git path when the change gives one', async () => {
    const api = server().client();
    const { id: spaceId } = await newSpace(server(), 'Moves');
    const { update } = await mergeChanges(api, spaceId, 'Pages', [
      { operation: 'insert_page', title: 'Home', git: { oid: oid('1'), path: 'README.md' }, document: { markdown: '# Home\n' } },
      { operation: 'insert_page', title: 'Guide', git: { oid: oid('2'), path: 'guide.md' }, document: { markdown: '# Guide\n' } },
    ]);
    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Move' });
    await writeChanges(api, spaceId, changeRequest.id, [{ operation: 'update_page', page: pageIdOf(update, 1), slug: 'moved', git: { oid: oid('2'), path: 'elsewhere/moved.md' } }]);
    const { data: page } = await api.spaces.getPageInChangeRequestById(spaceId, changeRequest.id, pageIdOf(update, 1));
    expect((page as RevisionPageDocument).git).toEqual({ oid: oid('2'), path: 'elsewhere/moved.md' });
    expect(await statusOf(writeChanges(api, spaceId, changeRequest.id, [{ operation: 'update_page', page: pageIdOf(update, 1), git: { oid: 'x', path: 'a.md' } }]))).toBe(400);
    expect(await statusOf(writeChanges(api, spaceId, changeRequest.id, [{ operation: 'update_page', page: pageIdOf(update, 1), git: { oid: oid('3'), path: '../a.md' } }]))).toBe(400);
  });
});
