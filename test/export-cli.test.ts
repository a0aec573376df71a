// `quire export` end to end: a space written through the API, a site made of it and published, exported from
// the real server on a socket by the command, and the bundle checked on disk.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';
import { startConformanceServer, type ConformanceServer } from './conformance/harness.ts';
import { captureTerminal, publishOneSpaceSite } from './support/published-site.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-export-cli-'));
let server: ConformanceServer;
let siteId: string;

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.html')).map((path) => join(folder, path));
}

beforeAll(async () => {
  server = await startConformanceServer('sqlite');
  siteId = await publishOneSpaceSite(server, [
    { operation: 'insert_page', ref: 'home', title: 'Welcome', document: { markdown: '# Welcome\n\nRead the [guide](./guide.md).\n\n{% hint style="info" %}\nHello from a hint.\n{% endhint %}\n' } },
    { operation: 'insert_page', ref: 'guide', title: 'Guide', slug: 'guide', document: { markdown: '# Guide\n\nBack to the [start](./README.md). Find me with the word zephyr.\n' } },
  ]);
});

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('quire export', () => {
  it('writes a static bundle of the published site that links to itself and searches offline', async () => {
    const out = join(work, 'site');
    const terminal = captureTerminal();
    const code = await runCli(['export', '--site', siteId, '--out', out, '--api', server.baseUrl, '--token', server.admin.token], terminal);
    expect(terminal.errors()).not.toMatch(/quire: /);
    expect(code).toBe(0);
    expect(terminal.output()).toContain('Exported 2 pages');
    expect(terminal.output()).toContain('No broken links.');

    for (const file of ['index.html', '404.html', 'sitemap.xml', 'assets/quire.css', 'assets/quire.js', 'assets/search-index.js']) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    const pages = htmlFiles(out);
    expect(pages.length).toBeGreaterThanOrEqual(3); // two pages and 404.html
    // Every relative link and script of every page points at a file of the bundle (file:// and static servers).
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      for (const [, target] of html.matchAll(/(?:href|src)="([^"#?]+)[^"]*"/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('//')) continue;
        const resolved = resolve(dirname(page), target!);
        expect(resolved.startsWith(out), `${page} → ${target}`).toBe(true);
        expect(existsSync(resolved) && statSync(resolved).isFile(), `${page} → ${target}`).toBe(true);
      }
    }
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).toContain('Welcome');
    expect(home).toContain('Hello from a hint.');
    expect(home).toMatch(/href="[^"]*guide\/index\.html"/);
    expect(readFileSync(join(out, 'assets/search-index.js'), 'utf8')).toContain('zephyr');
  });

  it("exports nothing of another site of the organization, even when this one's customization links to it", async () => {
    const api = server.client();
    const organization = server.admin.organization.id;
    const { data: secret } = await api.orgs.createSpace(organization, { title: 'Internal notes' });
    const { data: changeRequest } = await api.spaces.createChangeRequest(secret.id, { subject: 'Secret' });
    await api.spaces.updateChangeRequestContent(secret.id, changeRequest.id, {
      changes: [{ operation: 'insert_page', ref: 'plans', title: 'Plans', document: { markdown: '# Plans\n\nMARKER-other-site-5c1e\n' } }],
    });
    await api.spaces.mergeChangeRequest(secret.id, changeRequest.id);
    const { data: other } = await api.orgs.createSite(organization, { title: 'Other site', visibility: 'public', spaces: [secret.id] } as never);
    await api.orgs.publishSite(organization, other.id);
    const { data: settings } = await api.orgs.getSiteCustomizationById(organization, siteId);
    await api.orgs.updateSiteCustomizationById(organization, siteId, {
      ...settings,
      header: { ...settings.header, links: [{ title: 'Notes', to: { kind: 'space', space: secret.id }, links: [] }] },
    } as never);

    const out = join(work, 'isolated');
    const code = await runCli(['export', '--site', siteId, '--out', out, '--api', server.baseUrl, '--token', server.admin.token], captureTerminal());
    expect(code).toBe(0);
    const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(out, path)).isFile());
    for (const file of files) {
      const text = readFileSync(join(out, file), 'utf8');
      expect(text, file).not.toContain('MARKER-other-site-5c1e');
      expect(text, file).not.toContain('Internal notes');
    }
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<span class="header-link">Notes</span>');
  });

  it('says which site it could not read, and exits 1', async () => {
    const terminal = captureTerminal();
    const code = await runCli(['export', '--site', 'nosuchsite', '--out', join(work, 'none'), '--api', server.baseUrl, '--token', server.admin.token], terminal);
    expect(code).toBe(1);
    expect(terminal.errors()).toMatch(/API_REQUEST_FAILED.*404/);
  });
});
