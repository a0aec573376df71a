import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateRepository } from '../../bench/format/generate-repository.ts';
import { isQuireError } from '../errors/quire-error.ts';
import { readDirectory } from '../format/index.ts';
import { oneSpaceSite, spaceBundle } from '../render/inline-site-fixture.ts';
import { exportSite, type ExportProgress, type ExportSummary } from './export-site.ts';
import { fixtureSite } from './export-site-fixture.ts';
import { formatExportSummary } from './export-summary.ts';
import { outputPath } from './output-path.ts';
import { terminalProgress } from './progress-bar.ts';
import { startRenderThreads } from './render-threads.ts';
import { ThreadedBundleWriter } from './write-thread.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-export-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file of a folder, by path relative to it (POSIX separators). */
function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Internal links of a bundle that point at no written file: from pages (href, src) and from navigation files. */
function brokenInternalLinks(folder: string): string[] {
  const files = listFiles(folder);
  const written = new Set(files);
  const broken: string[] = [];
  const check = (from: string, url: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url)) return;
    const path = decodeURIComponent(url.split(/[#?]/)[0]!);
    const target = posix.normalize(posix.join(posix.dirname(from), path));
    if (!written.has(target)) broken.push(`${from} → ${url}`);
  };
  for (const file of files) {
    const text = readFileSync(join(folder, file), 'utf8');
    if (file.endsWith('.html')) for (const match of text.matchAll(/\s(?:href|src)="([^"]*)"/g)) check(file, match[1]!.replace(/&amp;/g, '&'));
    if (/^assets\/nav-.*\.js$/.test(file)) {
      const line = text.split('\n')[0]!;
      const tree = JSON.parse(line.slice(line.indexOf(']=') + 2, line.lastIndexOf(';'))) as Array<{ h?: string; x?: 1; c?: unknown[] }>;
      const walk = (items: Array<{ h?: string; x?: 1; c?: unknown[] }>) => {
        for (const item of items) {
          if (item.h && !item.x) check('index.html', item.h);
          if (item.c) walk(item.c as typeof items);
        }
      };
      walk(tree);
    }
  }
  return broken;
}

describe('exportSite on the fixture site', () => {
  const outDir = join(scratch, 'fixture');
  let summary: ExportSummary;
  const progress: ExportProgress[] = [];

  beforeAll(async () => {
    summary = await exportSite(await fixtureSite(), { outDir, onProgress: (event) => progress.push(event), workers: 0 });
  });

  it('writes one index.html per page, the shared files, 404.html and sitemap.xml', () => {
    const files = listFiles(outDir);
    expect(summary.pages).toBe(files.filter((file) => file.endsWith('index.html')).length);
    expect(files).toEqual(expect.arrayContaining(['index.html', '404.html', 'sitemap.xml', 'assets/quire.css', 'assets/quire.js', 'assets/minisearch.js', 'assets/search-index.js', 'assets/nav-s0.js']));
    // The default section's default variant at the root; the other variant, sections and the group's section under their paths.
    expect(files).toEqual(expect.arrayContaining(['getting-started/install/index.html', 'v1/index.html', 'v1/guides/index.html', 'tutorials/index.html', 'platform/index.html', 'reference/καλημερα/index.html']));
    expect(files.filter((file) => file.startsWith('assets/nav-'))).toHaveLength(4);
  });

  it('leaves no internal link without its file', () => {
    expect(brokenInternalLinks(outDir)).toEqual([]);
    expect(summary.brokenLinks).toEqual([]);
  });

  it('copies each used file once, under assets/files, named by content', () => {
    const assets = listFiles(outDir).filter((file) => file.startsWith('assets/files/'));
    expect(assets.map((file) => file.replace(/^assets\/files\/[0-9a-f]{16}-/, '')).sort()).toEqual(['checklist.pdf', 'cover image.png', 'diagram.svg', 'logo.gif']);
    expect(summary.files).toBe(assets.length);
    expect(summary.bytes).toBe(listFiles(outDir).reduce((total, file) => total + statSync(join(outDir, file)).size, 0));
  });

  it('indexes the full text of every visible page for search, with sections and variants', () => {
    const script = readFileSync(join(outDir, 'assets/search-index.js'), 'utf8');
    expect(script.startsWith('window.__quireSearch={"options":')).toBe(true);
    expect(script).toContain('"section":"Handbook"');
    expect(script).toContain('"variant":"v1"');
    expect(script).toContain('Install the command line tools.');
  });

  it('writes a sitemap with the published URL and reports progress to the end', () => {
    expect(readFileSync(join(outDir, 'sitemap.xml'), 'utf8')).toContain('<loc>https://docs.example.com/getting-started/install/</loc>');
    expect(progress.at(0)).toEqual({ phase: 'render', done: 0, total: summary.pages });
    expect(progress.at(-1)).toEqual({ phase: 'done', done: 1, total: 1 });
    expect(formatExportSummary(summary)).toMatch(/^Exported \d+ pages and 4 files \([\d.]+ KB\) to .* in (?:\d+ ms|[\d.]+ s)\nNo broken links\./);
  });
});

describe('exportSite safety', () => {
  it('never writes outside outDir, whatever the paths in content', async () => {
    const bundle = spaceBundle({
      'README.md': '# Home\n\n![x](.gitbook/assets/pic.png) [f](<.gitbook/assets/..%2F..%2Fevil.txt>)\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Evil](evil.md)\n',
      'evil.md': '# Evil\n',
      '.gitbook/assets/pic.png': new Uint8Array([1, 2, 3]),
    });
    const evil = bundle.revision.pages[1]!;
    Object.assign(evil, { path: '../../../escaped' });
    const pic = bundle.revision.files[0]!;
    Object.assign(pic, { name: '../../../escaped.png' });
    const outDir = join(scratch, 'hostile', 'out');
    const summary = await exportSite(oneSpaceSite(bundle), { outDir, workers: 0 });
    expect(existsSync(join(scratch, 'escaped'))).toBe(false);
    expect(existsSync(join(scratch, 'hostile', 'escaped'))).toBe(false);
    expect(listFiles(join(scratch, 'hostile'))).toEqual(listFiles(outDir).map((file) => `out/${file}`));
    expect(listFiles(outDir)).toContain('escaped/index.html');
    expect(listFiles(outDir).filter((file) => file.startsWith('assets/files/'))).toEqual([expect.stringMatching(/^assets\/files\/[0-9a-f]{16}-\.\.-\.\.-\.\.-escaped\.png$/)]);
    expect(summary.brokenLinks.map((link) => link.target)).toEqual(['.gitbook/assets/..%2F..%2Fevil.txt']);
  });

  it('refuses a path that leaves the output folder', () => {
    expect(outputPath('/tmp/out', 'a/b/index.html')).toBe('/tmp/out/a/b/index.html');
    for (const path of ['../x', 'a/../../x', '/etc/passwd', '', 'a\0b']) {
      let error: unknown;
      try {
        outputPath('/tmp/out', path);
      } catch (caught) {
        error = caught;
      }
      expect(isQuireError(error, 'EXPORT_PATH_ESCAPES_OUT_DIR'), path).toBe(true);
    }
  });

  it("never lets one site's content into another's export", async () => {
    const site = oneSpaceSite(spaceBundle({ 'README.md': '# Home\n\nPublic.\n' }));
    const foreign = spaceBundle({ 'README.md': '# Other\n\nSECRET-MARKER-7d1f\n', '.gitbook/assets/secret.txt': 'SECRET-MARKER-7d1f' });
    const outDir = join(scratch, 'isolated');
    await exportSite({ ...site, content: { ...site.content, 'other-site-space': foreign } }, { outDir, workers: 0 });
    for (const file of listFiles(outDir)) expect(readFileSync(join(outDir, file), 'utf8'), file).not.toContain('SECRET-MARKER-7d1f');
  });

  it('checks its arguments', async () => {
    await expect(exportSite(oneSpaceSite(spaceBundle({ 'README.md': '# A\n' })), { outDir: ' ' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(exportSite({} as never, { outDir: join(scratch, 'nothing') })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('exportSite at scale', () => {
  const exportPages = async (pages: number, workers: number) => {
    const outDir = join(scratch, `generated-${pages}-${workers}`);
    const { bundle } = readDirectory(generateRepository(pages));
    const summary = await exportSite(oneSpaceSite(bundle), { outDir, workers });
    return { summary, outDir };
  };

  it('grows linearly with the number of pages: the sidebar is not in every page', async () => {
    const small = await exportPages(150, 0);
    const large = await exportPages(600, 0);
    const perPage = (result: { summary: ExportSummary }) => result.summary.bytes / result.summary.pages;
    expect(perPage(large) / perPage(small)).toBeLessThan(1.2);
    const page = readFileSync(join(large.outDir, 'group-3/section-1/page-25/index.html'), 'utf8');
    expect(page.length).toBeLessThan(16_000);
    expect(brokenInternalLinks(large.outDir)).toEqual([]);
  });

  it('times the whole export, to the last file the write thread writes', async () => {
    const outDir = join(scratch, 'timed');
    const site = oneSpaceSite(readDirectory(generateRepository(400)).bundle);
    // Wall-clock time to a fraction of a millisecond (Date.now() drops up to one).
    const now = () => performance.timeOrigin + performance.now();
    const before = now();
    const summary = await exportSite(site, { outDir, workers: 0 });
    const elapsed = now() - before;
    // A file's time is the kernel's coarse clock, never ahead of the moment it was written.
    const lastWritten = Math.max(...listFiles(outDir).map((file) => statSync(join(outDir, file)).mtimeMs));
    expect(lastWritten).toBeLessThanOrEqual(before + summary.milliseconds + 2);
    expect(summary.milliseconds).toBeLessThanOrEqual(Math.round(elapsed));
  });

  it('has the write thread yield to rendering only when this thread renders alone (write-thread.test.ts: its niceness)', async () => {
    const yieldToRendering = vi.spyOn(ThreadedBundleWriter.prototype, 'yieldToRendering');
    try {
      await exportPages(40, 0);
      expect(yieldToRendering).toHaveBeenCalledTimes(1);
      await exportPages(40, 1);
      expect(yieldToRendering).toHaveBeenCalledTimes(1);
    } finally {
      yieldToRendering.mockRestore();
    }
  });

  it('renders and writes the same pages in a worker thread', async () => {
    const inline = await exportPages(120, 0);
    const threaded = await exportPages(120, 1);
    expect(threaded.summary.workers).toBe(1);
    // The worker writes the pages it renders: the summary still counts every byte and every used file.
    expect(threaded.summary.bytes).toBe(inline.summary.bytes);
    expect(threaded.summary.files).toBe(inline.summary.files);
    const files = listFiles(inline.outDir);
    expect(listFiles(threaded.outDir)).toEqual(files);
    for (const file of files.filter((name) => name.endsWith('.html'))) {
      expect(readFileSync(join(threaded.outDir, file), 'utf8'), file).toBe(readFileSync(join(inline.outDir, file), 'utf8'));
    }
  });

  it('renders with threads started beforehand (as the CLI starts them while it fetches), and stops them', async () => {
    const inline = await exportPages(120, 0);
    const threads = startRenderThreads(1)!;
    const stop = vi.spyOn(threads, 'stop');
    const outDir = join(scratch, 'generated-started');
    const summary = await exportSite(oneSpaceSite(readDirectory(generateRepository(120)).bundle), { outDir, renderThreads: threads });
    expect(summary.workers).toBe(1);
    expect(stop).toHaveBeenCalled();
    expect(summary.bytes).toBe(inline.summary.bytes);
    const files = listFiles(inline.outDir);
    expect(listFiles(outDir)).toEqual(files);
    for (const file of files) expect(readFileSync(join(outDir, file), 'utf8'), file).toBe(readFileSync(join(inline.outDir, file), 'utf8'));
  });

  it('stops threads started beforehand when the export fails, and when there are too few pages to share', async () => {
    const failing = startRenderThreads(1)!;
    const stopFailing = vi.spyOn(failing, 'stop');
    await expect(exportSite(oneSpaceSite(spaceBundle({ 'README.md': '# A\n' })), { outDir: join(scratch, 'failing'), renderThreads: failing, claims: [] as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(stopFailing).toHaveBeenCalled();
    const unused = startRenderThreads(1)!;
    const stopUnused = vi.spyOn(unused, 'stop');
    const summary = await exportSite(oneSpaceSite(spaceBundle({ 'README.md': '# A\n' })), { outDir: join(scratch, 'one-page'), renderThreads: unused });
    expect(summary.workers).toBe(0);
    expect(stopUnused).toHaveBeenCalled();
  });
});

describe('exportSite with a write thread started beforehand (as the CLI starts it while it fetches or reads)', () => {
  const generated = () => oneSpaceSite(readDirectory(generateRepository(120)).bundle);

  it('writes through it, the same files, and starts none of its own', async () => {
    const inlineDir = join(scratch, 'write-thread-own');
    const own = await exportSite(generated(), { outDir: inlineDir, workers: 0 });
    const outDir = join(scratch, 'write-thread-started');
    const thread = ThreadedBundleWriter.start(outDir)!;
    const yieldToRendering = vi.spyOn(thread, 'yieldToRendering');
    const start = vi.spyOn(ThreadedBundleWriter, 'start');
    try {
      const summary = await exportSite(generated(), { outDir, workers: 0, writeThread: thread });
      expect(start).not.toHaveBeenCalled();
      // This thread renders alone: the started thread yields to it, as one exportSite starts would.
      expect(yieldToRendering).toHaveBeenCalledTimes(1);
      expect(summary.bytes).toBe(own.bytes);
      const files = listFiles(inlineDir);
      expect(listFiles(outDir)).toEqual(files);
      for (const file of files) expect(readFileSync(join(outDir, file), 'utf8'), file).toBe(readFileSync(join(inlineDir, file), 'utf8'));
    } finally {
      start.mockRestore();
    }
  });

  it('stops it when the export fails before writing, and refuses one that writes into another folder', async () => {
    const failingDir = join(scratch, 'write-thread-failing');
    const failing = ThreadedBundleWriter.start(failingDir)!;
    const abortFailing = vi.spyOn(failing, 'abort');
    await expect(exportSite(generated(), { outDir: failingDir, writeThread: failing, claims: [] as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', data: { field: 'claims' } });
    expect(abortFailing).toHaveBeenCalled();
    expect(existsSync(failingDir)).toBe(false);

    const elsewhere = ThreadedBundleWriter.start(join(scratch, 'write-thread-elsewhere'))!;
    const abortElsewhere = vi.spyOn(elsewhere, 'abort');
    const outDir = join(scratch, 'write-thread-here');
    await expect(exportSite(generated(), { outDir, writeThread: elsewhere })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', data: { field: 'writeThread' } });
    expect(abortElsewhere).toHaveBeenCalled();
    expect(existsSync(outDir)).toBe(false);
    expect(existsSync(join(scratch, 'write-thread-elsewhere'))).toBe(false);
  });
});

describe('exportSite: icons', () => {
  // Twelve pages: more than this thread's first batch, so a worker thread renders some with its own icon library.
  const pages = Array.from({ length: 12 }, (_, index) => index);
  const bundle = () =>
    spaceBundle({
      'README.md': '---\nicon: house\n---\n\n# Home\n\nLaunch <i class="fa-rocket" style="color:$primary;">:rocket:</i> today.\n\n{% hint style="info" icon="bolt" %}\nFast.\n{% endhint %}\n',
      'SUMMARY.md': `* [Home](README.md)\n${pages.map((index) => `* [Page ${index}](p${index}.md)\n`).join('')}`,
      ...Object.fromEntries(
        pages.map((index) => [`p${index}.md`, `---\nicon: ${index % 2 ? 'gear' : 'fa-github'}\n---\n\n# Page ${index}\n\n${index === 5 ? 'A Pro icon: <i class="fa-unicorn-pro">:unicorn-pro:</i>\n' : 'Text.\n'}`]),
      ),
    });

  it('draws icons as inline SVG from Font Awesome Free, the sidebar icons from one dictionary, and reports the missing ones', async () => {
    const outDir = join(scratch, 'icons');
    const summary = await exportSite(oneSpaceSite(bundle()), { outDir, workers: 1 });
    expect(summary.workers).toBe(1);
    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).toMatch(/<h1 class="page-title"><span class="page-icon" aria-hidden="true"><svg class="quire-icon" data-icon="house" viewBox="0 0 \d+ 512"/);
    expect(home).toMatch(/<svg class="quire-icon" data-icon="rocket" viewBox="0 0 \d+ 512" aria-hidden="true" focusable="false" style="color:var\(--primary\)"><path fill="currentColor" d="M[^"]+"><\/path><\/svg> today/);
    expect(home).toMatch(/<span class="hint-icon hint-icon-custom" aria-hidden="true"><svg class="quire-icon" data-icon="bolt"/);
    expect(home).not.toMatch(/:rocket:|➶|•/);
    // The page named the brand icon github: it comes from brands; gear from regular's or solid's file.
    expect(readFileSync(join(outDir, 'p0/index.html'), 'utf8')).toMatch(/<span class="page-icon" aria-hidden="true"><svg class="quire-icon" data-icon="github" viewBox="0 0 \d+ 512"/);
    expect(readFileSync(join(outDir, 'p5/index.html'), 'utf8')).toContain('<svg class="quire-icon quire-icon-missing" data-icon="unicorn-pro"');
    // Nothing to fetch: no font, no external icon script or stylesheet.
    expect(listFiles(outDir).filter((file) => /\.(?:woff2?|ttf|otf|eot)$/.test(file))).toEqual([]);
    expect(home).not.toMatch(/fontawesome|kit\.fontawesome|cdn/i);

    const nav = readFileSync(join(outDir, 'assets/nav-s0.js'), 'utf8');
    const dictionaries = nav.match(/window\.__quireIcons\["s0"\]=/g);
    expect(dictionaries).toHaveLength(1);
    const dictionary = JSON.parse(nav.slice(nav.indexOf('window.__quireIcons["s0"]=') + 'window.__quireIcons["s0"]='.length, nav.lastIndexOf(';'))) as Record<string, [string, string]>;
    expect(Object.keys(dictionary).sort()).toEqual(['gear', 'github', 'house']);
    // Six pages name gear: its drawing is in the file once.
    expect(nav.split(dictionary.gear![1])).toHaveLength(2);
    expect(nav.match(/"i":"gear"/g)).toHaveLength(6);

    expect(summary.warnings).toEqual(['icon "fa-unicorn-pro" on page "Page 5" (p5/index.html) is not in Font Awesome Free: drawn as a placeholder']);
  });
});

describe('terminalProgress', () => {
  it('draws a bar on a terminal and nothing elsewhere', () => {
    const written: string[] = [];
    let now = 0;
    const draw = terminalProgress({ isTTY: true, columns: 80, write: (text) => written.push(text) }, () => (now += 1000));
    draw({ phase: 'render', done: 5, total: 10 });
    draw({ phase: 'done', done: 1, total: 1 });
    expect(written[0]).toContain('[████████████████████░░░░░░░░░░░░░░░░░░░░]  50% 5/10');
    expect(written[1]).toBe('\r\u001b[2K');
    const silent: string[] = [];
    terminalProgress({ isTTY: false, write: (text) => silent.push(text) })({ phase: 'render', done: 1, total: 2 });
    expect(silent).toEqual([]);
  });
});
