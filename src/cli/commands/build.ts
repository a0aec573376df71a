import { lstat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { readDirectoryFiles } from '../../disk/directory-files.ts';
import { isQuireError } from '../../errors/quire-error.ts';
import { EarlyRenderThreads, buildSiteModel, builtSiteSpaceId, builtSpaceTitle, fileOpenAPILoader, detectBuildLayout, exportSite, formatExportSummary, terminalProgress, type BuildFiles, type BuiltSpace } from '../../export/index.ts';
import { ThreadedBundleWriter } from '../../export/write-thread.ts';
import { readDirectory } from '../../format/read-directory.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import { flattenPages } from '../../model/page-tree.ts';
import type { CustomizationInput, JsonObject } from '../../render/index.ts';
import { exitCodes } from '../exit-codes.ts';
import { printDiagnostics, type Terminal } from '../terminal.ts';
import { readClaimsFile } from './read-claims-file.ts';
import { readCustomizationFile } from './read-customization-file.ts';

export interface BuildCommandOptions {
  out: string;
  /** A JSON file in the published SiteCustomizationSettings shape. */
  customization?: string;
  /** A JSON file of visitor claims to build the site for (src/render/adaptive). */
  claims?: string;
  /** The site's title (default: the space's title, or the directory's name for a folder of spaces). */
  title?: string;
  /** Space folders to publish as sections, in this order, comma-separated (default: every one, by name). */
  sections?: string;
  /** The address the site will be served at, for sitemap.xml. */
  url?: string;
  json?: boolean;
}

/**
 * `quire build <dir> --out <site>`: a static site straight from a directory in the Git Sync layout, with no
 * service: the directory is read with the format reader (as `quire convert` does), made into the same in-memory
 * site an export reads through the API (`buildSiteModel`), and written by the same `exportSite`. A directory
 * with README.md, SUMMARY.md or .gitbook.yaml at its top is one space; otherwise each sub-folder holding one is a
 * space, and the site has one section per space (`detectBuildLayout`).
 *
 * Exit codes: 0 built; 1 the format reader found errors (printed; the site is still written); 2 wrong usage (the
 * directory is missing, is not one, or holds no space; an unreadable or invalid customization or claims file).
 *
 * @example
 * const code = await buildCommand('docs', { out: 'site' }, processTerminal);
 */
export async function buildCommand(dir: string, options: BuildCommandOptions, terminal: Terminal): Promise<number> {
  const usage = (message: string) => {
    terminal.err(`quire build: ${message}\n`);
    return exitCodes.usage;
  };
  const stats = await lstat(dir).catch(() => undefined);
  if (stats === undefined) return usage(`${dir} does not exist`);
  if (!stats.isDirectory()) return usage(`${dir} is not a directory: give the folder that holds README.md and SUMMARY.md, or a folder of such folders`);

  let customization: CustomizationInput;
  let claims: JsonObject | undefined;
  try {
    customization = await readCustomizationFile(options.customization);
    if (options.claims !== undefined) claims = await readClaimsFile(options.claims);
  } catch (error) {
    if (!isQuireError(error, 'INVALID_ARGUMENT')) throw error;
    return usage(error.message);
  }
  if (options.url !== undefined && !/^https?:\/\/[^/\s]+/i.test(options.url)) return usage(`--url ${options.url}: give the absolute http(s) address the site will be served at`);

  const outInside = relative(resolve(dir), resolve(options.out));
  if (outInside === '') return usage(`--out ${options.out} is the directory being built: write the site to another folder`);
  // Render threads start once the folders read are known to be large enough for them, and load the renderer while
  // the rest is read and planned (exportSite stops them, used or not).
  const early = new EarlyRenderThreads();
  // The write thread boots now, while this thread reads the directory, instead of beside the first pages to render
  // (exportSite stops it, used or not).
  const writeThread = ThreadedBundleWriter.start(options.out);
  try {
    const directory = withoutFolder(await readDirectoryFiles(dir), outInside);
    let layout;
    try {
      const order = options.sections?.split(',').map((name) => name.trim()).filter((name) => name !== '');
      layout = detectBuildLayout(directory, order === undefined ? {} : { order });
    } catch (error) {
      if (!isQuireError(error, 'INVALID_ARGUMENT')) throw error;
      return usage(`${dir}: ${error.message}`);
    }

    terminal.err(`Reading ${dir}: ${layout.kind === 'space' ? 'one space' : `${layout.spaces.length} space folder${layout.spaces.length === 1 ? '' : 's'}, one section each`}\n`);
    const diagnostics: Diagnostic[] = [];
    const spaces: BuiltSpace[] = [];
    const described: Array<{ folder: string; title: string; pages: number }> = [];
    for (const folder of layout.spaces) {
      const read = readDirectory(folder.files, { symlinks: folder.symlinks });
      const prefix = folder.folder === '' ? '' : `${folder.folder}/`;
      diagnostics.push(...read.diagnostics.map((diagnostic) => ({ ...diagnostic, path: `${prefix}${diagnostic.path}` })));
      const space = { folder: folder.folder, bundle: read.bundle };
      spaces.push(space);
      const entry = { folder: folder.folder, title: builtSpaceTitle(space), pages: flattenPages(read.bundle.revision.pages).filter((page) => page.type === 'document').length };
      described.push(entry);
      early.addPages(entry.pages);
      terminal.err(`  ${prefix || './'}: "${entry.title}", ${entry.pages} page${entry.pages === 1 ? '' : 's'}\n`);
    }
    for (const folder of layout.skipped) terminal.err(`  ${folder}/ skipped: no README.md, SUMMARY.md or .gitbook.yaml at its top\n`);
    for (const folder of layout.unlisted) terminal.err(`  ${folder}/ skipped: not named by --sections\n`);
    if (!options.json) printDiagnostics(terminal, diagnostics);

    const title = options.title ?? (layout.kind === 'space' ? described[0]!.title : basename(resolve(dir)));
    const site = buildSiteModel({ kind: layout.kind, spaces, title, customization, ...(options.url === undefined ? {} : { publishedUrl: options.url }) });
    // OpenAPI blocks read their `src` from the space's folder (relative to the page) or from a URL.
    const loadOpenAPIDocument = fileOpenAPILoader(Object.fromEntries(spaces.map((space) => [builtSiteSpaceId(space.folder), join(resolve(dir), space.folder)])));
    const summary = await exportSite(site, { outDir: options.out, onProgress: terminalProgress(process.stderr), loadOpenAPIDocument, ...early.option(), ...(writeThread ? { writeThread } : {}), ...(claims ? { claims } : {}) });
    if (options.json) {
      terminal.out(`${JSON.stringify({ ...summary, layout: layout.kind, spaces: described, skipped: [...layout.skipped, ...layout.unlisted], diagnostics }, null, 2)}\n`);
    } else {
      terminal.out(`${formatExportSummary(summary)}\nOpen ${options.out}/index.html in a browser, or serve the folder with any static web server.\n`);
    }
    return diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? exitCodes.inputErrors : exitCodes.ok;
  } finally {
    await writeThread?.abort(); // a failure before exportSite leaves it waiting
    await early.stop();
  }
}

/** The directory without the files under `folder` (the output folder, when it is inside the directory: a second build does not read the first). */
function withoutFolder(directory: BuildFiles, folder: string): BuildFiles {
  if (folder.startsWith('..') || isAbsolute(folder)) return directory;
  const prefix = `${folder.split(sep).join('/')}/`;
  const keep = <T>(entries: ReadonlyMap<string, T>) => new Map([...entries].filter(([path]) => !path.startsWith(prefix)));
  return { files: keep(directory.files), symlinks: keep(directory.symlinks) };
}
