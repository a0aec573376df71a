// An exported API reference in a real browser (Debian's chromium through playwright-core, offline, from file://):
// the computed `builtin:openapi` page of the pet-store fixture (test/fixtures/openapi/petstore.yaml, with its `$ref`
// cycles) shows every operation, a schema `<details>` opens to show a nested property, the sidebar shows a method
// badge for a page that is one operation, and nothing logs an error. Screenshots, light and dark, are kept as
// test/.artifacts/openapi-reference.png and openapi-reference-dark.png (git-ignored).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureOpenAPILoader, openapiSite } from '../src/export/export-openapi-fixture.ts';
import { exportSite } from '../src/export/index.ts';
import { chromiumAvailable, launchOfflineChromium } from './support/offline-chromium.ts';

const available = chromiumAvailable('openapi-browser');
const artifacts = fileURLToPath(new URL('./.artifacts/', import.meta.url));

describe.skipIf(!available)('exported API reference in a browser', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-openapi-browser-'));
  const outDir = join(scratch, 'site');
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    await exportSite(openapiSite(), { outDir, workers: 0, loadOpenAPIDocument: fixtureOpenAPILoader });
    mkdirSync(artifacts, { recursive: true });
    context = await launchOfflineChromium(join(scratch, 'profile'), { width: 1360, height: 900 });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('opens the computed reference page with every operation, and method badges in the outline and the sidebar', async () => {
    await page.goto(pathToFileURL(join(outDir, 'petstore-api/index.html')).href);
    await page.waitForSelector('#qr-nav a');
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Petstore API');
    await expect(page.locator('section.openapi-operation').count()).resolves.toBe(6);
    await expect(page.locator('#operation-get-pets-petid').isVisible()).resolves.toBe(true);
    await expect(page.locator('.outline a[href="#operation-delete-pets-petid"] .http-method').textContent()).resolves.toBe('DELETE');
    const listPets = page.locator('#qr-nav .nav-link', { hasText: 'List pets' });
    await expect(listPets.locator('.nav-method[data-method="get"]').textContent()).resolves.toBe('GET');
    await expect(page.locator('#qr-nav .nav-link', { hasText: 'Models' }).locator('.nav-method').count()).resolves.toBe(0);
  });

  it('expands a schema <details> to show a nested property, and stops at a cycle', async () => {
    // Models: Person's properties are inside a closed <details>; its `friend` is a Person again, shown as a cycle.
    const person = page.locator('section.openapi-schema[data-schema="Person"] > details.openapi-schema-details');
    const name = person.locator('.schema-tree > .schema-properties > li.schema-property .schema-name', { hasText: /^name$/ }).first();
    await expect(name.isVisible()).resolves.toBe(false);
    await person.locator(':scope > summary').click();
    await expect(name.isVisible()).resolves.toBe(true);
    await expect(person.getAttribute('open')).resolves.toBe('');
    // A branch inside: `pets` (an array of Pet) opens to its items.
    const pets = person.locator('.schema-tree > .schema-properties > li.schema-property', { has: page.locator(':scope > details > summary .schema-name', { hasText: /^pets$/ }) });
    const items = pets.locator(':scope > details > .schema-properties[data-kind="items"] .schema-name', { hasText: /^items$/ }).first();
    await expect(items.isVisible()).resolves.toBe(false);
    await pets.locator(':scope > details > summary').click();
    await expect(items.isVisible()).resolves.toBe(true);
    const friend = person.locator('.schema-tree > .schema-properties > li.schema-property', { has: page.locator(':scope > .schema-row .schema-name', { hasText: /^friend$/ }) });
    await expect(friend.locator(':scope > .schema-circular').textContent()).resolves.toBe('circular: Person');
    await expect(friend.locator(':scope > .schema-circular').isVisible()).resolves.toBe(true);
    await person.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, 'openapi-reference.png') });
  });

  it('reads in dark mode too', async () => {
    await page.click('#qr-theme');
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    const colors = await page.evaluate<{ text: string; background: string }>(
      `(() => { const badge = document.querySelector('.openapi-head .http-method'); const style = getComputedStyle(badge); return { text: style.color, background: getComputedStyle(document.body).backgroundColor }; })()`,
    );
    expect(colors.text).not.toBe(colors.background);
    await page.screenshot({ path: join(artifacts, 'openapi-reference-dark.png') });
    expect(problems).toEqual([]);
  });
});
