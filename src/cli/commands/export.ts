import { isQuireError } from '../../errors/quire-error.ts';
import { EarlyRenderThreads, exportSite, fetchExportSite, fetchExportSpace, formatExportSummary, siteIntegrationBlockLoader, siteOpenAPILoader, terminalProgress, type IntegrationBlockLoader, type OpenAPILoader } from '../../export/index.ts';
import { openApiConnection } from '../api-connection.ts';
import { exitCodes } from '../exit-codes.ts';
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
  // Render threads start once the site is known to be large enough for them, and load the renderer while the rest of
  // it is fetched (exportSite stops them, used or not).
  const early = new EarlyRenderThreads();
  const onPages = (pages: number) => early.addPages(pages);
  try {
    const onSpace = (title: string) => terminal.err(`  content of ${title}\n`);
    let site: ExportSite;
    let loadOpenAPIDocument: OpenAPILoader;
    let renderIntegrationBlock: IntegrationBlockLoader;
    if (target.kind === 'space') {
      terminal.err(`Reading space ${target.id} as a site with the default customization\n`);
      site = await fetchExportSpace(connection.client, target.id, onSpace, onPages);
      const spaceOrganization = async () => (await connection.client.getSpace(target.id)).organization;
      loadOpenAPIDocument = siteOpenAPILoader(connection.client, spaceOrganization, site);
      renderIntegrationBlock = siteIntegrationBlockLoader(connection.client, spaceOrganization);
    } else {
      const organizationId = await connection.organizationId();
      terminal.err(`Reading site ${target.id} of organization ${organizationId}\n`);
      site = await fetchExportSite(connection.client, { organizationId, siteId: target.id, ...(options.shareKey === undefined ? {} : { shareKey: options.shareKey }) }, onSpace, onPages);
      loadOpenAPIDocument = siteOpenAPILoader(connection.client, organizationId, site);
      renderIntegrationBlock = siteIntegrationBlockLoader(connection.client, organizationId);
    }
    const summary = await exportSite(site, { outDir: options.out, onProgress: terminalProgress(process.stderr), loadOpenAPIDocument, renderIntegrationBlock, ...early.option(), ...(claims ? { claims } : {}) });
    if (options.json) terminal.out(`${JSON.stringify(summary, null, 2)}\n`);
    else terminal.out(`${formatExportSummary(summary)}\nOpen ${options.out}/index.html in a browser, or serve the folder with any static web server.\n`);
    return exitCodes.ok;
  } finally {
    await early.stop();
    await connection.close();
  }
}

/** What `--site` or `--space` asks to export; undefined unless exactly one of them is given. */
function exportTarget(options: ExportCommandOptions): { kind: 'site' | 'space'; id: string } | undefined {
  if (options.site !== undefined && options.space === undefined) return { kind: 'site', id: options.site };
  if (options.space !== undefined && options.site === undefined) return { kind: 'space', id: options.space };
  return undefined;
}
