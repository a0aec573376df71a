// Space content written through a change request and read back with the official client: pages, files and
// links; the revision, pages by id and by path (multi-segment), Markdown and JSON documents, files and the bytes
// behind their downloadURL; the same routes under the change request and under a revision. Every JSON answer
// is checked against the published schema.
import type { RevisionPageDocument } from '@gitbook/api';
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { base64, newSpace, pageIdOf, writeChanges } from './content-fixture.ts';
import { describeConformance } from './harness.ts';

describeConformance('space content', (server) => {
  let spaceId: string;
  let changeRequestId: string;
  let ids: { home: string; guides: string; install: string; logo: string; notes: string; snippet: string };
  let merged: string;

  it('writes pages, a file, links and reusable content through a change request, then merges it', async () => {
    const api = server().client();
    spaceId = (await newSpace(server(), 'Handbook')).id;
    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'First pages' });
    changeRequestId = changeRequest.id;

    const first = await writeChanges(api, spaceId, changeRequestId, [
      { operation: 'insert_page', ref: 'home', document: { markdown: '# Home\n\nStart with the [guides](./guides.md) and the [notes](./notes.md).\n' } },
      { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'All the guides.\n\nSee the logo: ![logo](./logo.png)\n' } },
      { operation: 'insert_files', files: [{ ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: base64('PNG bytes') }] },
      { operation: 'insert_page', ref: 'notes', title: 'Release notes', slug: 'notes', document: { markdown: 'Nothing yet.\n' } },
      { operation: 'quire_upsert_reusable_content', document: { markdown: '---\ntitle: Support\n---\n\nMail us.\n' } },
    ]);
    expect(first.changes.map((change) => change.object)).toEqual(['created_page', 'created_page', 'created_page']);
    expect(first.insertedFiles).toHaveLength(1);
    const home = pageIdOf(first, 0);
    const guides = pageIdOf(first, 1);
    const notes = pageIdOf(first, 2);
    const logo = first.insertedFiles![0]!.id;

    const second = await writeChanges(api, spaceId, changeRequestId, [
      { operation: 'insert_page', into: guides, title: 'Install', document: { markdown: 'Run `npm i quire`. Back [home](../README.md).\n' } },
    ]);
    const install = pageIdOf(second, 0);
    const { data: crContent } = await api.spaces.getRevisionOfChangeRequestById(spaceId, changeRequestId);
    ids = { home, guides, install, logo, notes, snippet: crContent.reusableContents[0]!.id };

    const { data: result } = await api.spaces.mergeChangeRequest(spaceId, changeRequestId);
    expect(result.result).toBe('merge');
    merged = result.revision;
    const { data: space } = await api.spaces.getSpaceById(spaceId);
    expect(space.revision).toBe(merged);
  });

  it('reads the current revision back: pages with urls, files with a downloadURL, mergedFrom', async () => {
    const api = server().client();
    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    expect(revision).toMatchObject({ object: 'revision', id: merged, type: 'merge', mergedFrom: { id: changeRequestId, status: 'merged', revisionMerged: merged } });
    expect(revision.pages.map((page) => page.title)).toEqual(['Home', 'Guides', 'Release notes']);
    const guides = revision.pages[1] as RevisionPageDocument;
    expect(guides.pages.map((page) => [page.title, (page as RevisionPageDocument).path])).toEqual([['Install', 'guides/install']]);
    expect(guides.urls.app).toContain(`/v1/spaces/${spaceId}/content/page/${ids.guides}`);
    expect(revision.files).toEqual([expect.objectContaining({ id: ids.logo, name: 'logo.png', contentType: 'image/png', size: 9 })]);
    expect(revision.reusableContents).toEqual([expect.objectContaining({ id: ids.snippet, title: 'Support' })]);

    const { data: listed } = await api.spaces.listPages(spaceId);
    expect(listed.pages.map((page) => page.id)).toEqual([ids.home, ids.guides, ids.notes]);
  });

  it('reads a page by id and by a multi-segment path, as Markdown and as a JSON document', async () => {
    const api = server().client();
    const { data: plain } = await api.spaces.getPageById(spaceId, ids.install);
    expect(plain).toMatchObject({ id: ids.install, title: 'Install', path: 'guides/install' });
    expect('markdown' in plain).toBe(false);

    const { data: markdown } = await api.spaces.getPageById(spaceId, ids.home, { format: 'markdown' });
    // Links were resolved to the pages' files in the Git layout: the first page is README.md.
    expect((markdown as { markdown: string }).markdown).toBe('Start with the [guides](guides/README.md) and the [notes](notes.md).\n');
    const { data: byPath } = await api.spaces.getPageByPath(spaceId, 'guides/install', { format: 'markdown' });
    expect(byPath).toMatchObject({ id: ids.install, markdown: 'Run `npm i quire`. Back [home](../README.md).\n' });
    const { data: document } = await api.spaces.getPageByPath(spaceId, 'notes', { format: 'document' });
    expect((document as { document: { object: string; nodes: unknown[] } }).document).toMatchObject({ object: 'document', nodes: [expect.anything()] });
    // In the JSON document, the relative links of the Markdown are references to the pages and files they name.
    const { data: home } = await api.spaces.getPageById(spaceId, ids.home, { format: 'document' });
    const links = JSON.stringify((home as { document: unknown }).document);
    expect(links).toContain(JSON.stringify({ kind: 'page', page: ids.guides }));
    expect(links).toContain(JSON.stringify({ kind: 'page', page: ids.notes }));
    const { data: guides } = await api.spaces.getPageById(spaceId, ids.guides, { format: 'document' });
    expect(JSON.stringify((guides as { document: unknown }).document)).toContain(JSON.stringify({ kind: 'file', file: ids.logo }));

    expect(await statusOf(api.spaces.getPageById(spaceId, 'missing'))).toBe(404);
    expect(await statusOf(api.spaces.getPageByPath(spaceId, 'guides/missing'))).toBe(404);
  });

  it('lists files page by page and serves the bytes behind downloadURL to a token holder', async () => {
    const api = server().client();
    const { data: files } = await api.spaces.listFiles(spaceId, { limit: 1 });
    expect(files).toMatchObject({ count: 1, items: [{ id: ids.logo }] });
    expect(files.next).toBeUndefined();
    const { data: file } = await api.spaces.getFileById(spaceId, ids.logo);
    const download = await fetch(file.downloadURL, { headers: { authorization: `Bearer ${server().admin.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('PNG bytes');
    expect((await fetch(file.downloadURL)).status).toBe(401);
    const again = await fetch(file.downloadURL, { headers: { authorization: `Bearer ${server().admin.token}`, 'if-none-match': download.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await statusOf(api.spaces.getFileById(spaceId, 'missing'))).toBe(404);
  });

  it('reads reusable content and its document', async () => {
    const api = server().client();
    const { data: reusable } = await api.spaces.getReusableContentById(spaceId, ids.snippet);
    expect(reusable).toMatchObject({ id: ids.snippet, title: 'Support' });
    const { data: document } = await api.spaces.getReusableContentDocumentInRevisionById(spaceId, merged, ids.snippet);
    expect(document.nodes).toHaveLength(1);
    expect((await api.spaces.getReusableContentInRevisionById(spaceId, merged, ids.snippet)).data.id).toBe(ids.snippet);
  });

  it('serves the same routes under the change request', async () => {
    const api = server().client();
    const { data: changeRequest } = await api.spaces.getChangeRequestById(spaceId, changeRequestId);
    const { data: revision } = await api.spaces.getRevisionOfChangeRequestById(spaceId, changeRequestId);
    expect(revision.id).toBe(changeRequest.revision);
    expect((await api.spaces.listPagesInChangeRequest(spaceId, changeRequestId)).data.pages).toHaveLength(3);
    expect((await api.spaces.listFilesInChangeRequestById(spaceId, changeRequestId)).data.items.map((file) => file.id)).toEqual([ids.logo]);
    expect((await api.spaces.getFileInChangeRequestById(spaceId, changeRequestId, ids.logo)).data.name).toBe('logo.png');
    const { data: page } = await api.spaces.getPageInChangeRequestById(spaceId, changeRequestId, ids.notes, { format: 'markdown' });
    expect(page).toMatchObject({ title: 'Release notes', markdown: 'Nothing yet.\n' });
    expect((page as RevisionPageDocument).urls.app).toContain(`/change-requests/${changeRequestId}/content/page/${ids.notes}`);
    expect((await api.spaces.getPageInChangeRequestByPath(spaceId, changeRequestId, 'guides/install')).data.id).toBe(ids.install);
    expect((await api.spaces.getReusableContentInChangeRequestById(spaceId, changeRequestId, ids.snippet)).data.title).toBe('Support');
    // By number too.
    expect((await api.spaces.getRevisionOfChangeRequestById(spaceId, String(changeRequest.number))).data.id).toBe(revision.id);
  });

  it('serves a revision, its pages, files, page, path and page document', async () => {
    const api = server().client();
    const { data: space } = await api.spaces.getSpaceById(spaceId);
    const initial = (await api.spaces.getRevisionById(spaceId, merged)).data.parents[0]!;
    const { data: empty } = await api.spaces.getRevisionById(spaceId, initial);
    expect(empty.pages).toEqual([]);
    expect((await api.spaces.listPagesInRevisionById(spaceId, space.revision)).data.pages).toHaveLength(3);
    const { data: files } = await api.spaces.listFilesInRevisionById(spaceId, space.revision);
    expect(files.items[0]!.downloadURL).toContain(`/revisions/${space.revision}/files/${ids.logo}/download`);
    expect((await api.spaces.getFileInRevisionById(spaceId, space.revision, ids.logo)).data.id).toBe(ids.logo);
    expect((await api.spaces.getPageInRevisionById(spaceId, space.revision, ids.guides, { format: 'markdown' })).data).toMatchObject({
      markdown: 'All the guides.\n\nSee the logo: ![logo](../.gitbook/assets/logo.png)\n',
    });
    expect((await api.spaces.getPageInRevisionByPath(spaceId, space.revision, 'guides')).data.id).toBe(ids.guides);
    const { data: document } = await api.spaces.getPageDocumentInRevisionById(spaceId, space.revision, ids.guides);
    expect(document).toMatchObject({ object: 'document', nodes: [expect.anything(), expect.anything()] });

    const { id: otherSpace } = await newSpace(server(), 'Other');
    expect(await statusOf(api.spaces.getRevisionById(otherSpace, merged))).toBe(404);
    expect(await statusOf(api.spaces.getRevisionById(spaceId, 'missing'))).toBe(404);
  });

  it('leaves the git metadata out with metadata=false', async () => {
    const api = server().client();
    const git = { oid: 'a'.repeat(40), message: 'Import from Git', createdByGitBook: false };
    const recorded = await server().request('PUT', `/v1/spaces/${spaceId}/revisions/${merged}/git`, { body: git });
    expect(recorded.status).toBe(200);
    expect((await api.spaces.getCurrentRevision(spaceId)).data.git).toEqual(git);
    expect((await api.spaces.getCurrentRevision(spaceId, { metadata: false })).data.git).toBeUndefined();
    expect((await api.spaces.getRevisionById(spaceId, merged, { metadata: false, computed: false })).data.git).toBeUndefined();
  });

  it('checked the published operations it used', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining([
        'createChangeRequest',
        'updateChangeRequestContent',
        'mergeChangeRequest',
        'getCurrentRevision',
        'listPages',
        'getPageById',
        'getPageByPath',
        'listFiles',
        'getFileById',
        'getReusableContentById',
        'getReusableContentInRevisionById',
        'getReusableContentDocumentInRevisionById',
        'getRevisionOfChangeRequestById',
        'listPagesInChangeRequest',
        'listFilesInChangeRequestById',
        'getFileInChangeRequestById',
        'getPageInChangeRequestById',
        'getPageInChangeRequestByPath',
        'getReusableContentInChangeRequestById',
        'getRevisionById',
        'listPagesInRevisionById',
        'listFilesInRevisionById',
        'getFileInRevisionById',
        'getPageInRevisionById',
        'getPageInRevisionByPath',
        'getPageDocumentInRevisionById',
      ]),
    );
  });
});
