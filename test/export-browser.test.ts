// The exported bundle in a real browser (Debian's chromium through playwright-core): opened from file://, the
// reader navigates the sidebar, switches a section tab and a variant, searches and opens a result, toggles dark
// mode and follows previous/next. No console error, no failed request, no internal link without its file.
// One screenshot per layout is kept under test-results/export-browser/ (git-ignored).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../src/export/index.ts';
import { fixtureSite } from '../src/export/export-site-fixture.ts';
import { oneSpaceSite, spaceBundle } from '../src/render/inline-site-fixture.ts';
import type { CustomizationInput } from '../src/render/index.ts';
import { chromiumAvailable, launchOfflineChromium } from './support/offline-chromium.ts';

const available = chromiumAvailable('export-browser');

const screenshots = fileURLToPath(new URL('../test-results/export-browser/', import.meta.url));

describe.skipIf(!available)('exported site in a browser', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-export-browser-'));
  const outDir = join(scratch, 'site');
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const url = (path: string) => pathToFileURL(join(outDir, path)).href;
  const watch = (target: Page) => {
    target.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()} on ${target.url()}: ${message.text()}`);
    });
    target.on('pageerror', (error) => problems.push(`page error on ${target.url()}: ${error.message}`));
    target.on('requestfailed', (request) => problems.push(`request failed on ${target.url()}: ${request.url()} (${request.failure()?.errorText})`));
  };
  const open = async (path: string) => {
    await page.goto(url(path));
    await page.waitForSelector('#qr-nav a');
  };
  const shot = (name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: false });
  const path = () => relative(outDir, fileURLToPath(page.url())).split(sep).join('/');

  beforeAll(async () => {
    // guides/writing.md is shown on a condition (`if: visitor.claims.staff`): export for a visitor who passes it.
    await exportSite(await fixtureSite(), { outDir, workers: 0, claims: { staff: true } });
    mkdirSync(screenshots, { recursive: true });
    // Nothing may leave the machine: the bundle works offline.
    context = await launchOfflineChromium(join(scratch, 'profile'), { width: 1360, height: 860 });
    page = context.pages()[0] ?? (await context.newPage());
    watch(page);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('opens index.html from file:// and draws the sidebar from the navigation file', async () => {
    await open('index.html');
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Handbook');
    await expect(page.locator('#qr-nav .nav-link[aria-current="page"]').textContent()).resolves.toBe('Handbook');
    await expect(page.locator('#qr-nav .nav-group-title').allTextContents()).resolves.toEqual(['Reference', 'API']);
    await shot('desktop-light');
  });

  it('navigates the sidebar, opening a branch', async () => {
    await page.click('#qr-nav a:has-text("Glossary")');
    await page.waitForURL(/reference\/glossary\/index\.html$/);
    await expect(page.locator('#qr-nav .nav-link[aria-current="page"]').textContent()).resolves.toBe('Glossary');
    const guides = page.locator('#qr-nav li.nav-item', { has: page.locator(':scope > .nav-row > a', { hasText: 'Guides' }) });
    await guides.locator(':scope > .nav-row > .nav-toggle').click();
    await guides.locator('a:has-text("Writing")').click();
    await page.waitForURL(/guides\/writing\/index\.html$/);
    expect(path()).toBe('guides/writing/index.html');
    await expect(page.locator('.breadcrumbs').textContent()).resolves.toBe('Guides');
  });

  it('switches a section tab, and a section of a group', async () => {
    await page.click('.section-tabs a.section-tab:has-text("Tutorials")');
    await page.waitForURL(/tutorials\/index\.html$/);
    await expect(page.locator('.section-tab.active').textContent()).resolves.toBe('Tutorials');
    await page.click('.tab-group > summary');
    await page.click('.tab-group .menu a:has-text("Platform")');
    await page.waitForURL(/platform\/index\.html$/);
    await expect(page.locator('.tab-group > summary.active').count()).resolves.toBe(1);
    await shot('section-tab');
  });

  it('switches the variant and stays on the same page path', async () => {
    await open('guides/index.html');
    await page.click('#qr-variants > summary');
    await shot('variant-switcher');
    await page.click('#qr-variants .menu a:has-text("v1")');
    await page.waitForURL(/v1\/guides\/index\.html$/);
    expect(path()).toBe('v1/guides/index.html');
    await expect(page.locator('#qr-variants > summary').textContent()).resolves.toBe('v1');
  });

  it('switches the tabs of a tabs block', async () => {
    await open('guides/index.html');
    await page.click('.tabs .tab:has-text("Reviewers")');
    await expect(page.locator('.tabs .tab-panel[data-tab="1"]').isVisible()).resolves.toBe(true);
    await expect(page.locator('.tabs .tab-panel[data-tab="0"]').isVisible()).resolves.toBe(false);
  });

  it('searches offline, groups results by section and variant, and opens one', async () => {
    await open('index.html');
    await page.click('#qr-search-open');
    await page.fill('#qr-search-input', 'guides');
    await page.waitForSelector('#qr-search-results .search-result');
    const groups = await page.locator('#qr-search-results .search-group-title').allTextContents();
    expect(groups).toEqual(expect.arrayContaining(['Handbook › v2', 'Handbook › v1']));
    await shot('search');
    await page.fill('#qr-search-input', 'installation checklist');
    await page.waitForSelector('#qr-search-results .search-result:has-text("Install")');
    await page.click('#qr-search-results .search-result:has-text("Install")');
    await page.waitForURL(/getting-started\/install\/index\.html$/);
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Install');
  });

  it('follows previous and next', async () => {
    await open('getting-started/install/index.html');
    await page.click('.pagination-link.next');
    await page.waitForURL(/getting-started\/configure\/index\.html$/);
    await page.click('.pagination-link.previous');
    await page.waitForURL(/getting-started\/install\/index\.html$/);
    await page.click('.pagination-link.previous');
    await page.waitForURL(/getting-started\/index\.html$/);
  });

  it('toggles dark mode, and remembers it', async () => {
    await open('reference/glossary/index.html');
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    await page.click('#qr-theme');
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    // Expressions run in the page (the repository's TypeScript has no DOM types).
    const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    expect(background).not.toBe('rgb(255, 255, 255)');
    await open('guides/index.html');
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    await shot('desktop-dark');
    await page.click('#qr-theme');
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
  });

  it('opens external links of the sidebar in a new tab, as the customization says', async () => {
    await open('index.html');
    const status = page.locator('#qr-nav a.nav-external', { hasText: 'Status page' });
    await expect(status.getAttribute('href')).resolves.toBe('https://status.example.com');
    await expect(status.getAttribute('target')).resolves.toBe('_blank');
    await expect(status.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await expect(page.locator('.header-links a[href="https://status.example.com"]').getAttribute('target')).resolves.toBe('_blank');
  });

  it("follows the site's default theme, the system's when it says so, and offers no toggle when it is not toggleable", async () => {
    const exportWith = async (name: string, customization: CustomizationInput) => {
      const folder = join(scratch, name);
      await exportSite(oneSpaceSite(spaceBundle({ 'README.md': '# Home\n\nText.\n' }), customization), { outDir: folder, workers: 0 });
      return pathToFileURL(join(folder, 'index.html')).href;
    };
    const system = await exportWith('theme-system', { themes: { default: 'system', toggeable: false } });
    const dark = await exportWith('theme-dark', { themes: { default: 'dark', toggeable: false } });
    const reader = await context.newPage();
    watch(reader);
    // A choice the reader made on a site with a toggle (light) is ignored by a site without one.
    await reader.emulateMedia({ colorScheme: 'dark' });
    await reader.goto(system);
    await reader.evaluate('localStorage.setItem("quire-theme", "light")');
    await reader.reload();
    await reader.waitForSelector('#qr-nav a');
    await expect(reader.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    await expect(reader.locator('#qr-theme').count()).resolves.toBe(0);
    await reader.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => reader.locator('html').getAttribute('data-theme')).toBe('light');
    await reader.goto(dark);
    await reader.waitForSelector('#qr-nav a');
    await expect(reader.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    await reader.close();
  });

  it('draws icons as <svg> elements of the text size: in the title, the text, a hint and the sidebar', async () => {
    const folder = join(scratch, 'icons');
    const markdown = '---\nicon: house\n---\n\n# Home\n\nLaunch <i class="fa-rocket" style="color:$primary;">:rocket:</i> today.\n\n{% hint style="warning" icon="bolt" %}\nFast.\n{% endhint %}\n';
    await exportSite(oneSpaceSite(spaceBundle({ 'README.md': markdown, 'SUMMARY.md': '* [Home](README.md)\n* [Setup](setup.md)\n', 'setup.md': '---\nicon: gear\n---\n\n# Setup\n' })), { outDir: folder, workers: 0 });
    const reader = await context.newPage();
    watch(reader);
    await reader.goto(pathToFileURL(join(folder, 'index.html')).href);
    await reader.waitForSelector('#qr-nav .nav-icon svg');
    const sizes = await reader.evaluate<Array<{ where: string; tag: string; width: number; height: number; colour: string }>>(`
      [['title', '.page-title .page-icon svg'], ['text', '.markdown p svg'], ['hint', '.hint-icon svg'], ['sidebar', '#qr-nav .nav-icon svg']].map(([where, selector]) => {
        const node = document.querySelector(selector);
        const box = node ? node.getBoundingClientRect() : { width: 0, height: 0 };
        return { where, tag: node ? node.tagName.toLowerCase() : 'none', width: box.width, height: box.height, colour: node ? getComputedStyle(node).color : '' };
      })`);
    for (const size of sizes) {
      expect(size.tag, size.where).toBe('svg');
      expect(size.width, size.where).toBeGreaterThan(8);
      expect(size.height, size.where).toBeGreaterThan(8);
      expect(size.height, size.where).toBeLessThan(48);
    }
    // $primary is the theme's primary colour (#346DDB by default).
    expect(sizes.find((size) => size.where === 'text')!.colour).toBe('rgb(52, 109, 219)');
    await expect(reader.locator('.markdown').textContent()).resolves.not.toContain(':rocket:');
    await reader.close();
  });

  it('has a mobile layout with a sidebar drawer', async () => {
    const mobile = await context.newPage();
    watch(mobile);
    await mobile.setViewportSize({ width: 390, height: 844 });
    await mobile.goto(url('getting-started/install/index.html'));
    await mobile.waitForSelector('#qr-nav a');
    const left = async () => (await mobile.locator('#qr-sidebar').boundingBox())?.x ?? -1;
    expect(await left()).toBeLessThan(0);
    await mobile.click('#qr-menu');
    await mobile.waitForTimeout(300);
    expect(await left()).toBe(0);
    await mobile.screenshot({ path: join(screenshots, 'mobile-drawer.png') });
    await mobile.close();
  });

  it('shows the 404 page', async () => {
    await page.goto(url('404.html'));
    await expect(page.locator('h1').textContent()).resolves.toBe('Page not found');
    await shot('not-found');
  });

  it('leaves no internal link without its file on any page, and logs no error', async () => {
    const pages = readdirSync(outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name === 'index.html')
      .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
    expect(pages.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const file of pages) {
      await open(file);
      const links = await page.evaluate<string[]>('[...document.querySelectorAll("a[href], img[src], link[href], script[src]")].map((node) => node.href || node.src)');
      for (const link of links) {
        if (!link.startsWith('file:')) continue;
        const target = fileURLToPath(link.split('#')[0]!);
        if (!existsSync(target)) missing.push(`${file} → ${link}`);
      }
    }
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);
});
