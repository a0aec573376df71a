import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { QuireError, isQuireError } from '../errors/index.ts';
import { apiTokenStore } from './tokens/api-tokens.ts';
import { BlobFolder } from './blobs/blob-folder.ts';
import { blobStore } from './blobs/blobs.ts';
import { changeRequestStore } from './change-requests/change-requests.ts';
import { collectionStore } from './spaces/collections.ts';
import { connectPostgres, connectSqlite } from './connect-database.ts';
import type { Database } from './database-schema.ts';
import { translateDatabaseError } from './database-errors.ts';
import { documentStore } from './revisions/documents.ts';
import { memberStore } from './organizations/members.ts';
import { migrationProvider } from './migrations/migrations.ts';
import { ObjectStore } from './blobs/object-store.ts';
import { organizationStore } from './organizations/organizations.ts';
import { randomId } from './random-id.ts';
import { revisionStore } from './revisions/revisions.ts';
import { syncPointStore } from './spaces/sync-points.ts';
import { spaceStore } from './spaces/spaces.ts';
import type { Store, StoreOptions, StoreStats } from './store.ts';
import { StoreContext } from './store-context.ts';
import type { StoreDialect } from './store-dialect.ts';
import { userStore } from './organizations/users.ts';
import { siteStore } from './sites/sites.ts';
import { siteSectionStore } from './sites/site-sections.ts';
import { siteSectionGroupStore } from './sites/site-section-groups.ts';
import { siteSpaceStore } from './sites/site-spaces.ts';
import { siteShareLinkStore } from './sites/site-share-links.ts';
import { siteCustomizationStore } from './sites/site-customizations.ts';
import { siteAdaptiveSchemaStore } from './sites/site-adaptive-schemas.ts';
import { siteTreeStore } from './sites/site-tree.ts';
import { signingKeyStore } from './tokens/signing-keys.ts';
import { commentStore } from './comments/comments.ts';
import { teamStore } from './organizations/teams.ts';
import { contentPermissionStore } from './spaces/content-permissions.ts';
import { organizationInviteStore } from './organizations/organization-invites.ts';
import { linkStore } from './links/links.ts';
import { searchStore } from './search/search.ts';
import { changeRequestPdfStore } from './change-requests/change-request-pdfs.ts';
import { importRunStore } from './import/import-runs.ts';
import { translationStore } from './translations/translations.ts';
import { samlProviderStore } from './sso/saml-providers.ts';
import { openApiSpecStore } from './openapi/openapi-specs.ts';
import { integrationStore } from './integrations/integrations.ts';
import { integrationDeliveryStore } from './integrations/integration-deliveries.ts';
import { gitPathStore } from './revisions/git-paths.ts';

const defaultCacheBytes = 64 * 1024 * 1024;
const knownHashes = 200_000;
const staleTemporaryBlobMs = 60 * 60 * 1000;

/**
 * Opens a Store: connects, runs the migrations that have not run yet (safe when several processes open the
 * same database at once), and returns the store.
 *
 * @example
 * const store = await openStore({ kind: 'sqlite', directory: '.quire' });
 * const org = await store.createOrganization({ title: 'Acme' });
 * await store.close();
 *
 * @example
 * const store = await openStore({ kind: 'postgres', url: 'postgres://quire@db/quire', blobDirectory: '/srv/blobs' });
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  const dialect = checkOptions(options);
  // PostgreSQL gives no cheap stamp of change: its rows are read on every request (read-memo.ts).
  const { db, changes } =
    options.kind === 'sqlite'
      ? connectSqlite(options.directory, options.busyTimeoutMs)
      : { db: connectPostgres(options.url, { ...(options.schema === undefined ? {} : { schema: options.schema }), ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }) }), changes: undefined };
  try {
    await migrate(db, dialect);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw translateDatabaseError(error);
  }
  const blobs = new BlobFolder(options.kind === 'sqlite' ? join(options.directory, 'blobs') : options.blobDirectory);
  const now = options.now ?? (() => new Date());
  const context = new StoreContext({
    dialect,
    db,
    ...(changes === undefined ? {} : { changes }),
    now,
    newId: options.newId ?? randomId,
    blobs,
    objects: (self) => new ObjectStore(self, { cacheBytes: options.cacheBytes ?? defaultCacheBytes, knownHashes }),
  });
  await blobs.sweepTemporaryFiles(staleTemporaryBlobMs, now());

  let closed = false;
  const store: Store = {
    ...guard<Omit<Store, 'asOneRequest'>>({
      kind: dialect,
      ...userStore(context),
      ...organizationStore(context),
      ...memberStore(context),
      ...apiTokenStore(context),
      ...collectionStore(context),
      ...spaceStore(context),
      ...changeRequestStore(context),
      ...revisionStore(context),
      ...syncPointStore(context),
      ...documentStore(context),
      ...blobStore(context),
      ...siteStore(context),
      ...siteSectionStore(context),
      ...siteSectionGroupStore(context),
      ...siteSpaceStore(context),
      ...siteShareLinkStore(context),
      ...siteCustomizationStore(context),
      ...siteAdaptiveSchemaStore(context),
      ...siteTreeStore(context),
      ...signingKeyStore(context),
      ...commentStore(context),
      ...teamStore(context),
      ...contentPermissionStore(context),
      ...organizationInviteStore(context),
      ...linkStore(context),
      ...searchStore(context),
      ...changeRequestPdfStore(context),
      ...importRunStore(context),
      ...translationStore(context),
      ...samlProviderStore(context),
      ...openApiSpecStore(context),
      ...integrationStore(context),
      ...integrationDeliveryStore(context),
      ...gitPathStore(context, { getRevision: (id) => store.getRevision(id) }),
      transaction: <T>(fn: (store: Store) => Promise<T>): Promise<T> => context.transaction(() => fn(store)),
      async stats(): Promise<StoreStats> {
        const count = async (table: 'objects' | 'documents' | 'revisions'): Promise<number> => {
          const row = await context.db().selectFrom(table).select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow();
          return Number(row.n);
        };
        return { objects: await count('objects'), documents: await count('documents'), revisions: await count('revisions'), blobs: await blobs.count() };
      },
      async close(): Promise<void> {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    }),
    // Not guarded: it runs `fn` as it is, synchronously (a Fastify hook's `done`).
    asOneRequest: (fn) => context.asOneRequest(fn),
  };
  return store;
}

async function migrate(db: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  if (dialect === 'sqlite') return migrateWith(db, dialect);
  // Kysely's own lock is a row in a table that the first migration run creates: processes starting at once on a
  // new schema race to create it, and the loser can look for the row before the table is there. A session
  // advisory lock, per schema, queues them before any of that.
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('quire-migrations:' || current_schema()))`.execute(connection);
    try {
      // Kysely looks for its tables in every schema unless told which: another schema's would pass for ours.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
      await migrateWith(connection, dialect, rows[0]?.schema);
    } finally {
      await sql`select pg_advisory_unlock(hashtext('quire-migrations:' || current_schema()))`.execute(connection);
    }
  });
}

async function migrateWith(db: Kysely<Database>, dialect: StoreDialect, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialect),
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
    migrationTableName: 'quire_migration',
    migrationLockTableName: 'quire_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
}

function checkOptions(options: StoreOptions): StoreDialect {
  if (typeof options !== 'object' || options === null) throw new QuireError('INVALID_ARGUMENT', 'store options must be an object', { field: 'options' });
  if (options.kind === 'sqlite') {
    if (typeof options.directory !== 'string' || options.directory === '') {
      throw new QuireError('INVALID_ARGUMENT', 'directory must name the folder for quire.db and blobs/', { field: 'directory' });
    }
    return 'sqlite';
  }
  if (options.kind === 'postgres') {
    if (typeof options.url !== 'string' || !/^postgres(ql)?:\/\//.test(options.url)) {
      throw new QuireError('INVALID_ARGUMENT', 'url must be a postgres:// connection string', { field: 'url' });
    }
    if (typeof options.blobDirectory !== 'string' || options.blobDirectory === '') {
      throw new QuireError('INVALID_ARGUMENT', 'blobDirectory must name the folder for blobs', { field: 'blobDirectory' });
    }
    return 'postgres';
  }
  throw new QuireError('INVALID_ARGUMENT', `kind must be sqlite or postgres, not ${JSON.stringify((options as { kind?: unknown }).kind)}`, { field: 'kind' });
}

/** Wraps every method so that driver errors reach callers as typed QuireErrors. */
function guard<T extends object>(methods: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(methods)) {
    guarded[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (value as (...args: unknown[]) => Promise<unknown>)(...args);
            } catch (error) {
              throw isQuireError(error) ? error : translateDatabaseError(error);
            }
          }
        : value;
  }
  return guarded as T;
}
