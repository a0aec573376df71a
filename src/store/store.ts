import type { ApiTokenStore } from './tokens/api-tokens.ts';
import type { BlobStore } from './blobs/blobs.ts';
import type { ChangeRequestStore } from './change-requests/change-requests.ts';
import type { CollectionStore } from './spaces/collections.ts';
import type { DocumentStore } from './revisions/documents.ts';
import type { MemberStore } from './organizations/members.ts';
import type { OrganizationStore } from './organizations/organizations.ts';
import type { RevisionStore } from './revisions/revisions.ts';
import type { SyncPointStore } from './spaces/sync-points.ts';
import type { SpaceStore } from './spaces/spaces.ts';
import type { StoreDialect } from './store-dialect.ts';
import type { UserStore } from './organizations/users.ts';
import type { SiteStore } from './sites/sites.ts';
import type { SiteSectionStore } from './sites/site-sections.ts';
import type { SiteSectionGroupStore } from './sites/site-section-groups.ts';
import type { SiteSpaceStore } from './sites/site-spaces.ts';
import type { SiteShareLinkStore } from './sites/site-share-links.ts';
import type { SiteCustomizationStore } from './sites/site-customizations.ts';
import type { SiteAdaptiveSchemaStore } from './sites/site-adaptive-schemas.ts';
import type { SiteTreeStore } from './sites/site-tree.ts';
import type { SigningKeyStore } from './tokens/signing-keys.ts';
import type { CommentStore } from './comments/comments.ts';
import type { TeamStore } from './organizations/teams.ts';
import type { ContentPermissionStore } from './spaces/content-permissions.ts';
import type { OrganizationInviteStore } from './organizations/organization-invites.ts';
import type { LinkStore } from './links/links.ts';
import type { SearchStore } from './search/search.ts';
import type { ChangeRequestPdfStore } from './change-requests/change-request-pdfs.ts';
import type { ImportRunStore } from './import/import-runs.ts';
import type { TranslationStore } from './translations/translations.ts';
import type { SamlProviderStore } from './sso/saml-providers.ts';
import type { OpenApiSpecStore } from './openapi/openapi-specs.ts';
import type { IntegrationStore } from './integrations/integrations.ts';
import type { IntegrationDeliveryStore } from './integrations/integration-deliveries.ts';
import type { GitPathStore } from './revisions/git-paths.ts';

/**
 * Everything the service persists, as a plain object (no HTTP): accounts, collections, spaces, change
 * requests, and content (revisions, documents, blobs). The same interface on SQLite and on PostgreSQL; one
 * contract test suite runs against both.
 */
export interface Store
  extends UserStore,
    OrganizationStore,
    MemberStore,
    ApiTokenStore,
    CollectionStore,
    SpaceStore,
    ChangeRequestStore,
    RevisionStore,
    SyncPointStore,
    DocumentStore,
    BlobStore,
    SiteStore,
    SiteSectionStore,
    SiteSectionGroupStore,
    SiteSpaceStore,
    SiteShareLinkStore,
    SiteCustomizationStore,
    SiteAdaptiveSchemaStore,
    SiteTreeStore,
    SigningKeyStore,
    CommentStore,
    TeamStore,
    ContentPermissionStore,
    OrganizationInviteStore,
    LinkStore,
    SearchStore,
    ChangeRequestPdfStore,
    ImportRunStore,
    TranslationStore,
    SamlProviderStore,
    OpenApiSpecStore,
    IntegrationStore,
    IntegrationDeliveryStore,
    GitPathStore {
  readonly kind: StoreDialect;
  /**
   * Runs `fn` in one database transaction: everything it writes is committed together, or nothing is (when it
   * throws, or the process dies). Every store call made while `fn` runs joins the transaction, whether made on
   * the `store` passed in or on the outer one; nested calls join too. Blobs are not transactional (they are
   * content-addressed, so a leftover blob is harmless).
   *
   * @example
   * await store.transaction(async (tx) => {
   *   if (!(await tx.setSpaceHead(space.id, base, merged))) throw new QuireError('STORE_CONFLICT', 'moved');
   *   await tx.markChangeRequestMerged(cr.id, { revisionMerged: merged, mergedBy: user.id });
   * });
   */
  transaction<T>(fn: (store: Store) => Promise<T>): Promise<T>;
  /** Row counts of the content tables and the number of blobs (for tests, benchmarks and monitoring). */
  stats(): Promise<StoreStats>;
  /**
   * Runs `fn`, the start of a request: the rows every request reads (token, user, membership, organization,
   * space, revision row) are kept in memory while the database has not changed, and on SQLite whether another
   * process committed is asked once after each request starts, for the rest of that turn of the event loop,
   * instead of once per row. A commit made anywhere before the request started is always seen. In a turn where
   * no request started, that is asked on every read.
   *
   * @example
   * app.addHook('onRequest', (_request, _reply, done) => store.asOneRequest(done));
   */
  asOneRequest<T>(fn: () => T): T;
  /** Closes the database (the pool, on PostgreSQL). The store cannot be used afterwards. */
  close(): Promise<void>;
}

export interface StoreStats {
  objects: number;
  documents: number;
  revisions: number;
  blobs: number;
}

interface CommonStoreOptions {
  /** The clock (default: the system's). Tests inject one. */
  now?: () => Date;
  /** Makes record and revision ids (default: random 20-character base62). Tests inject a counter. */
  newId?: () => string;
  /** Memory for cached content objects and revisions, in bytes of JSON (default 64 MiB). */
  cacheBytes?: number;
}

/** The embedded default: `quire.db` (SQLite, WAL) and `blobs/` in `directory`. */
export interface SqliteStoreOptions extends CommonStoreOptions {
  kind: 'sqlite';
  directory: string;
  /** How long a writer waits for another process's lock (default 5 s). */
  busyTimeoutMs?: number;
}

/** Scale-out: PostgreSQL, shared by several processes, and a blob folder they all reach. */
export interface PostgresStoreOptions extends CommonStoreOptions {
  kind: 'postgres';
  /** `postgres://user@host:5432/database` */
  url: string;
  blobDirectory: string;
  /** A schema to use (as `search_path`) instead of the default; it must exist. */
  schema?: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

export type StoreOptions = SqliteStoreOptions | PostgresStoreOptions;
