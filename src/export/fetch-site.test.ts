import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../client/index.ts';
import { fetchExportSite } from './fetch-site.ts';

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A fake client serving a published site of one section per space, and a log of the requests as they start and end. */
function fakeClient(spaces: string[], options: { failing?: string } = {}) {
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
        siteSpaces: [{ id: `site-space-${space}`, path: space, title: space, default: true, space: { id: space } }],
      })),
    },
    customizations: { site: {}, siteSpaces: {} },
  };
  const client = {
    getQuireServerInfo: async () => ({ extensions: ['directory'] }),
    getPublishedSite: async () => profile,
    getRevision: async ({ spaceId }: { spaceId: string }) => {
      log.push(`revision ${spaceId}`);
      // A page per letter of the space's name, the last one under the first: the count takes nested pages.
      const pages = Array.from({ length: spaceId.length - 1 }, (_, index) => ({ id: `${spaceId}-${index}`, type: 'document', pages: [] as unknown[] }));
      pages[0]!.pages.push({ id: `${spaceId}-child`, type: 'document', pages: [] });
      return { id: `rev-${spaceId}`, createdAt: '2026-01-01T00:00:00.000Z', pages };
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
    const { client, log } = fakeClient(['guides', 'api', 'admin']);
    const titles: string[] = [];
    const counted: number[] = [];
    const site = await fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' }, (title) => titles.push(title), (pages) => counted.push(pages));
    expect(log.indexOf('revision api')).toBeLessThan(log.indexOf('directory guides answered'));
    // Two spaces at a time: the third starts once one of the first two is read.
    expect(log.indexOf('revision admin')).toBeGreaterThan(log.indexOf('directory guides answered'));
    expect(titles).toEqual(['guides', 'api', 'admin']);
    // Each space's pages are counted from its revision, before its directory is read.
    expect(counted).toEqual([6, 3, 5]);
    expect(Object.keys(site.content)).toEqual(['site-space-guides', 'site-space-api', 'site-space-admin']);
    expect(site.content['site-space-api']!.revision.pages[0]!.title).toBe('api');
  });

  it('fails with the failure of any space', async () => {
    const { client } = fakeClient(['guides', 'api'], { failing: 'api' });
    await expect(fetchExportSite(client, { organizationId: 'org1', siteId: 'site1' })).rejects.toThrow('no directory for api');
  });
});
