// A monorepo in the hosted exporter's current style, driven the way a user migrating from the hosted service
// drives Quire: a fresh Git repository of the unedited fixture (fixtures/monorepos/ledgerline), `quire serve` in a
// child process, each space folder synced with `quire sync` (child processes), a site of one section per space made
// with the official client and published, then `quire export --claims` (child process) twice, with two sets of
// visitor claims. Each bundle is read in Chromium: no Liquid tag text, no `:icon:` text, each adaptive block shows
// exactly the branch the claims select, card tables are card grids with covers, icons are SVGs. The home page's
// screenshot is kept under test-results/real-repositories/ (git-ignored).
import { GitBookAPI } from '@gitbook/api';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git/git-cli-fixture.ts';
import { fixtureMonorepoClaims, fixtureMonorepos } from './support/repositories.ts';
import { runQuire, startServe, type Served } from './support/serve-process.ts';
import { chromiumAvailable, launchOfflineChromium } from './support/offline-chromium.ts';

const available = chromiumAvailable('real-repositories');

const screenshots = fileURLToPath(new URL('../test-results/real-repositories/', import.meta.url));
const monorepo = fixtureMonorepos['ledgerline']!;
const spaceFolders = ['payments', 'identity', 'developers'] as const;
type SpaceFolder = (typeof spaceFolders)[number];

/** The fixture's own claims (fixtures/monorepos/ledgerline.claims.json) and their opposite. */
const fixtureClaims = JSON.parse(readFileSync(fixtureMonorepoClaims['ledgerline']!, 'utf8')) as object;
const oppositeClaims = { unsigned: { persona: 'returning', loggedIn: true, plan: 'starter' }, flags: { beta: true } };

/**
 * Each adaptive branch's marker sentence on its space's home page (fixtures/monorepos/README.md), and whether it
 * shows for the fixture's claims; the opposite claims select exactly the other branches.
 */
const branches: { space: SpaceFolder; marker: string; withFixtureClaims: boolean }[] = [
  { space: 'payments', marker: 'Welcome, new builder.', withFixtureClaims: true },
  { space: 'payments', marker: 'Welcome back.', withFixtureClaims: false },
  { space: 'payments', marker: 'You are reading the public Payments guide.', withFixtureClaims: true },
  { space: 'payments', marker: 'Beta preview: instant payouts.', withFixtureClaims: false },
  { space: 'payments', marker: 'Enterprise support line for Payments', withFixtureClaims: true },
  { space: 'identity', marker: 'New to identity checks? Start with one verification and read its result.', withFixtureClaims: true },
  { space: 'identity', marker: 'Your verification dashboard is one click away', withFixtureClaims: false },
  { space: 'identity', marker: 'Beta preview: document liveness.', withFixtureClaims: false },
  { space: 'identity', marker: 'Enterprise reviewers work your queue', withFixtureClaims: true },
  { space: 'developers', marker: 'Create a free account to get sandbox keys.', withFixtureClaims: true },
  { space: 'developers', marker: 'First time here? Install an SDK and make one call.', withFixtureClaims: true },
  { space: 'developers', marker: 'Beta preview: the GraphQL endpoint.', withFixtureClaims: false },
  { space: 'developers', marker: 'Starter plan rate limit: 25 requests a second.', withFixtureClaims: false },
  { space: 'developers', marker: 'Enterprise sandbox with production-sized limits', withFixtureClaims: true },
];

/** The first `# ` line of a page file: its title. */
const titleOf = (file: string) => /^# (.+)$/m.exec(readFileSync(file, 'utf8'))![1]!;

/** The text of an exported page's title (its icon, an inline SVG, has none). */
const exportedTitle = (htmlFile: string) => /<h1 class="page-title">(.*?)<\/h1>/s.exec(readFileSync(htmlFile, 'utf8'))?.[1]?.replace(/<[^>]+>/g, '').trim();

/** Every exported page of a bundle, by title. */
const exportedTitles = (site: string) =>
  readdirSync(site, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('index.html'))
    .map((path) => exportedTitle(join(site, path)));

describe.skipIf(!available)('a current-style monorepo, synced space by space, published with sections and exported', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-real-repositories-'));
  const repo = join(scratch, 'docs');
  const sites: Record<'fixture' | 'opposite', string> = { fixture: join(scratch, 'site-fixture'), opposite: join(scratch, 'site-opposite') };
  const syncRuns = new Map<SpaceFolder, { code: number | null; stdout: string; stderr: string }>();
  const exportRuns = new Map<string, { code: number | null; stdout: string; stderr: string }>();
  let served: Served;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  /** The exported home page of a space: the top-level index.html whose title is its README's. */
  const homePage = (site: string, space: SpaceFolder) => {
    const title = titleOf(join(monorepo, space, 'README.md'));
    const candidates = ['index.html', ...readdirSync(site, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `${entry.name}/index.html`)];
    const found = candidates.find((path) => existsSync(join(site, path)) && exportedTitle(join(site, path)) === title);
    if (found === undefined) throw new Error(`no exported home page titled ${title} in ${site}`);
    return join(site, found);
  };
  const open = async (file: string) => {
    await page.goto(pathToFileURL(file).href);
    // Not the sidebar: the identity home page hides its table of contents (layout preset).
    await page.waitForSelector('h1.page-title');
  };
  const bodyText = () => page.locator('main').innerText();

  beforeAll(async () => {
    cpSync(monorepo, repo, { recursive: true });
    runGit(repo, ['init', '--quiet', '--initial-branch=main']);
    runGit(repo, ['add', '--all']);
    runGit(repo, ['commit', '--quiet', '--message', 'Docs as the hosted Git Sync wrote them']);

    served = await startServe(['--data', join(scratch, 'service')]);
    const api = new GitBookAPI({ endpoint: served.baseUrl, authToken: served.token });
    const { data: organizations } = await api.orgs.listOrganizationsForAuthenticatedUser();
    const organization = organizations.items[0]!.id;

    const { data: site } = await api.orgs.createSite(organization, { title: 'Ledgerline docs', visibility: 'public' } as never);
    for (const folder of spaceFolders) {
      const title = titleOf(join(repo, folder, 'README.md'));
      const { data: space } = await api.orgs.createSpace(organization, { title });
      syncRuns.set(folder, await runQuire(['sync', '--dir', join(repo, folder), '--api', served.baseUrl, '--token', served.token, '--space', space.id]));
      await api.orgs.addSectionToSite(organization, site.id, { spaceId: space.id, title, icon: folder === 'payments' ? 'credit-card' : null });
    }
    await api.orgs.publishSite(organization, site.id);

    for (const [name, claims] of [['fixture', fixtureClaims], ['opposite', oppositeClaims]] as const) {
      const claimsFile = join(scratch, `${name}.claims.json`);
      writeFileSync(claimsFile, JSON.stringify(claims));
      exportRuns.set(name, await runQuire(['export', '--site', site.id, '--api', served.baseUrl, '--token', served.token, '--claims', claimsFile, '--out', sites[name]]));
    }

    mkdirSync(screenshots, { recursive: true });
    // Nothing may leave the machine: the bundle works offline.
    context = await launchOfflineChromium(join(scratch, 'profile'), { width: 1360, height: 900 });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error on ${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
    page.on('requestfailed', (request) => {
      if (request.url().startsWith('file:')) problems.push(`request failed on ${page.url()}: ${request.url()} (${request.failure()?.errorText})`);
    });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    served?.child.kill();
    if (served) await served.exited;
    if (process.env.QUIRE_KEEP_SCRATCH === undefined) rmSync(scratch, { recursive: true, force: true });
    else console.log(`kept ${scratch}`);
  });

  it('syncs every space folder unedited, printing the missing cover as a warning with its file and line', () => {
    for (const folder of spaceFolders) {
      const run = syncRuns.get(folder)!;
      expect(run.code, `${folder}: ${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout, folder).not.toMatch(/\berror\b/i);
    }
    // The one file the fixture's history never had (fixtures/monorepos/README.md, "Deliberate problems").
    expect(syncRuns.get('developers')!.stdout).toMatch(/developers\/guides\/pagination\.md:\d+: warning [A-Z_]+: .*never-committed\.png/);
    expect(syncRuns.get('payments')!.stdout).not.toContain('never-committed');
  });

  it('exports the published site for each set of claims', () => {
    for (const [name, run] of exportRuns) expect(run.code, `${name}: ${run.stdout}\n${run.stderr}`).toBe(0);
  });

  it.each(['fixture', 'opposite'] as const)('shows exactly the adaptive branches the %s claims select, and never a Liquid tag', async (claims) => {
    for (const folder of spaceFolders) {
      await open(homePage(sites[claims], folder));
      const text = await bodyText();
      expect(text, folder).not.toMatch(/\{%|%\}/);
      expect(text, folder).not.toContain('visitor.claims');
      expect(text, folder).not.toContain('space.vars');
      for (const branch of branches.filter((candidate) => candidate.space === folder)) {
        const shown = claims === 'fixture' ? branch.withFixtureClaims : !branch.withFixtureClaims;
        expect(text.includes(branch.marker), `${folder}: "${branch.marker}" ${shown ? 'shown' : 'hidden'} for the ${claims} claims`).toBe(shown);
      }
    }
  });

  it('exports a page with a page condition only for the claims that select it', () => {
    // developers/guides/graphql.md: `if: visitor.claims.flags?.beta === true`.
    const title = titleOf(join(monorepo, 'developers/guides/graphql.md'));
    expect(exportedTitles(sites.fixture)).not.toContain(title);
    expect(exportedTitles(sites.opposite)).toContain(title);
    expect(exportedTitles(sites.fixture)).toContain(titleOf(join(monorepo, 'developers/guides/pagination.md')));
  });

  it('renders card tables as card grids with light and dark covers, and never shows a hidden column', async () => {
    await open(homePage(sites.fixture, 'payments'));
    const cards = page.locator('main .cards .card');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    const first = cards.first();
    await expect(first.locator('h3').innerText()).resolves.toContain('Cards');
    await expect(first.locator('a.card-link').getAttribute('href')).resolves.toMatch(/cards\/index\.html$/);
    const cover = first.locator('img').first();
    expect(await cover.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    // Side by side: a grid, not a stacked table.
    const boxes = await cards.evaluateAll((elements) => elements.slice(0, 3).map((element) => element.getBoundingClientRect().top));
    expect(new Set(boxes).size).toBeLessThan(boxes.length);
    const text = await bodyText();
    expect(text).not.toMatch(/card-\w+-(light|dark)\.png|cards\.md|payouts\.md/);
    await page.screenshot({ path: join(screenshots, 'home.png'), fullPage: true });
  });

  it('draws every icon as an SVG: page, section, inline, hint, tab and button icons, never `:name:` text', async () => {
    for (const claims of ['fixture', 'opposite'] as const) {
      for (const folder of spaceFolders) {
        await open(homePage(sites[claims], folder));
        const text = await page.locator('body').innerText();
        expect(text.match(/:[a-z][a-z0-9]*(?:-[a-z0-9]+)*:/g), `${claims} ${folder}`).toBeNull();
        expect(await page.locator('main i[class*="fa-"]').count(), `${claims} ${folder}`).toBe(0);
        const icons = page.locator('main svg');
        expect(await icons.count(), `${claims} ${folder}`).toBeGreaterThan(0);
        const sizes = await icons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).filter((box) => box.width > 0).map((box) => box.width));
        expect(sizes.length, `${claims} ${folder}: visible icons`).toBeGreaterThan(0);
      }
    }
    await open(homePage(sites.fixture, 'payments'));
    expect(await page.locator('h1.page-title svg, .page-header svg').count()).toBeGreaterThan(0);
    expect(await page.locator('#qr-nav svg').count()).toBeGreaterThan(0);
  });

  it('loads every page without a console error or a failed request', () => {
    expect(problems).toEqual([]);
  });
});
