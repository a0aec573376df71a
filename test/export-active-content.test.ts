// Uploaded files that would run script with the exported site's origin (HTML, SVG, XHTML, XML, and a file whose
// media type alone says HTML) are linked as inert `.txt` copies with `download`, and an SVG is shown only through
// `<img>`. In Chromium from file://: open the page, click every file link, open every file the bundle links to:
// no script runs (each one would call the probe exposed to every frame), and the SVG image still displays.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../src/export/index.ts';
import { oneSpaceSite, spaceBundle } from '../src/render/inline-site-fixture.ts';
import { chromiumAvailable, launchOfflineChromium } from './support/offline-chromium.ts';

const available = chromiumAvailable('export-active-content');

/** What every hostile file does when its script runs: tell the probe, change the title, write to storage. */
// No `&` or `<`: the same text is the script of XML documents. Every file:// page shares one localStorage.
const payload = (who: string) => `if (window.quireProbe) window.quireProbe('${who}'); document.title = 'pwned ${who}'; try { localStorage.setItem('pwned-${who}', '1'); window.top.pwned = '${who}'; } catch (error) {}`;

const hostileFiles: Record<string, string> = {
  '.gitbook/assets/page.html': `<!doctype html><title>page</title><script>${payload('html')}</script>`,
  '.gitbook/assets/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" onload="${payload('svg-onload').replace(/'/g, '&apos;')}"><script>${payload('svg-script')}</script><rect width="40" height="30" fill="#c00"/></svg>`,
  '.gitbook/assets/doc.xhtml': `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>doc</title></head><body><script>${payload('xhtml')}</script></body></html>`,
  '.gitbook/assets/feed.xml': `<?xml version="1.0"?><feed><script xmlns="http://www.w3.org/1999/xhtml">${payload('xml')}</script></feed>`,
  '.gitbook/assets/notes.dat': `<!doctype html><script>${payload('typed-html')}</script>`,
};

const markdown = [
  '# Files',
  '',
  '[html](.gitbook/assets/page.html) [svg](.gitbook/assets/logo.svg) [xhtml](.gitbook/assets/doc.xhtml) [xml](.gitbook/assets/feed.xml) [typed](.gitbook/assets/notes.dat)',
  '',
  '![logo](.gitbook/assets/logo.svg)',
  '',
  '<iframe src=".gitbook/assets/page.html"></iframe><object data=".gitbook/assets/logo.svg"></object><embed src=".gitbook/assets/doc.xhtml">',
  '',
].join('\n');

describe.skipIf(!available)('active content in an exported site', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-export-active-'));
  const outDir = join(scratch, 'site');
  const ran: string[] = [];
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const bundle = spaceBundle({ 'README.md': markdown, ...hostileFiles });
    // A harmless name whose media type says HTML: the type alone makes it active.
    const typed = bundle.revision.files.find((file) => file.name === 'notes.dat')!;
    typed.contentType = 'text/html';
    await exportSite(oneSpaceSite(bundle), { outDir, workers: 0 });
    context = await launchOfflineChromium(join(scratch, 'profile'), { width: 1200, height: 800 });
    await context.exposeBinding('quireProbe', (_source, who: string) => ran.push(who));
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** The hostile scripts that left a mark in the shared localStorage of file:// pages. */
  const marks = () => page.evaluate<string[]>(`Object.keys(localStorage).filter((key) => key.startsWith('pwned-')).sort()`);

  it('sees a script that runs: the same files opened outside the bundle leave their marks', async () => {
    const raw = join(scratch, 'raw');
    mkdirSync(raw);
    for (const name of ['page.html', 'logo.svg', 'doc.xhtml', 'feed.xml']) writeFileSync(join(raw, name), hostileFiles[`.gitbook/assets/${name}`]!);
    for (const name of ['page.html', 'logo.svg', 'doc.xhtml', 'feed.xml']) await page.goto(pathToFileURL(join(raw, name)).href);
    await page.goto(pathToFileURL(join(outDir, 'index.html')).href);
    await expect.poll(marks).toEqual(['pwned-html', 'pwned-svg-onload', 'pwned-svg-script', 'pwned-xhtml', 'pwned-xml']);
    expect(ran).toContain('html');
    await page.evaluate('localStorage.clear()');
    ran.length = 0;
  });

  it('links every active file to an inert .txt copy with download, and shows the SVG only through <img>', async () => {
    await page.goto(pathToFileURL(join(outDir, 'index.html')).href);
    const links = await page.locator('.page-body a[href*="assets/files/"], main a[href*="assets/files/"]').evaluateAll((anchors) =>
      anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href'), download: anchor.getAttribute('download') })),
    );
    const unique = [...new Map(links.map((link) => [link.text, link])).values()];
    expect(unique.map((link) => link.text).sort()).toEqual(['html', 'svg', 'typed', 'xhtml', 'xml']);
    for (const link of unique) {
      expect(link.href, link.text!).toMatch(/\.txt$/);
      expect(link.download, link.text!).not.toBeNull();
    }
    await expect(page.locator('iframe, object, embed, svg script').count()).resolves.toBe(0);
    const image = page.locator('img[alt="logo"]');
    await expect(image.getAttribute('src')).resolves.toMatch(/logo\.svg$/);
    await expect.poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(40);
    // The bundle holds no file under an active name but the image copy of the SVG.
    const written = readdirSync(join(outDir, 'assets/files'));
    expect(written.filter((name) => /\.(html?|xhtml|xml|svg|dat)$/i.test(name))).toEqual([expect.stringMatching(/logo\.svg$/)]);
  });

  it('runs no script when each link is clicked, or each linked file opened', async () => {
    const index = pathToFileURL(join(outDir, 'index.html')).href;
    await page.goto(index);
    const hrefs = await page.locator('main a[download]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as unknown as { href: string }).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(5);
    for (const text of ['html', 'svg', 'xhtml', 'xml', 'typed']) {
      await page.goto(index);
      await page.locator(`main a[download]:text-is("${text}")`).first().click();
      await page.waitForLoadState('load');
    }
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.evaluate<string>('document.contentType')).resolves.toBe('text/plain');
    }
    await page.goto(index);
    await expect(page.evaluate(`[document.title.startsWith('pwned'), window.pwned ?? null]`)).resolves.toEqual([false, null]);
    await expect(marks()).resolves.toEqual([]);
    expect(ran).toEqual([]);
  });
});
