import { createApiClient, type ApiClient } from '../../client/index.ts';
import { isQuireError, QuireError } from '../../errors/quire-error.ts';
import { exportSite, fetchExportSite, formatExportSummary, terminalProgress } from '../../export/index.ts';
import { startEmbeddedService, type EmbeddedService } from '../embedded-service.ts';
import { exitCodes } from '../exit-codes.ts';
import type { JsonObject } from '../../render/index.ts';
import type { Terminal } from '../terminal.ts';
import { readClaimsFile } from './read-claims-file.ts';

export interface ExportCommandOptions {
  site: string;
  out: string;
  organization?: string;
  api?: string;
  token?: string;
  shareKey?: string;
  data: string;
  json?: boolean;
  /** A JSON file of visitor claims to export the site for (src/render/adaptive). */
  claims?: string;
}

/**
 * `quire export`: reads a published site through the API (the embedded service on `--data` when no `--api` is
 * given) and writes it as a static bundle that works from `file://` and any static server.
 *
 * @example
 * const code = await exportCommand({ site: 'abc', out: 'site', data: '.quire' }, processTerminal, process.env);
 */
export async function exportCommand(options: ExportCommandOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
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
  const api = options.api ?? env['QUIRE_API_URL'];
  const token = options.token ?? env['QUIRE_TOKEN'];
  let embedded: EmbeddedService | undefined;
  let client: ApiClient;
  let organizationId = options.organization;
  if (api === undefined) {
    embedded = await startEmbeddedService(options.data, { create: false });
    client = createApiClient({ baseUrl: embedded.baseUrl, token: embedded.token, userAgent: 'quire/0.1.0' });
    organizationId ??= embedded.organizationId;
  } else {
    if (token === undefined) throw new QuireError('INVALID_ARGUMENT', '--token (or QUIRE_TOKEN) is required with --api', { field: 'token' });
    client = createApiClient({ baseUrl: api, token, userAgent: 'quire/0.1.0' });
  }
  try {
    if (organizationId === undefined) {
      for await (const organization of client.listOrganizations()) {
        organizationId = organization.id;
        break;
      }
      if (organizationId === undefined) throw new QuireError('NOT_FOUND', 'the token belongs to no organization; pass --organization', { field: 'organization' });
    }
    terminal.err(`Reading site ${options.site} of organization ${organizationId}\n`);
    const site = await fetchExportSite(
      client,
      { organizationId, siteId: options.site, ...(options.shareKey === undefined ? {} : { shareKey: options.shareKey }) },
      (title) => terminal.err(`  content of ${title}\n`),
    );
    const summary = await exportSite(site, { outDir: options.out, onProgress: terminalProgress(process.stderr), ...(claims ? { claims } : {}) });
    if (options.json) terminal.out(`${JSON.stringify(summary, null, 2)}\n`);
    else terminal.out(`${formatExportSummary(summary)}\nOpen ${options.out}/index.html in a browser, or serve the folder with any static web server.\n`);
    return exitCodes.ok;
  } finally {
    await client.close();
    await embedded?.close();
  }
}
