// Website import end to end: the seed's POST .../content/import on a real server (SQLite, and PostgreSQL when
// QUIRE_TEST_DATABASE_URL is set), importing the converter's fixture site from a local HTTP server, then reading
// the pages back through the official client.
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relativePath, splitTarget } from '../../src/format/directory-path.ts';
import { rewriteReferences, scanReferences, type Reference } from '../../src/format/references.ts';
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts';
import { stringifyMarkdown } from '../../src/markdown/stringify-markdown.ts';
import { startHostileSite, type HostileSite } from '../../src/import/hostile-site.fixture.ts';
import { importTargetPolicyFrom } from '../../src/import/import-target-rule.ts';
import { defaultImportSettings } from '../../src/service/index.ts';
import { postgresSkipReason, startConformanceServer, type ConformanceServer, type StoreKind } from './harness.ts';

const kinds: StoreKind[] = ['sqlite', 'postgres'];

const fixtureSite = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/import-site');

/**
 * The fixture site's pages: title, where the converter's test writes each (`expected/<URL path>.md`, see
 * src/import/html-to-markdown.test.ts), and where the import puts it (the Git layout of FORMAT.md: the start
 * page is README.md, every other page a file named after the slug of its title, in the folder of its parent).
 *
 * What differs between the two BY DESIGN, and only that: the converter's test rewrites a link to a site page
 * into the relative path between the two `expected/` files, and an image into the relative path to
 * `.gitbook/assets/<name>`; the import writes links to its pages as relative paths between their files in the
 * layout below (anchors kept), and images as relative paths to the stored files (`.gitbook/assets/<name>`, the
 * same names); table columns are padded around those targets. `asImported` maps the first into the second;
 * everything else must be byte for byte the same.
 */
const fixturePages: readonly (readonly [title: string, converterPath: string, importedPath: string])[] = [
  ['Welcome to Lantern', 'index.md', 'README.md'],
  ['Installation', 'guide/install.md', 'guide/installation.md'],
  ['Configuration', 'guide/configure.md', 'guide/configuration.md'],
  ['HTTP API', 'reference/api.md', 'reference/http-api.md'],
  ['Command line', 'reference/cli.md', 'reference/command-line.md'],
  ['Frequently asked questions', 'faq.md', 'frequently-asked-questions.md'],
];
const importedPathOf = new Map(fixturePages.map(([, converterPath, importedPath]) => [converterPath, importedPath]));

/**
 * The converter's expected Markdown for `converterPath`, with each relative link and image target moved from the
 * converter test's layout to the import's (anchors and titles kept). A relative target that names neither a
 * fixture page nor an asset fails the test: the fixture would have changed under it.
 */
function asImported(markdown: string, converterPath: string): string {
  const importedPath = importedPathOf.get(converterPath)!;
  const replacements = new Map<Reference, string>();
  for (const reference of scanReferences(markdown)) {
    const { path, suffix } = splitTarget(reference.target);
    if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path)) continue;
    const target = posix.normalize(posix.join(posix.dirname(converterPath), path));
    const moved = target.startsWith('.gitbook/assets/') ? target : importedPathOf.get(target);
    if (moved === undefined) throw new Error(`${converterPath}: ${reference.target} names no fixture page or asset`);
    replacements.set(reference, relativePath(importedPath, moved) + suffix);
  }
  // The expected files read back unchanged (html-to-markdown.test.ts checks it), so a parse and stringify with
  // Quire's Markdown changes nothing in them but what the new targets change: the padding of table columns,
  // laid out by the converter around the targets it writes.
  return stringifyMarkdown(parseMarkdown(rewriteReferences(markdown, replacements)));
}

interface ImportedPage {
  id: string;
  title: string;
  path?: string;
  pages?: readonly ImportedPage[];
}


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

      // Every page's stored body is the converter's expected Markdown, with link targets as the import writes them.
      const flat = (list: readonly ImportedPage[]): ImportedPage[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
      const byTitle = new Map(flat(pages.pages as never).map((page) => [page.title, page]));
      for (const [title, converterPath, importedPath] of fixturePages) {
        const page = byTitle.get(title);
        expect(page, title).toBeDefined();
        // The page's URL path in the space is its file's path in the Git layout, less `.md` (README.md: the first page).
        if (importedPath !== 'README.md') expect(page!.path, title).toBe(importedPath.replace(/\.md$/, ''));
        const { data: read } = await api.spaces.getPageInChangeRequestById(spaceId, changeRequest.id, page!.id, { format: 'markdown' });
        const expected = readFileSync(join(fixtureSite, 'expected', converterPath), 'utf8');
        expect((read as { markdown: string }).markdown, importedPath).toBe(asImported(expected, converterPath));
      }
      expect(byTitle.get('Installation')).toMatchObject({ description: 'How to install Lantern on Linux, macOS and Docker.' });
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
