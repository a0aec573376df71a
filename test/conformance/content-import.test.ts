// Website import end to end: the seed's POST .../content/import on a real server (SQLite, and PostgreSQL when
// QUIRE_TEST_DATABASE_URL is set), importing the converter's fixture site from a local HTTP server, then reading
// the pages back through the official client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileSite, type HostileSite } from '../../src/import/hostile-site.fixture.ts';
import { importTargetPolicyFrom } from '../../src/import/import-target-rule.ts';
import { defaultImportSettings } from '../../src/service/index.ts';
import { postgresSkipReason, startConformanceServer, type ConformanceServer, type StoreKind } from './harness.ts';

const kinds: StoreKind[] = ['sqlite', 'postgres'];

for (const kind of kinds) {
  const skip = kind === 'postgres' ? postgresSkipReason : undefined;
  describe.skipIf(skip !== undefined)(`website import (${kind})${skip === undefined ? '' : ` — skipped: ${skip}`}`, () => {
    let server: ConformanceServer;
    let site: HostileSite;
    let spaceId: string;

    beforeAll(async () => {
      site = await startHostileSite({ robots: 'User-agent: *\nDisallow: /hostile/private/\n' });
      server = await startConformanceServer(kind);
      // The operator's allow-list, as `QUIRE_IMPORT_ALLOW_HOSTS=127.0.0.1` gives it: the test site is on loopback.
      server.app.quire.imports = { ...defaultImportSettings, policy: importTargetPolicyFrom('127.0.0.1'), timeoutMs: 1500 };
      const { data: space } = await server.client().orgs.createSpace(server.admin.organization.id, { title: 'Imported' });
      spaceId = space.id;
    });
    afterAll(async () => {
      await server?.close();
      await site?.close();
    });

    const post = (path: string, body: unknown, token?: string) => server.request('POST', `/v1/spaces/${spaceId}${path}`, { body, ...(token === undefined ? {} : { token }) });

    it('imports the fixture site into a change request: tree from the URL paths, links and images rewritten', async () => {
      const api = server.client();
      const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Import Lantern' });
      const response = await post(`/change-requests/${changeRequest.id}/content/import`, { source: 'website', url: `${site.origin}/index.html` });
      expect(response.status).toBe(201);
      const result = (await response.json()) as { revision: string; importedResources: number; totalResources: number };
      const { data: head } = await api.spaces.getChangeRequestById(spaceId, changeRequest.id);
      expect(result.revision).toBe(head.revision);
      // Written: six pages, two folders (guide, reference: no index page) and the two images.
      // Seven pages discovered: the six of the site and /privacy.html, linked from the footer but missing (404).
      expect(result.totalResources).toBe(7);
      expect(result.importedResources).toBe(10);

      const { data: pages } = await api.spaces.listPagesInChangeRequest(spaceId, changeRequest.id);
      const outline = (list: readonly { title: string; pages?: readonly unknown[] }[]): unknown[] =>
        list.map((page) => (page.pages !== undefined && page.pages.length > 0 ? { [page.title]: outline(page.pages as typeof list) } : page.title));
      // Breadth-first from the home page; guide/ and reference/ have no index page, so each becomes a folder page.
      expect(outline(pages.pages as never)).toEqual(['Welcome to Lantern', { Guide: ['Installation', 'Configuration'] }, { Reference: ['HTTP API', 'Command line'] }, 'Frequently asked questions']);

      const guide = (pages.pages[1] as { pages: { id: string }[] }).pages[0]!;
      const { data: install } = await api.spaces.getPageInChangeRequestById(spaceId, changeRequest.id, guide.id, { format: 'markdown' });
      const markdown = (install as { markdown: string }).markdown;
      expect(install).toMatchObject({ title: 'Installation', description: 'How to install Lantern on Linux, macOS and Docker.' });
      // The link to another imported page is a relative .md path of the Git layout (slug from the title), anchor kept.
      expect(markdown).toMatch(/\]\(configuration\.md#storage\)/);
      expect(markdown).not.toContain(site.origin);
      expect(markdown).not.toContain('copyToClipboard');
      const { data: files } = await api.spaces.listFilesInChangeRequestById(spaceId, changeRequest.id);
      expect(files.items.map((file) => file.name).sort()).toEqual(['diagram.svg', 'logo.png']);
    });

    it('imports into the space through a merged change request', async () => {
      const response = await post('/content/import', { source: 'website', url: `${site.origin}/guide/install.html` });
      expect(response.status).toBe(201);
      const result = (await response.json()) as { revision: string; importedResources: number; totalResources: number };
      const { data: space } = await server.client().spaces.getSpaceById(spaceId);
      expect(result.revision).toBe(space.revision);
      expect(result.totalResources).toBe(2);
      const merged = (await (await server.request('GET', `/v1/spaces/${spaceId}/change-requests?status=merged`)).json()) as { items: { subject: string }[] };
      expect(merged.items.map((item) => item.subject)).toContain(`Import ${site.origin}/guide/install.html`);
    });

    it('refuses other sources, non-http URLs, private addresses and readers, naming the field', async () => {
      const cases: [unknown, number, RegExp][] = [
        [{ source: 'file', url: `${site.origin}/` }, 400, /^source: file imports are not supported by this server; supported: website/],
        [{ source: 'wiki', url: `${site.origin}/` }, 400, /^source: must be a known source kind \(website, file\); supported: website/],
        [{ source: 'website', url: 'file:///etc/passwd' }, 400, /^url: file: URLs cannot be imported/],
        [{ source: 'website', url: 'http://[::1]:9/' }, 400, /^url: ::1 resolves to ::1, a loopback address/],
        [{ source: 'website', url: `${site.origin}/hostile/off-site-redirect.html` }, 400, /^url: nothing could be imported from .*redirects off the site/],
      ];
      for (const [body, status, message] of cases) {
        const response = await post('/content/import', body);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
      }
      const reader = await server.tokenFor({ user: `reader-${kind}@example.com`, organization: server.admin.organization.id, role: 'read' });
      const before = site.requests.length;
      expect((await post('/content/import', { source: 'website', url: `${site.origin}/` }, reader)).status).toBe(403);
      expect(site.requests.length).toBe(before);
    });
  });
}
