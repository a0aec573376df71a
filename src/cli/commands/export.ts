import { isQuireError } from '../../errors/quire-error.ts';
import { EarlyRenderThreads } from '../../export/early-render-threads.ts';
import { fetchExportSite, fetchExportSpace, type FetchObserver } from '../../export/fetch-site.ts';
import { ThreadedBundleWriter } from '../../export/write-thread.ts';
import { openApiConnection } from '../api-connection.ts';
import { exitCodes } from '../exit-codes.ts';
import { loadBetweenRequests } from '../load-between-requests.ts';
import type { ExportSite, JsonObject } from '../../render/index.ts';
import type { Terminal } from '../terminal.ts';
import { readClaimsFile } from './read-claims-file.ts';

export interface ExportCommandOptions {
  /** The published site to export. Exactly one of `site` and `space` is given. */
  site?: string | undefined;
  /** One space to export as a site of its own, with the default customization (no site needed). */
  space?: string | undefined;
  out: string;
  organization?: string | undefined;
  api?: string | undefined;
  token?: string | undefined;
  shareKey?: string | undefined;
  data: string;
  json?: boolean | undefined;
  /** A JSON file of visitor claims to export the site for (src/render/adaptive). */
  claims?: string | undefined;
}

/**
 * `quire export`: reads a published site (`--site`), or one space as a site of its own (`--space`), through the
 * API (the embedded service on `--data` when no `--api` is given) and writes it as a static bundle that works
 * from `file://` and any static server.
 *
 * @example
 * const code = await exportCommand({ site: 'abc', out: 'site', data: '.quire' }, processTerminal, process.env);
 */
export async function exportCommand(options: ExportCommandOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const target = exportTarget(options);
  if (target === undefined) {
    terminal.err('quire export: give --site <id> (a published site) or --space <id> (one space as a site), exactly one of the two\n');
    return exitCodes.usage;
  }
  let claims: JsonObject | undefined;
  if (options.claims !== undefined) {
    try {
      claims = await readClaimsFile(options.claims);
    } catch (error) {
      if (!isQuireError(error, 'INVALID_ARGUMENT')) throw error;
      terminal.err(`quire export: ${error.message}\n`);
      return exitCodes.usage;
    }
  }
  const connection = await openApiConnection(options, env);
  // Nothing is read through the API once the specifications and integration blocks are loaded: the connection
  // closes while the pages render (at the end, 10 to 15 ms of each export, most of it waiting for its sockets).
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= connection.close());
  // Render threads start once the site is known to be large enough for them, and load the renderer while the rest of
  // it is fetched (exportSite stops them, used or not).
  const early = new EarlyRenderThreads();
  const observer: FetchObserver = {
    onSpace: (title) => terminal.err(`  content of ${title}\n`),
    onPages: (pages) => early.addPages(pages),
  };
  // The write thread boots now, on the core that is idle while the site is fetched, instead of beside the first pages
  // to render (exportSite stops it, used or not).
  const writeThread = ThreadedBundleWriter.start(options.out);
  // This thread loads the renderer (src/export/index.ts, about 60 ms on issue 17's 2-core machine) while the site is
  // fetched, a part at a time between the requests. Loaded in one piece once every space's content was asked for,
  // it held back the reading of the first answers instead (bench/export's 1,000 pages: 1,010 against 990 ms, slower
  // in 20 of 30 alternating runs).
  const loadingRenderer = loadBetweenRequests(connection.client, rendererParts, () => import('../../export/index.ts'));
  loadingRenderer.catch(() => {}); // a fetch that fails first never awaits it: its failure must not go unhandled then
  try {
    let site: ExportSite;
    let organizationOf: string | (() => Promise<string>);
    if (target.kind === 'space') {
      terminal.err(`Reading space ${target.id} as a site with the default customization\n`);
      site = await fetchExportSpace(connection.client, target.id, observer);
      organizationOf = async () => (await connection.client.getSpace(target.id)).organization;
    } else {
      organizationOf = await connection.organizationId();
      terminal.err(`Reading site ${target.id} of organization ${organizationOf}\n`);
      site = await fetchExportSite(connection.client, { organizationId: organizationOf, siteId: target.id, ...(options.shareKey === undefined ? {} : { shareKey: options.shareKey }) }, observer);
    }
    const { exportSite, formatExportSummary, siteIntegrationBlockLoader, siteOpenAPILoader, terminalProgress } = await loadingRenderer;
    const loadOpenAPIDocument = siteOpenAPILoader(connection.client, organizationOf, site);
    const renderIntegrationBlock = siteIntegrationBlockLoader(connection.client, organizationOf);
    const summary = await exportSite(site, { outDir: options.out, onProgress: terminalProgress(process.stderr), loadOpenAPIDocument, renderIntegrationBlock, ...early.option(), ...(writeThread ? { writeThread } : {}), ...(claims ? { claims } : {}), onLoaded: () => void close().catch(() => {}) });
    if (options.json) terminal.out(`${JSON.stringify(summary, null, 2)}\n`);
    else terminal.out(`${formatExportSummary(summary)}\nOpen ${options.out}/index.html in a browser, or serve the folder with any static web server.\n`);
    return exitCodes.ok;
  } finally {
    await writeThread?.abort(); // a failure before exportSite leaves it waiting
    await early.stop();
    await close(); // a failure to close early surfaces here
  }
}

/**
 * The renderer's heaviest parts, in the order they are loaded before the rest (each 5 to 15 ms): what the
 * renderer's own modules need first. A part the renderer stops using only costs its loading.
 */
const rendererParts: ReadonlyArray<() => Promise<unknown>> = [
  () => import('markdown-it'),
  () => import('hast-util-to-html'),
  () => import('hast-util-sanitize'),
  () => import('mdast-util-to-hast'),
  () => import('hast-util-from-html'),
  () => import('../../markdown/fast-markdown.ts'),
];

/** What `--site` or `--space` asks to export; undefined unless exactly one of them is given. */
function exportTarget(options: ExportCommandOptions): { kind: 'site' | 'space'; id: string } | undefined {
  if (options.site !== undefined && options.space === undefined) return { kind: 'site', id: options.site };
  if (options.space !== undefined && options.site === undefined) return { kind: 'space', id: options.space };
  return undefined;
}
