import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import type { RevisionFile } from '@gitbook/api';
import { dependencyFile, packageFile } from '../disk/package-root.ts';
import { QuireError } from '../errors/quire-error.ts';
import {
  assetPaths,
  navigationPath,
  navigationScript,
  notFoundHtml,
  planSite,
  safeFileName,
  scriptPath,
  sitemapXml,
  stylesheetPath,
  themeCss,
  type ExportSite,
  type SitePlan,
  type JsonObject,
} from '../render/index.ts';
import { BundleWriter } from './bundle-writer.ts';
import { ThreadedBundleWriter, type ExportFileWriter } from './write-thread.ts';
import { threadIconLibrary } from './icon-library.ts';
import { loadIntegrationBlocks, type IntegrationBlockLoader } from './load-integration-blocks.ts';
import { loadOpenAPIDocuments, type OpenAPILoader } from './load-openapi.ts';
import { renderPages } from './render-pool.ts';
import { autoRenderThreads } from './render-thread-count.ts';
import { startRenderThreads, type RenderThreads } from './render-threads.ts';

export interface ExportProgress {
  phase: 'render' | 'assets' | 'search' | 'done';
  done: number;
  total: number;
}

export interface ExportOptions {
  /** The folder to write the bundle into; created when missing. Files already there are overwritten, not removed. */
  outDir: string;
  /** Called as pages and files are written (`terminalProgress(process.stderr)` draws a bar). */
  onProgress?: (progress: ExportProgress) => void;
  /**
   * Worker threads that render pages next to this thread (which always renders too): `0` renders in this thread
   * only. `'auto'` (the default): `autoRenderThreads`. A worker receives the pages it renders, not the site's
   * content, so one more thread costs little memory.
   */
  workers?: number | 'auto';
  /**
   * Render worker threads started beforehand (`startRenderThreads`, `EarlyRenderThreads`), so that they load the
   * renderer while the site is fetched or read: they render in place of `workers`, unless `workers` is `0`.
   * exportSite stops them, used or not, whatever happens.
   */
  renderThreads?: RenderThreads;
  /**
   * The write thread, started beforehand on `outDir` (`ThreadedBundleWriter.start`), so that it boots while the
   * site is fetched or read instead of beside the first pages to render: the export writes through it, and stops
   * it, used or not, whatever happens. Without it, exportSite starts one.
   */
  writeThread?: ThreadedBundleWriter;
  /**
   * The visitor's claims to export the site for: `{% if %}` blocks, inline expressions and page conditions (`if:`)
   * read them as `visitor.claims`. A JSON object, used as-is (the hosted service puts unsigned claims under
   * `visitor.claims.unsigned`, so such claims go under an `unsigned` key). Default `{}`: no visitor, so content
   * shown only on a condition is left out. One export shows one audience's branch, never all branches at once.
   */
  claims?: JsonObject;
  /**
   * Reads the OpenAPI specifications the pages render from (blocks and computed `builtin:openapi` pages), before
   * rendering: `fileOpenAPILoader` for `quire build`, `serviceOpenAPILoader` for an export from the service.
   * Without it, such pages show that no specification could be read.
   */
  loadOpenAPIDocument?: OpenAPILoader;
  /**
   * Renders the integration blocks of the pages (`{% @integration/block %}`) before rendering, once per distinct
   * block: `siteIntegrationBlockLoader` for an export from the service. Without it (`quire build`, which has no
   * service), each block shows its placeholder and that this export does not run integrations.
   */
  renderIntegrationBlock?: IntegrationBlockLoader;
  /**
   * Told once `loadOpenAPIDocument` and `renderIntegrationBlock` have done all they will do, before the pages
   * render: nothing of the export calls them after it, so the connection they read through can close meanwhile.
   */
  onLoaded?: () => void;
}

/** A link in content that leads nowhere in the export. */
export interface ExportBrokenLink {
  /** The site space the page is in: its title, and its section's title when the site has sections. */
  space: string;
  section?: string;
  /** The page it is on: root-relative href, and title. */
  page: string;
  pageTitle: string;
  /** The target as written, and the file it is written in (the page, or a reusable content it includes). */
  target: string;
  source: string;
}

/** What an export wrote. */
export interface ExportSummary {
  outDir: string;
  pages: number;
  /** Content files copied (images, attachments), each once. */
  files: number;
  /** Bytes written, every file of the bundle. */
  bytes: number;
  brokenLinks: ExportBrokenLink[];
  warnings: string[];
  /** How long the export took, from the call to the last file written. */
  milliseconds: number;
  /** Worker threads that rendered next to this thread (none for a site of a few pages). */
  workers: number;
}

/**
 * Writes a published site as a static bundle: one `index.html` per page of every site space, every file the pages
 * use copied once under `assets/files/` (named by content hash), one stylesheet and one script, a navigation file
 * per site space, the search index as a script, `404.html` and `sitemap.xml`. Relative links name `index.html`, so
 * the bundle works from `file://` and from any static server. Nothing is written outside `outDir`.
 *
 * @example
 * const summary = await exportSite({ profile, content }, { outDir: 'site', onProgress: terminalProgress(process.stderr) });
 * console.log(formatExportSummary(summary));
 */
export async function exportSite(site: ExportSite, options: ExportOptions): Promise<ExportSummary> {
  try {
    return await exportSiteWith(site, options);
  } finally {
    await options?.renderThreads?.stop();
    await options?.writeThread?.abort(); // nothing left to do once closed, and stopped already if it failed
  }
}

async function exportSiteWith(site: ExportSite, options: ExportOptions): Promise<ExportSummary> {
  if (typeof options?.outDir !== 'string' || options.outDir.trim() === '') throw new QuireError('INVALID_ARGUMENT', 'exportSite needs outDir, the folder to write into', { field: 'outDir' });
  if (typeof site?.profile !== 'object' || site.profile === null || typeof site.content !== 'object' || site.content === null) {
    throw new QuireError('INVALID_ARGUMENT', 'exportSite needs { profile, content }: the published profile and the content of each site space', { field: 'site' });
  }
  const started = performance.now();
  const { outDir } = options;
  if (options.writeThread !== undefined && options.writeThread.outDir !== outDir) {
    throw new QuireError('INVALID_ARGUMENT', `exportSite's writeThread writes into ${options.writeThread.outDir}, not outDir ${outDir}`, { field: 'writeThread' });
  }

  // Files are named by content: the same image in two site spaces is copied once.
  const assets = new Map<string, Uint8Array>();
  const assetPath = (file: RevisionFile, siteSpaceId: string) => {
    const bytes = site.content[siteSpaceId]!.files[file.id]!;
    const path = `assets/files/${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}-${safeFileName(file.name)}`;
    // An active file (HTML, SVG, XML) is written under the inert and image names the plan links to.
    const { link, image } = assetPaths(path, file);
    for (const written of image === undefined ? [link] : [link, image]) assets.set(written.split('/').map(encodeURIComponent).join('/'), bytes);
    return path;
  };
  if (options.claims !== undefined && (typeof options.claims !== 'object' || options.claims === null || Array.isArray(options.claims))) {
    throw new QuireError('INVALID_ARGUMENT', 'exportSite claims must be a JSON object', { field: 'claims' });
  }
  const plan = planSite(site, { assetPath, ...(options.claims ? { claims: options.claims } : {}) });
  const openapi = await loadOpenAPIDocuments(plan, options.loadOpenAPIDocument);
  if (Object.keys(openapi).length > 0) plan.openapi = openapi;
  const integrationBlocks = await loadIntegrationBlocks(plan, options.renderIntegrationBlock);
  if (Object.keys(integrationBlocks).length > 0) plan.integrationBlocks = integrationBlocks;
  options.onLoaded?.();
  await mkdir(outDir, { recursive: true });
  // Threads started beforehand were asked for by the caller, who knew the site's size: they render unless `workers: 0`.
  const wanted = options.workers === 'auto' || options.workers === undefined ? autoRenderThreads(plan.pages.length) : Math.max(0, Math.floor(options.workers));
  const threads = options.renderThreads !== undefined && options.workers !== 0 ? options.renderThreads : startRenderThreads(wanted);
  let writer: ExportFileWriter | undefined;
  try {
    const thread = options.writeThread ?? ThreadedBundleWriter.start(outDir);
    if (thread !== undefined && threads === undefined) thread.yieldToRendering();
    writer = thread ?? new BundleWriter(outDir);
    const summary = await renderAndWrite(plan, assets, writer, threads, options);
    await writer.close();
    // The write thread's bytes are known once it has written everything, and the time is the whole export's: the
    // write thread may still be writing the last pages when the last one is rendered.
    return { ...summary, bytes: writer.bytes, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    await threads?.stop(); // stopped already unless the write thread failed to start
    await writer?.abort();
    throw error;
  }
}

/**
 * exportSite once the plan is made: renders and writes every page (with `threads` too, stopped once the pages are
 * rendered), then the files, search index and scripts.
 */
async function renderAndWrite(plan: SitePlan, assets: ReadonlyMap<string, Uint8Array>, writer: ExportFileWriter, threads: RenderThreads | undefined, options: ExportOptions): Promise<Omit<ExportSummary, 'milliseconds' | 'bytes'>> {
  const { outDir } = options;
  const progress = options.onProgress ?? (() => {});
  let workers = 0;
  const usedFiles = new Set(plan.usedFiles);
  const brokenLinks: ExportBrokenLink[] = [];
  const warnings = [...plan.warnings];
  const iconWarnings: string[] = [];
  let rendered = 0;
  // Read while the pages render, not after them.
  const client = clientFiles();
  client.catch(() => {}); // awaited below; a failed render must not leave it unhandled
  progress({ phase: 'render', done: 0, total: plan.pages.length });
  try {
    workers = await renderPages(plan, threads, outDir, async (page) => {
      for (const href of page.usedFiles) usedFiles.add(href);
      const pagePlan = plan.pages[page.index]!;
      const space = plan.spaces[pagePlan.space]!;
      const where = { space: space.title, ...(space.sectionTitle === undefined ? {} : { section: space.sectionTitle }), page: pagePlan.href, pageTitle: pagePlan.title };
      for (const link of page.broken) brokenLinks.push({ ...where, ...link });
      for (const icon of page.missingIcons) iconWarnings.push(`icon "${icon}" on page "${pagePlan.title}" (${pagePlan.href}) is not in Font Awesome Free: drawn as a placeholder`);
      warnings.push(...page.warnings);
      writer.indexPage(page.index, page.search);
      // A worker thread writes the pages it renders itself; this thread writes its own.
      if ('bytes' in page) writer.bytes += page.bytes;
      else writer.write(`${page.folder}index.html`, page.html);
      progress({ phase: 'render', done: ++rendered, total: plan.pages.length });
    });
  } finally {
    await threads?.stop();
  }

  let copied = 0;
  const files = [...usedFiles].filter((href) => assets.has(href));
  for (const href of files) {
    writer.write(decodeURIComponent(href), assets.get(href)!);
    progress({ phase: 'assets', done: ++copied, total: files.length });
  }

  progress({ phase: 'search', done: 0, total: 1 });
  writer.writeSearchIndex('assets/search-index.js');
  progress({ phase: 'search', done: 1, total: 1 });
  const { css, js, minisearch } = await client;
  writer.write(stylesheetPath, `${css}\n${themeCss(plan)}`);
  writer.write(scriptPath, js);
  writer.write('assets/minisearch.js', minisearch);
  for (const space of plan.spaces) writer.write(navigationPath(space), navigationScript(space, threadIconLibrary()));
  writer.write('404.html', notFoundHtml(plan));
  writer.write('sitemap.xml', sitemapXml(plan));
  progress({ phase: 'done', done: 1, total: 1 });

  return {
    outDir,
    pages: plan.pages.length,
    files: copied,
    brokenLinks,
    warnings: [...warnings, ...iconWarnings],
    workers,
  };
}

let clientCache: Promise<{ css: string; js: string; minisearch: string }> | undefined;

/** The stylesheet and script of the bundle (src/export/client), and MiniSearch's browser build for the search box. */
function clientFiles(): Promise<{ css: string; js: string; minisearch: string }> {
  clientCache ??= (async () => {
    const [css, js, minisearch] = await Promise.all([
      readFile(packageFile('src/export/client/quire.css'), 'utf8'),
      readFile(packageFile('src/export/client/quire.js'), 'utf8'),
      readFile(dependencyFile('minisearch', 'dist/umd/index.js'), 'utf8'),
    ]);
    return { css, js, minisearch };
  })();
  return clientCache;
}
