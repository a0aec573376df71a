// The README's "Publish your own docs" walk, as a person types it: the `quire` lines of its shell block, taken from
// README.md itself (so the two cannot drift), run in child processes in a fresh Git repository holding a copy of
// fixtures/repositories/current-style, with the ids each command prints put in place of <spaceId> and <siteId>.
// The exported site is then read in Chromium, offline.
import fs, { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { readDirectoryFiles } from '../src/disk/index.ts';
import { initRepository, writeCommit } from '../src/git/index.ts';
import { chromiumAvailable, launchOfflineChromium } from './support/offline-chromium.ts';
import { fixtureRepositories } from './support/repositories.ts';
import { runQuire } from './support/serve-process.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The `quire ...` lines of the first shell block of the README's "Publish your own docs" section, comments cut. */
function readmeCommands(): string[] {
  const section = /^## Publish your own docs\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (section === undefined) throw new Error('README.md has no "## Publish your own docs" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('the "Publish your own docs" section has no ```sh block');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.startsWith('quire '));
}

/** Splits a command line into words as a shell does for the plain words and "double-quoted" words the README uses. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

const scratch = mkdtempSync(join(tmpdir(), 'quire-own-docs-'));
const available = chromiumAvailable('publish-your-own-docs');
let context: BrowserContext | undefined;

afterAll(async () => {
  await context?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('README: Publish your own docs', () => {
  it('names sync, sites create, sites publish and export, in that order', () => {
    expect(readmeCommands().map((line) => shellWords(line).slice(1, 3).join(' '))).toEqual(['sync', 'sites create', 'sites publish', 'export --site']);
  });

  it.skipIf(!available)('walks a repository to an exported site that reads well in a browser', async () => {
    // The person's repository: the fixture, committed on main in a fresh Git repository.
    const repoDir = join(scratch, 'my-docs');
    const repo = await initRepository({ fs, dir: repoDir });
    const files = (await readDirectoryFiles(fixtureRepositories['current-style']!)).files;
    const author = { name: 'Writer', email: 'writer@example.com', timestamp: 1_700_000_000, timezoneOffset: 0 };
    await writeCommit(repo, { parent: null, changes: { write: files }, author, message: 'Docs', ref: 'main', checkout: true });

    const ids: Record<string, string> = {};
    for (const line of readmeCommands()) {
      const args = shellWords(line.replace(/<(spaceId|siteId)>/g, (placeholder, name: string) => ids[name] ?? placeholder)).slice(1);
      expect(args.join(' '), 'a placeholder with no id printed before it').not.toMatch(/<\w+>/);
      const run = await runQuire(args, { cwd: repoDir });
      expect(run.code, `${line}\n${run.stdout}\n${run.stderr}`).toBe(0);
      const space = /^Space: (\S+)/m.exec(run.stdout)?.[1];
      if (space !== undefined) ids['spaceId'] = space;
      const site = /^Created site (\S+)/m.exec(run.stdout)?.[1];
      if (site !== undefined) ids['siteId'] = site;
    }
    expect(Object.keys(ids).sort()).toEqual(['siteId', 'spaceId']);

    const home = join(repoDir, 'site', 'index.html');
    expect(existsSync(home)).toBe(true);
    context = await launchOfflineChromium(join(scratch, 'profile'), { width: 1280, height: 860 });
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error on ${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
    page.on('requestfailed', (request) => {
      if (request.url().startsWith('file:')) problems.push(`request failed on ${page.url()}: ${request.url()} (${request.failure()?.errorText})`);
    });

    const firstTitle = /^# (.+)$/m.exec(new TextDecoder().decode(files.get('README.md')))![1]!;
    await page.goto(pathToFileURL(home).href);
    await page.waitForSelector('h1.page-title');
    expect(await page.locator('h1.page-title').innerText()).toBe(firstTitle);

    // Every top-level page of SUMMARY.md is in the sidebar (nested ones are folded under theirs), and following one
    // of its links opens that page.
    const summary = new TextDecoder().decode(files.get('SUMMARY.md'));
    const topLevel = [...summary.matchAll(/^[*-] \[([^\]]+)\]\(([^)]+\.md)\)/gm)].map((match) => match[1]!);
    expect(topLevel.length).toBeGreaterThan(5);
    const sidebar = (await page.locator('#qr-nav').textContent()) ?? '';
    for (const title of topLevel) expect(sidebar, title).toContain(title);
    const invoices = /^# (.+)$/m.exec(new TextDecoder().decode(files.get('guides/invoices.md')))![1]!;
    await page.locator('#qr-nav a', { hasText: invoices }).first().click();
    await page.waitForURL(/guides\/invoices\/index\.html$/);
    expect(await page.locator('h1.page-title').innerText()).toBe(invoices);
    expect(problems).toEqual([]);
  }, 180_000);
});
