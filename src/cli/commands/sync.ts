import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { createApiClient, type ApiClient } from '../../client/index.ts';
import { QuireError } from '../../errors/index.ts';
import {
  branchRef,
  defaultMessagePrefix,
  describeConflicts,
  describePlan,
  describeResult,
  locateRepository,
  planWithoutSpace,
  resultToJson,
  runSync,
  type SyncDirection,
  type SyncPreference,
  type SyncProgress,
} from '../../sync/index.ts';
import { embeddedServiceExists } from '../admin-token-path.ts';
import type { EmbeddedService } from '../embedded-service.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';

export interface SyncCommandOptions {
  dir: string;
  space?: string | undefined;
  api?: string | undefined;
  token?: string | undefined;
  direction: SyncDirection;
  branch?: string | undefined;
  prefer?: SyncPreference | undefined;
  messagePrefix?: string | undefined;
  dryRun?: boolean | undefined;
  json?: boolean | undefined;
  /** The embedded service's data folder, used when no API is given. Default `.quire`. */
  data?: string | undefined;
}

/**
 * `quire sync`: syncs the folder `--dir` of a Git repository with a space, both ways. With no `--api` (and no
 * QUIRE_API_URL) it runs the embedded service on `.quire` in this process, creating a space on first use and
 * remembering it in `.quire/sync-spaces.json`.
 *
 * @example
 * const code = await syncCommand({ dir: '.', direction: 'both' }, processTerminal, process.env);
 */
export async function syncCommand(options: SyncCommandOptions, terminal: Terminal, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const located = await locateRepository(options.dir);
  const branch = options.branch === undefined ? located.branch : branchRef(options.branch);
  if (branch === undefined) throw new QuireError('INVALID_ARGUMENT', 'HEAD is detached: name the branch to sync with --branch', { field: 'branch' });
  const api = options.api ?? env['QUIRE_API_URL'];
  const token = options.token ?? env['QUIRE_TOKEN'];
  let embedded: EmbeddedService | undefined;
  let client: ApiClient | undefined;
  try {
    let spaceId = options.space;
    /** In embedded mode, the line that says which space this run used (printed after the result). */
    let embeddedSpace: { created: boolean } | undefined;
    if (api === undefined) {
      const data = resolve(options.data ?? '.quire');
      // A dry run where no embedded service was made yet plans a first sync, and creates nothing on disk.
      if (options.dryRun !== true || spaceId !== undefined || embeddedServiceExists(data)) {
        // Loaded only here: the service and its server are most of the start-up time of a sync against --api.
        const { startEmbeddedService } = await import('../embedded-service.ts');
        embedded = await startEmbeddedService(data);
        client = createApiClient({ baseUrl: embedded.baseUrl, token: embedded.token, userAgent: 'quire/0.1.0' });
        if (spaceId === undefined) {
          const remembered = await rememberedSpace(client, embedded, data, `${located.root}:${located.prefix}`, basename(resolve(options.dir)), options.dryRun === true);
          spaceId = remembered?.id;
          embeddedSpace = { created: remembered?.created ?? false };
        } else {
          // A space given with --space (made by quire spaces create, say) becomes this folder's: later runs need no --space.
          if (options.dryRun !== true) await rememberSpace(data, `${located.root}:${located.prefix}`, spaceId);
          embeddedSpace = { created: false };
        }
      }
    } else {
      if (spaceId === undefined) throw new QuireError('INVALID_ARGUMENT', '--space is required with --api (or QUIRE_API_URL): the id of the space to sync with', { field: 'space' });
      client = createApiClient({ baseUrl: api, token, userAgent: 'quire/0.1.0' });
    }
    const progress = progressPrinter(terminal, options.json === true);
    const syncOptions = { direction: options.direction, prefer: options.prefer, prefix: located.prefix, ref: branch, messagePrefix: options.messagePrefix ?? defaultMessagePrefix };
    const { plan, result } =
      spaceId === undefined || client === undefined
        ? // A dry run before the embedded service has a space for this folder: the plan of a first sync into an empty one.
          await planWithoutSpace({ repo: located.repo, options: syncOptions })
        : await runSync({ client, repo: located.repo, spaceId, options: syncOptions, onProgress: progress }, { dryRun: options.dryRun === true });
    if (options.json === true) {
      const created = embeddedSpace === undefined ? {} : { spaceCreated: embeddedSpace.created };
      terminal.out(`${JSON.stringify({ space: spaceId ?? null, ...created, ...resultToJson(result) }, null, 2)}\n`);
    } else {
      if (options.dryRun === true) terminal.out(describePlan(plan));
      terminal.out(describeResult(result));
      if (result.mode === 'conflict' && options.dryRun === true) terminal.out(`${describeConflicts(result)}\n`);
      if (embeddedSpace !== undefined) terminal.out(`${describeEmbeddedSpace(spaceId, embeddedSpace.created, options.data ?? '.quire')}\n`);
    }
    return result.ok ? exitCodes.ok : exitCodes.inputErrors;
  } finally {
    await client?.close();
    await embedded?.close();
  }
}

/** Which space the run used on the embedded service, and how to go on from it (a site of it, an export). */
function describeEmbeddedSpace(spaceId: string | undefined, created: boolean, data: string): string {
  if (spaceId === undefined) return `Space: none yet; the first sync that is not a dry run makes one on the embedded service in ${data}.`;
  const dataOption = data === '.quire' ? '' : ` --data ${data}`;
  return (
    `Space: ${spaceId} (${created ? 'made for this folder' : 'the one this folder syncs with'}, on the embedded service in ${data}).\n` +
    `Publish it: quire sites create --title <title> --space ${spaceId}${dataOption}, then quire sites publish <siteId>${dataOption}; ` +
    `or export it as it is: quire export --space ${spaceId} --out site${dataOption}`
  );
}

/** The space this folder syncs with on the embedded service, created on first use (a dry run creates none: undefined). */
async function rememberedSpace(client: ApiClient, service: EmbeddedService, data: string, key: string, title: string, dryRun: boolean): Promise<{ id: string; created: boolean } | undefined> {
  const existing = (await readRememberedSpaces(data))[key];
  if (existing !== undefined) return { id: existing, created: false };
  if (dryRun) return undefined; // created by the first sync that is not a dry run
  const space = await client.createSpace(service.organizationId, { title: title.slice(0, 50) || 'Docs' });
  await rememberSpace(data, key, space.id);
  return { id: space.id, created: true };
}

/** The embedded service's record of which space each synced folder (`<repository root>:<prefix>`) syncs with. */
async function readRememberedSpaces(data: string): Promise<Record<string, string>> {
  return JSON.parse(await readFile(join(data, 'sync-spaces.json'), 'utf8').catch(() => '{}')) as Record<string, string>;
}

async function rememberSpace(data: string, key: string, spaceId: string): Promise<void> {
  const known = await readRememberedSpaces(data);
  if (known[key] === spaceId) return;
  known[key] = spaceId;
  await mkdir(data, { recursive: true });
  await writeFile(join(data, 'sync-spaces.json'), `${JSON.stringify(known, null, 2)}\n`);
}

/** Progress on stderr: stages, and a line per batch of changes (pages processed, requests made). */
function progressPrinter(terminal: Terminal, quietStages: boolean): (progress: SyncProgress) => void {
  return (progress) => {
    if (progress.kind === 'stage') {
      if (!quietStages || terminal.interactive) terminal.err(`quire sync: ${progress.message}\n`);
      return;
    }
    terminal.err(`quire sync: ${progress.done}/${progress.total} changes sent, ${progress.requests} requests\n`);
  };
}
