// `quire build` in child processes, as a user runs it. The fixture monorepo (fixtures/monorepos/ledgerline) is
// built straight from its folder, and also taken the long way: each space folder synced with `quire sync` into the
// embedded service, a site of one section per space made and published (through the official client, on the
// same embedded service), and `quire export`ed. Both bundles must be the same, file for file and byte for byte.
import { GitBookAPI } from '@gitbook/api';
import { cpSync, mkdirSync, statSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../src/cli/embedded-service.ts';
import { runGit } from '../src/git/git-cli-fixture.ts';
import { fixtureMonorepoClaims, fixtureMonorepos, fixtureRepositories } from './support/repositories.ts';
import { runQuire } from './support/serve-process.ts';

const monorepo = fixtureMonorepos['ledgerline']!;
/** The order of the sections: the same in the published site and in `--sections`. */
const sectionFolders = ['payments', 'identity', 'developers'] as const;
const claimsFile = fixtureMonorepoClaims['ledgerline']!;
const scratch = mkdtempSync(join(tmpdir(), 'quire-cli-build-'));

type Run = Awaited<ReturnType<typeof runQuire>>;
const described = (run: Run) => `exit ${run.code}\n${run.stdout}\n${run.stderr}`;

/** Every file of a bundle, by its path in the bundle. */
function bundleFiles(site: string): Map<string, Buffer> {
  const paths = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(site, path)).isFile());
  return new Map(paths.sort().map((path) => [path, readFileSync(join(site, path))]));
}

/** Every HTML file of a bundle, by its path in the bundle. */
function htmlPages(site: string): Map<string, string> {
  const paths = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.html'));
  return new Map(paths.sort().map((path) => [path, readFileSync(join(site, path), 'utf8')]));
}

/** What a reader reads on a page: its `<main>` element (title, body, previous and next). */
function mainContent(html: string): string {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0];
  if (main === undefined) throw new Error(`no <main> in ${html.slice(0, 200)}`);
  return main;
}

/** The `<h1 class="page-title">` text of a page. */
function pageTitle(html: string): string | undefined {
  return /<h1 class="page-title">(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();
}

describe('quire build of the fixture monorepo, against sync + publish + export of it', () => {
  const repo = join(scratch, 'ledgerline');
  const data = join(scratch, 'service');
  const runs: Record<string, Run> = {};
  const out = {
    exported: join(scratch, 'exported'),
    built: join(scratch, 'built'),
    exportedClaims: join(scratch, 'exported-claims'),
    builtClaims: join(scratch, 'built-claims'),
  };

  beforeAll(async () => {
    cpSync(monorepo, repo, { recursive: true });
    runGit(repo, ['init', '--quiet', '--initial-branch=main']);
    runGit(repo, ['add', '--all']);
    runGit(repo, ['commit', '--quiet', '--message', 'Docs as the hosted Git Sync wrote them']);
    for (const folder of sectionFolders) runs[`sync ${folder}`] = await runQuire(['sync', '--dir', join(repo, folder), '--data', data]);

    // The site, through the official client on the embedded service the syncs used: one section per space folder,
    // each space titled like its README page (as `quire build` titles it), in the order of `sectionFolders`.
    const service = await startEmbeddedService(data);
    let siteId: string;
    let publishedUrl: string;
    try {
      const api = new GitBookAPI({ endpoint: service.baseUrl, authToken: service.token });
      const remembered = JSON.parse(readFileSync(join(data, 'sync-spaces.json'), 'utf8')) as Record<string, string>;
      const { data: site } = await api.orgs.createSite(service.organizationId, { title: 'Ledgerline docs', visibility: 'public' } as never);
      siteId = site.id;
      for (const folder of sectionFolders) {
        const spaceId = Object.entries(remembered).find(([key]) => key.endsWith(`:${folder}/`) || key.endsWith(`:${folder}`))?.[1];
        if (spaceId === undefined) throw new Error(`quire sync remembered no space for ${folder}: ${JSON.stringify(remembered)}`);
        const title = /^# (.+)$/m.exec(readFileSync(join(repo, folder, 'README.md'), 'utf8'))![1]!;
        await api.spaces.updateSpaceById(spaceId, { title });
        await api.orgs.addSectionToSite(service.organizationId, site.id, { spaceId, title });
      }
      await api.orgs.publishSite(service.organizationId, site.id);
      const { data: published } = await api.orgs.getSiteById(service.organizationId, site.id);
      publishedUrl = published.urls.published!;
    } finally {
      await service.close();
    }

    runs['export'] = await runQuire(['export', '--site', siteId, '--data', data, '--out', out.exported]);
    runs['export --claims'] = await runQuire(['export', '--site', siteId, '--data', data, '--out', out.exportedClaims, '--claims', claimsFile]);
    // The export's sitemap.xml names pages under the published site's address (on the embedded service, the API's
    // address of its published profile): the build is given that address. Only its port differs: each process
    // starts the embedded service on a free port of its own.
    const build = ['build', monorepo, '--sections', sectionFolders.join(','), '--title', 'Ledgerline docs', '--url', publishedUrl];
    runs['build'] = await runQuire([...build, '--out', out.built]);
    runs['build --claims'] = await runQuire([...build, '--out', out.builtClaims, '--claims', claimsFile]);
  }, 240_000);

  afterAll(() => {
    if (process.env.QUIRE_KEEP_SCRATCH === undefined) rmSync(scratch, { recursive: true, force: true });
    else console.log(`kept ${scratch}`);
  });

  it('syncs, exports and builds without failing', () => {
    for (const [name, run] of Object.entries(runs)) expect(run.code, `${name}: ${described(run)}`).toBe(0);
  });

  it('writes the same pages, with the same main content, as the export of the published site', () => {
    for (const [exported, built] of [
      [out.exported, out.built],
      [out.exportedClaims, out.builtClaims],
    ] as const) {
      const exportedPages = htmlPages(exported);
      const builtPages = htmlPages(built);
      expect([...builtPages.keys()]).toEqual([...exportedPages.keys()]);
      expect(exportedPages.size).toBeGreaterThan(25);
      for (const [path, html] of builtPages) expect(mainContent(html), path).toBe(mainContent(exportedPages.get(path)!));
    }
  });

  it('writes the very same bundle: every file (pages, navigation, search index, assets) byte for byte, and the same sitemap but for the port', () => {
    /** The one thing normalized: the port of the embedded service in the sitemap's locations. */
    const withoutPort = (bytes: Buffer) => bytes.toString('utf8').replace(/http:\/\/127\.0\.0\.1:\d+\//g, 'http://127.0.0.1:PORT/');
    for (const [exported, built] of [
      [out.exported, out.built],
      [out.exportedClaims, out.builtClaims],
    ] as const) {
      const exportedFiles = bundleFiles(exported);
      const builtFiles = bundleFiles(built);
      expect([...builtFiles.keys()]).toEqual([...exportedFiles.keys()]);
      const differing = [...builtFiles].filter(([path, bytes]) => path !== 'sitemap.xml' && !bytes.equals(exportedFiles.get(path)!)).map(([path]) => path);
      expect(differing, `${built} against ${exported}`).toEqual([]);
      expect(withoutPort(builtFiles.get('sitemap.xml')!)).toBe(withoutPort(exportedFiles.get('sitemap.xml')!));
      expect(withoutPort(builtFiles.get('sitemap.xml')!)).toContain('/published/accept-payments/cards/</loc>');
    }
  });

  it('builds for the audience of --claims: page conditions and {% if %} blocks', async () => {
    const titles = (site: string) => [...htmlPages(site).values()].map(pageTitle);
    const betaClaims = join(scratch, 'beta.claims.json');
    writeFileSync(betaClaims, JSON.stringify({ unsigned: { persona: 'returning', loggedIn: true, plan: 'starter' }, flags: { beta: true } }));
    const beta = join(scratch, 'built-beta');
    const run = await runQuire(['build', monorepo, '--out', beta, '--claims', betaClaims]);
    expect(run.code, described(run)).toBe(0);
    expect(titles(beta)).toContain('GraphQL');
    expect(titles(out.builtClaims)).not.toContain('GraphQL');
    const home = (site: string) => readFileSync(join(site, 'index.html'), 'utf8');
    expect(home(out.builtClaims)).toContain('Welcome, new builder.');
    expect(home(out.builtClaims)).not.toContain('Welcome back.');
    // Without --sections, the sections come by folder name: developers is the home page.
    expect(pageTitle(home(beta))).toBe('Developers');
    expect(home(beta)).toContain('Beta preview: the GraphQL endpoint.');
  });

  it('has one section per space folder, the first at the root, the others at their folder names', () => {
    expect(pageTitle(readFileSync(join(out.built, 'index.html'), 'utf8'))).toBe('Payments');
    expect(pageTitle(readFileSync(join(out.built, 'identity/index.html'), 'utf8'))).toBe('Identity');
    expect(pageTitle(readFileSync(join(out.built, 'developers/index.html'), 'utf8'))).toBe('Developers');
  });

  it('prints what it read and the format warnings with their files, then the summary', () => {
    const run = runs['build']!;
    expect(run.stderr).toContain('3 space folders, one section each');
    expect(run.stderr).toMatch(/payments\/: "Payments", 10 pages/);
    expect(run.stderr).toMatch(/developers\/guides\/pagination\.md:\d+: warning FORMAT_MISSING_FILE: .*never-committed\.png/);
    expect(run.stdout).toMatch(/^Exported \d+ pages and \d+ files/);
    expect(run.stdout).toContain('broken links:');
  });
});

describe('quire build of one space', () => {
  const space = fixtureRepositories['hand-written']!;

  it('builds the space as the whole site and reports it as JSON', async () => {
    const site = join(scratch, 'one-space');
    const run = await runQuire(['build', space, '--out', site, '--json']);
    expect(run.code, described(run)).toBe(0);
    const summary = JSON.parse(run.stdout) as { pages: number; layout: string; spaces: Array<{ folder: string; title: string; pages: number }>; diagnostics: unknown[] };
    expect(summary.layout).toBe('space');
    expect(summary.spaces).toHaveLength(1);
    expect(summary.spaces[0]!.folder).toBe('');
    expect(summary.pages).toBe(summary.spaces[0]!.pages);
    const pages = htmlPages(site);
    expect(pages.size).toBe(summary.pages + 1); // and 404.html
    expect(pageTitle(pages.get('index.html')!)).toBe(summary.spaces[0]!.title);
  });

  it('takes the customization from a file in the SiteCustomizationSettings shape', async () => {
    const site = join(scratch, 'customized');
    const file = join(scratch, 'customization.json');
    writeFileSync(file, JSON.stringify({ title: 'Handbook of Quire', styling: { primaryColor: { light: '#ab1234', dark: '#cd5678' }, corners: 'straight' } }));
    const run = await runQuire(['build', space, '--out', site, '--customization', file]);
    expect(run.code, described(run)).toBe(0);
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('Handbook of Quire');
    expect(readFileSync(join(site, 'assets/quire.css'), 'utf8').toLowerCase()).toContain('#ab1234');
  });
});

describe('quire build refusing what it cannot build (exit 2, naming the path or the field)', () => {
  it('a path that is a file, and one that does not exist', async () => {
    const file = join(scratch, 'not-a-folder.md');
    writeFileSync(file, '# Not a folder\n');
    const notFolder = await runQuire(['build', file, '--out', join(scratch, 'never')]);
    expect(notFolder.code, described(notFolder)).toBe(2);
    expect(notFolder.stderr).toContain(`quire build: ${file} is not a directory`);
    const missing = join(scratch, 'no-such-folder');
    const absent = await runQuire(['build', missing, '--out', join(scratch, 'never')]);
    expect(absent.code, described(absent)).toBe(2);
    expect(absent.stderr).toContain(`quire build: ${missing} does not exist`);
  });

  it('a directory with no README.md, SUMMARY.md or .gitbook.yaml, at its top or in a sub-folder', async () => {
    const empty = join(scratch, 'no-docs');
    mkdirSync(join(empty, 'notes'), { recursive: true });
    writeFileSync(join(empty, 'notes/todo.md'), '# To do\n');
    const run = await runQuire(['build', empty, '--out', join(scratch, 'never')]);
    expect(run.code, described(run)).toBe(2);
    expect(run.stderr).toContain(`quire build: ${empty}: no documentation found`);
    expect(run.stderr).toMatch(/README\.md, SUMMARY\.md or \.gitbook\.yaml/);
  });

  it('a customization file with a bad field, an unknown setting, or no JSON', async () => {
    const space = fixtureRepositories['hand-written']!;
    const cases: Array<[string, string, RegExp]> = [
      ['bad-colour.json', JSON.stringify({ styling: { primaryColor: { light: '#346ddb', dark: 'blue' } } }), /styling\.primaryColor\.dark must be a colour #rgb or #rrggbb/],
      ['unknown.json', JSON.stringify({ styling: { theme: 'clean' }, colour: 'red' }), /colour is not a customization setting/],
      ['bad-enum.json', JSON.stringify({ styling: { corners: 'pointy' } }), /styling\.corners must be one of straight, rounded, circular/],
      ['not-json.json', '{ "title": "Docs",\n  oops }', /not valid JSON at line 2, column 3/],
    ];
    for (const [name, text, message] of cases) {
      const file = join(scratch, name);
      writeFileSync(file, text);
      const run = await runQuire(['build', space, '--out', join(scratch, 'never'), '--customization', file]);
      expect(run.code, `${name}: ${described(run)}`).toBe(2);
      expect(run.stderr, name).toContain(`quire build: --customization ${file}: `);
      expect(run.stderr, name).toMatch(message);
    }
  });

  it('--sections naming a folder that is not a space of the monorepo', async () => {
    const run = await runQuire(['build', monorepo, '--out', join(scratch, 'never'), '--sections', 'payments,billing']);
    expect(run.code, described(run)).toBe(2);
    expect(run.stderr).toContain('--sections: billing is not a space folder of the directory (those are: developers, identity, payments)');
  });
});
