// End-to-end support for sync: the real server on a socket (the conformance harness), a typed client on it,
// repositories built inline, and helpers to edit the space through change requests and to compare both sides.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApiClient, type ApiClient, type ContentChange } from '../../src/client/index.ts';
import { gitdir, type FixtureEntry, type FixtureRepository } from '../../src/git/gitdir-fixture.ts';
import { defaultMessagePrefix, runSync, type SyncOptions, type SyncRun } from '../../src/sync/index.ts';
import { startConformanceServer, type ConformanceServer } from '../conformance/harness.ts';
import { repoFilesAsText, spaceFilesAsText } from '../support/sync-sides-as-text.ts';

export interface SyncWorld {
  server: ConformanceServer;
  client: ApiClient;
  /** A new space in the admin's organization. */
  newSpace(title?: string): Promise<string>;
}

/**
 * Starts one server (SQLite) for the file's tests, and a client on it; `maxFileBytes` lowers its file limit,
 * `maxGitBatchChanges` the batch size it announces to sync (git-batches).
 *
 * @example
 * const world = useSyncWorld();
 * it('...', async () => { const spaceId = await world().newSpace(); });
 */
export function useSyncWorld(options: { maxFileBytes?: number; maxGitBatchChanges?: number } = {}): () => SyncWorld {
  let world: SyncWorld | undefined;
  beforeAll(async () => {
    const server = await startConformanceServer('sqlite', options);
    const client = createApiClient({ baseUrl: server.baseUrl, token: server.admin.token, retry: { maxAttempts: 1 } });
    world = {
      server,
      client,
      async newSpace(title = 'Docs') {
        return (await client.createSpace(server.admin.organization.id, { title })).id;
      },
    };
  });
  afterAll(async () => {
    await world?.client.close();
    await world?.server.close();
  });
  return () => world!;
}

/**
 * Puts the world's admin token in `QUIRE_TOKEN` for the file's tests (a `quire sync --api` child inherits it and
 * reads it from there), and restores what was there after them.
 *
 * @example
 * const world = useSyncWorld();
 * useWorldTokenInEnvironment(world);
 */
export function useWorldTokenInEnvironment(world: () => SyncWorld): void {
  let previousToken: string | undefined;
  beforeAll(() => {
    previousToken = process.env['QUIRE_TOKEN'];
    process.env['QUIRE_TOKEN'] = world().server.admin.token;
  });
  afterAll(() => {
    if (previousToken === undefined) delete process.env['QUIRE_TOKEN'];
    else process.env['QUIRE_TOKEN'] = previousToken;
  });
}

/** Runs one sync of `repo` (its folder `prefix`) with `spaceId`. */
export async function sync(
  world: SyncWorld,
  repo: FixtureRepository,
  spaceId: string,
  options: Partial<SyncOptions> & { dryRun?: boolean } = {},
): Promise<SyncRun> {
  const { dryRun = false, ...rest } = options;
  return runSync(
    {
      client: world.client,
      repo: repo.repo,
      spaceId,
      options: { direction: 'both', prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix, ...rest },
      checkout: false,
    },
    { dryRun },
  );
}

/** The space's current content written out as a directory (path → text, assets as base64). */
export function spaceFiles(world: SyncWorld, spaceId: string): Promise<Record<string, string>> {
  return spaceFilesAsText(world.client, spaceId);
}

/** The repository's folder at its head (path → text, assets as base64). */
export function repoFiles(repo: FixtureRepository, prefix = ''): Promise<Record<string, string>> {
  return repoFilesAsText(repo, prefix);
}

/** Edits the space as a person would: a change request with `changes`, merged. Returns its number. */
export async function editInSpace(world: SyncWorld, spaceId: string, subject: string, changes: (pages: PageIndex) => ContentChange[]): Promise<number> {
  const changeRequest = await world.client.createChangeRequest(spaceId, { subject });
  const pages = await pageIndex(world, spaceId);
  await world.client.updateChangeRequestContent(spaceId, changeRequest.id, changes(pages));
  const merge = await world.client.mergeChangeRequest(spaceId, changeRequest.id);
  if (merge.result !== 'merge') throw new Error(`merging change request ${changeRequest.number} gave ${merge.result}`);
  return changeRequest.number;
}

/** Page ids of the space's current content by Git path (and by title). */
export type PageIndex = (pathOrTitle: string) => string;

async function pageIndex(world: SyncWorld, spaceId: string): Promise<PageIndex> {
  const pages = await world.client.listPages({ spaceId });
  const found = new Map<string, string>();
  const walk = (list: typeof pages) => {
    for (const page of list) {
      if (page.type === 'document' && page.git?.path) found.set(page.git.path, page.id);
      found.set(page.title, page.id);
      if ('pages' in page) walk(page.pages as typeof pages);
    }
  };
  walk(pages);
  return (key) => {
    const id = found.get(key);
    if (id === undefined) throw new Error(`no page ${key} in space ${spaceId}: ${[...found.keys()].join(', ')}`);
    return id;
  };
}

/** A fixture folder (fixtures/repositories/<name>) as fixture entries, under `prefix`. */
export function fixtureEntries(name: string, prefix = ''): Record<string, FixtureEntry> {
  const root = join(import.meta.dirname, '../../fixtures/repositories', name);
  const entries: Record<string, FixtureEntry> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else entries[prefix + relative(root, path).split('\\').join('/')] = new Uint8Array(readFileSync(path));
    }
  };
  walk(root);
  return entries;
}

export { gitdir };
