import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../client/index.ts';
import { fetchExportSite } from './fetch-site.ts';

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A fake client serving a published site of one section per space, and a log of the requests as they start and end. */
function fakeClient(spaces: string[], options: { failing?: string; failingSpace?: string; extensions?: string[]; unpublished?: boolean; namesRevisions?: boolean } = {}) {
  const log: string[] = [];
  const profile = {
    site: { id: 'site1', title: 'Docs' },
    structure: {
      type: 'sections',
      structure: spaces.map((space, index) => ({
        object: 'site-section',
        id: `section-${space}`,
        title: space,
        default: index === 0,
        siteSpaces: [{ id: `site-space-${space}`, path: space, title: space, default: true, space: { id: space, ...(options.namesRevisions ? { revision: `published-rev-${space}` } : {}) } }],
      })),
    },
    customizations: { site: {}, siteSpaces: {} },
  };
  const client = {
    getQuireServerInfo: async () => {
      log.push('server info');
      await new Promise((resolve) => setImmediate(resolve));
      log.push('server info answered');
      return { extensions: options.extensions ?? ['directory'] };
    },
    getPublishedSite: async () => {
      log.push('published');
      if (options.unpublished) throw Object.assign(new Error('published site failed'), { name: 'QuireError', code: 'API_REQUEST_FAILED', status: 500 });
      return profile;
    },
    getRevision: async ({ spaceId }: { spaceId: string }) => {
      log.push(`revision ${spaceId}`);
      // A page per letter of the space's name, the last one under the first: the count takes nested pages.
      const pages = Array.from({ length: spaceId.length - 1 }, (_, index) => ({ id: `${spaceId}-${index}`, type: 'document', pages: [] as unknown[] }));
      pages[0]!.pages.push({ id: `${spaceId}-child`, type: 'document', pages: [] });
      return { id: `rev-${spaceId}`, createdAt: '2026-01-01T00:00:00.000Z', pages };
    },
    getSpace: async (spaceId: string) => {
      log.push(`space ${spaceId}`);
      if (spaceId === options.failingSpace) throw new Error(`no space ${spaceId}`);
      return { id: spaceId, revision: `rev-${spaceId}` };
    },
    getRevisionBundle: async (spaceId: string, revisionId: string) => {
      log.push(`bundle ${spaceId} ${revisionId}`);
      await new Promise((resolve) => setImmediate(resolve));
      if (spaceId === options.failing) throw new Error(`no bundle for ${spaceId}`);
      log.push(`bundle ${spaceId} answered`);
      const pages = [{ id: `${spaceId}-home`, type: 'document', title: spaceId, path: '', slug: '', documentId: `doc-${spaceId}`, pages: [{ id: `${spaceId}-child`, type: 'document', title: 'Child', path: 'child', slug: 'child', pages: [] }] }];
      return {
        format: 'quire-revision-bundle',
        version: 1,
        revision: { object: 'revision', id: revisionId, createdAt: '2026-01-01T00:00:00.000Z', pages, files: [{ id: 'logo', name: 'logo.png' }], reusableContents: [] },
        documents: { [`doc-${spaceId}`]: `Welcome to ${spaceId}.\n` },
        files: { logo: base64('PNG') },
        source: { root: '', structure: { readme: 'README.md', summary: 'SUMMARY.md' }, redirects: {}, heads: {}, summaryTitles: {}, extra: {}, symlinks: {} },
      };
    },
    getRevisionDirectory: async (spaceId: string) => {
      log.push(`directory ${spaceId}`);
      await new Promise((resolve) => setImmediate(resolve));
      if (spaceId === options.failing) throw new Error(`no directory for ${spaceId}`);
      log.push(`directory ${spaceId} answered`);
      return { files: { 'README.md': base64(`# ${spaceId}\n`), 'SUMMARY.md': base64('# Table of contents\n\n* [Home](README.md)\n') } };
    },
  };
  return { client: client as unknown as ApiClient, log };
}

describe('fetchExportSite', () => {
  it("reads the next space while the server answers the first one's directory, and gives every site space its content", async () => {
    const spaces = ['guides', 'api', 'admin', 'sdk', 'changelog'];
    const { client, log } = fakeClient(spaces);
    const titles: string[] = [];
    const counted: number[] = [];
    const site = await fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' }, { onSpace: (title) => titles.push(title), onPages: (pages) => counted.push(pages) });
    // Four spaces at a time: the first four are asked for before any is read, the fifth once one of them is.
    const firstRead = Math.min(...spaces.slice(0, 4).map((space) => log.indexOf(`directory ${space} answered`)));
    for (const space of spaces.slice(0, 4)) expect(log.indexOf(`revision ${space}`)).toBeLessThan(firstRead);
    expect(log.indexOf('revision changelog')).toBeGreaterThan(firstRead);
    expect(titles).toEqual(spaces);
    // Each space's pages are counted from its revision, before its directory is read.
    expect(counted).toEqual([6, 3, 5, 3, 9]);
    expect(Object.keys(site.content)).toEqual(spaces.map((space) => `site-space-${space}`));
    expect(site.content['site-space-api']!.revision.pages[0]!.title).toBe('api');
  });

  it('reads each space in one bundle from a server with `bundle`: the space names its revision, whose content is decoded', async () => {
    const { client, log } = fakeClient(['guides', 'api'], { extensions: ['directory', 'bundle'] });
    const counted: number[] = [];
    const site = await fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' }, { onPages: (pages) => counted.push(pages) });
    expect(log.filter((line) => !line.endsWith('answered'))).toEqual(['server info', 'published', 'space guides', 'space api', 'bundle guides rev-guides', 'bundle api rev-api']);
    expect(counted).toEqual([2, 2]);
    const guides = site.content['site-space-guides']!;
    expect(guides.revision.id).toBe('rev-guides');
    expect(guides.documents).toEqual({ 'doc-guides': 'Welcome to guides.\n' });
    expect(Buffer.from(guides.files['logo']!).toString()).toBe('PNG');
    expect(guides.source.root).toBe('');
  });

  it('reads the bundle of the revision the published site names for each space, without asking for the space', async () => {
    const { client, log } = fakeClient(['guides', 'api'], { extensions: ['bundle'], namesRevisions: true });
    const site = await fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' });
    expect(log.filter((line) => !line.endsWith('answered'))).toEqual(['server info', 'published', 'bundle guides published-rev-guides', 'bundle api published-rev-api']);
    expect(site.content['site-space-api']!.revision.id).toBe('published-rev-api');
  });

  it('reads a space that two site spaces show once, and fails with the failure of a space', async () => {
    const { client, log } = fakeClient(['guides', 'guides'], { extensions: ['bundle'] });
    await fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' });
    expect(log.filter((line) => line.startsWith('bundle ') && !line.endsWith('answered'))).toEqual(['bundle guides rev-guides']);
    const failing = fakeClient(['guides', 'api'], { extensions: ['bundle'], failingSpace: 'api' });
    await expect(fetchExportSite(failing.client, { organizationId: 'org1', siteId: 'site1' })).rejects.toThrow('no space api');
  });

  it('names both extensions when the server offers neither', async () => {
    const { client } = fakeClient(['guides'], { extensions: ['git-metadata'] });
    await expect(fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' })).rejects.toMatchObject({ code: 'EXPORT_SERVER_UNSUPPORTED', message: expect.stringContaining('neither the `bundle` nor the `directory` extension') });
  });

  it('asks for the server extensions and the published site at once, and names missing extensions before any other failure', async () => {
    const { client, log } = fakeClient(['guides'], { extensions: ['bundle'] });
    await fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' });
    expect(log.slice(0, 3)).toEqual(['server info', 'published', 'server info answered']);
    const failing = fakeClient(['guides'], { extensions: ['git-metadata'], unpublished: true });
    await expect(fetchExportSite(failing.client, { organizationId: 'org1', siteId: 'site1' })).rejects.toMatchObject({ code: 'EXPORT_SERVER_UNSUPPORTED' });
  });

  it('fails with the failure of any space', async () => {
    const { client } = fakeClient(['guides', 'api'], { failing: 'api' });
    await expect(fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' })).rejects.toThrow('no directory for api');
    const bundled = fakeClient(['guides', 'api'], { failing: 'api', extensions: ['bundle'] });
    await expect(fetchExportSite(bundled.client, { organizationId: 'org1', siteId: 'site1' })).rejects.toThrow('no bundle for api');
  });
});
