import { QuireError } from '../../errors/index.ts';
import type { OpenApiSpecVersionsTable, OpenApiSpecsTable } from '../database-schema.ts';
import { translateDatabaseError } from '../database-errors.ts';
import { notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** The published `OpenAPISpecProcessingState`. A failed processing ends `complete` with an error code. */
export type OpenApiSpecProcessingState = 'pending' | 'progress' | 'complete';

/** The published `OpenAPISpecVisibility`. */
export type OpenApiSpecVisibility = 'private' | 'public';

/** Where a spec's content comes from: a URL fetched when processed, or the text given. */
export type OpenApiSpecSourceRecord = { url: string } | { text: string };

/** A problem of the last processing (the published `OpenAPIErrorObject`). */
export interface OpenApiSpecProblem {
  message: string;
  code?: string;
}

export interface OpenApiSpecRecord {
  id: string;
  organizationId: string;
  slug: string;
  source: OpenApiSpecSourceRecord;
  visibility: OpenApiSpecVisibility;
  processingState: OpenApiSpecProcessingState;
  /** Counted up whenever processing is asked for (create, a new source, a refresh). */
  generation: number;
  lastVersionId?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors: OpenApiSpecProblem[];
  lastProcessedErrorCount: number;
  leaseHolder?: string;
  leaseExpiresAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** A version without its content. */
export interface OpenApiSpecVersionRecord {
  id: string;
  specId: string;
  contentHash: string;
  sourceUrl?: string;
  createdAt: string;
}

/** A version with its content: the processed filesystem (see src/openapi/spec-filesystem.ts). */
export interface OpenApiSpecVersionContent extends OpenApiSpecVersionRecord {
  filesystem: unknown;
}

/** How a processing run ended: a filesystem and its hash, or the failure. */
export type OpenApiProcessingOutcome =
  | { ok: true; filesystem: unknown; contentHash: string }
  | { ok: false; errorCode: string; errors: OpenApiSpecProblem[]; errorCount: number };

export interface OpenApiSpecStore {
  /** Records a spec, `pending`, generation 1; `CONFLICT` when the organization has one with that slug. */
  createOpenApiSpec(input: { organizationId: string; slug: string; source: OpenApiSpecSourceRecord }): Promise<OpenApiSpecRecord>;
  /** The spec of an organization with that slug, or undefined. */
  findOpenApiSpec(organizationId: string, slug: string): Promise<OpenApiSpecRecord | undefined>;
  /** A spec by id; `NOT_FOUND` when there is none. */
  getOpenApiSpecById(id: string): Promise<OpenApiSpecRecord>;
  /** The specs of an organization, by slug. */
  listOpenApiSpecs(organizationId: string, options?: ListOptions): Promise<ListPage<OpenApiSpecRecord>>;
  /** Replaces the source and asks for processing (state `pending`, generation + 1). */
  updateOpenApiSpecSource(id: string, source: OpenApiSpecSourceRecord): Promise<OpenApiSpecRecord>;
  /** Asks for processing again with the same source (a refresh): `pending`, generation + 1. */
  requestOpenApiSpecProcessing(id: string): Promise<OpenApiSpecRecord>;
  setOpenApiSpecVisibility(id: string, visibility: OpenApiSpecVisibility): Promise<OpenApiSpecRecord>;
  /** Deletes a spec and its versions; false when there was none. */
  deleteOpenApiSpec(id: string): Promise<boolean>;
  /**
   * Takes the processing of a spec for `holder` until now + `leaseMs`, in one compare-and-set statement: only a
   * spec waiting for processing (`pending`, or `progress` under an expired lease: its process died) whose lease is
   * free or expired can be claimed, so of two claimers exactly one wins. The spec turns `progress`. Answers the
   * spec as claimed (its `generation` is the work taken), or undefined when another holds it or nothing waits.
   *
   * @example
   * const claimed = await store.claimOpenApiSpec(spec.id, 'process-a', 60_000);
   */
  claimOpenApiSpec(id: string, holder: string, leaseMs: number): Promise<OpenApiSpecRecord | undefined>;
  /** Extends `holder`'s lease to now + `leaseMs`; false when it no longer holds it. */
  renewOpenApiSpecLease(id: string, holder: string, leaseMs: number): Promise<boolean>;
  /**
   * Ends `holder`'s processing of `generation`, in one transaction: with content whose hash differs from the last
   * version's, a new version (same hash: no version, the last stays); the outcome recorded; the lease freed. The
   * spec is `complete`, or `pending` again when new work was asked for meanwhile (a later generation). Answers
   * undefined, changing nothing, when `holder` no longer holds the lease (it expired and another process took it).
   */
  finishOpenApiSpecProcessing(id: string, holder: string, generation: number, outcome: OpenApiProcessingOutcome): Promise<OpenApiSpecRecord | undefined>;
  /** Ids of specs waiting for processing that nobody holds (free or expired lease), oldest first, at most `limit`. */
  listClaimableOpenApiSpecs(limit: number): Promise<string[]>;
  /** Asks for processing of every URL spec `complete` and last processed before `before`; answers how many. */
  requestOpenApiSpecRefreshes(before: string): Promise<number>;
  /** The versions of a spec, newest first. */
  listOpenApiSpecVersions(specId: string, options?: ListOptions): Promise<ListPage<OpenApiSpecVersionRecord>>;
  /** A version of a spec with its content; `NOT_FOUND` when the spec has no such version. */
  getOpenApiSpecVersion(specId: string, versionId: string): Promise<OpenApiSpecVersionContent>;
}

const waiting = ['pending', 'progress'];

/**
 * The OpenAPI-spec methods of a Store.
 *
 * @example
 * const specs = openApiSpecStore(context);
 */
export function openApiSpecStore(context: StoreContext): OpenApiSpecStore {
  const row = (id: string) => context.db().selectFrom('openapi_specs').selectAll().where('id', '=', id).executeTakeFirst();
  const get = async (id: string) => {
    const found = await row(id);
    if (found === undefined) throw notFound('OpenAPI spec', id);
    return toRecord(found);
  };
  const later = (ms: number) => new Date(context.now().getTime() + ms).toISOString();
  const askForProcessing = async (id: string, source?: OpenApiSpecSourceRecord) => {
    const set: Partial<OpenApiSpecsTable> = { processing_state: 'pending', updated_at: context.timestamp() };
    if (source !== undefined) Object.assign(set, sourceColumns(source));
    const result = await context
      .db()
      .updateTable('openapi_specs')
      .set((eb) => ({ ...set, generation: eb('generation', '+', 1) }))
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('OpenAPI spec', id);
    return get(id);
  };
  return {
    async createOpenApiSpec(input) {
      const now = context.timestamp();
      const values: OpenApiSpecsTable = {
        id: context.newId(),
        organization_id: input.organizationId,
        slug: input.slug,
        ...sourceColumns(input.source),
        visibility: 'private',
        processing_state: 'pending',
        generation: 1,
        last_version_id: null,
        last_processed_at: null,
        last_process_error_code: null,
        last_processed_errors: null,
        last_processed_error_count: 0,
        lease_holder: null,
        lease_expires_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await context.db().insertInto('openapi_specs').values(values).execute();
      } catch (error) {
        const translated = translateDatabaseError(error);
        if (translated instanceof QuireError && translated.code === 'CONFLICT') throw new QuireError('CONFLICT', `slug: organization ${input.organizationId} already has an OpenAPI spec "${input.slug}"`, { field: 'slug' });
        throw translated;
      }
      return toRecord(values);
    },
    async findOpenApiSpec(organizationId, slug) {
      const found = await context.db().selectFrom('openapi_specs').selectAll().where('organization_id', '=', organizationId).where('slug', '=', slug).executeTakeFirst();
      return found === undefined ? undefined : toRecord(found);
    },
    getOpenApiSpecById: get,
    listOpenApiSpecs(organizationId, options = {}) {
      return listPage(
        context.db().selectFrom('openapi_specs').selectAll().where('organization_id', '=', organizationId),
        { scope: `openapi-specs|${organizationId}`, keys: [{ column: 'slug', direction: 'asc', value: (spec) => spec.slug }] },
        options,
        (rows) => rows.map(toRecord),
      );
    },
    updateOpenApiSpecSource: (id, source) => askForProcessing(id, source),
    requestOpenApiSpecProcessing: (id) => askForProcessing(id),
    async setOpenApiSpecVisibility(id, visibility) {
      await context.db().updateTable('openapi_specs').set({ visibility, updated_at: context.timestamp() }).where('id', '=', id).execute();
      return get(id);
    },
    async deleteOpenApiSpec(id) {
      const result = await context.db().deleteFrom('openapi_specs').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async claimOpenApiSpec(id, holder, leaseMs) {
      const now = context.timestamp();
      const result = await context
        .db()
        .updateTable('openapi_specs')
        .set({ processing_state: 'progress', lease_holder: holder, lease_expires_at: later(leaseMs), updated_at: now })
        .where('id', '=', id)
        .where('processing_state', 'in', waiting)
        .where((eb) => eb.or([eb('lease_holder', 'is', null), eb('lease_expires_at', '<', now)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const claimed = await row(id);
      return claimed === undefined || claimed.lease_holder !== holder ? undefined : toRecord(claimed);
    },
    async renewOpenApiSpecLease(id, holder, leaseMs) {
      const result = await context.db().updateTable('openapi_specs').set({ lease_expires_at: later(leaseMs) }).where('id', '=', id).where('lease_holder', '=', holder).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async finishOpenApiSpecProcessing(id, holder, generation, outcome) {
      return context.transaction(async () => {
        const current = await row(id);
        if (current === undefined || current.lease_holder !== holder) return undefined;
        const now = context.timestamp();
        const set: Partial<OpenApiSpecsTable> = {
          processing_state: Number(current.generation) === generation ? 'complete' : 'pending',
          lease_holder: null,
          lease_expires_at: null,
          last_processed_at: now,
          updated_at: now,
        };
        if (outcome.ok) {
          const last = current.last_version_id === null ? undefined : await context.db().selectFrom('openapi_spec_versions').select('content_hash').where('id', '=', current.last_version_id).executeTakeFirst();
          if (last?.content_hash !== outcome.contentHash) {
            const version: OpenApiSpecVersionsTable = { id: context.newId(), spec_id: id, content_hash: outcome.contentHash, source_url: current.source_url, filesystem: jsonColumn(outcome.filesystem)!, created_at: now };
            await context.db().insertInto('openapi_spec_versions').values(version).execute();
            set.last_version_id = version.id;
          }
          Object.assign(set, { last_process_error_code: null, last_processed_errors: null, last_processed_error_count: 0 });
        } else {
          Object.assign(set, { last_process_error_code: outcome.errorCode, last_processed_errors: jsonColumn(outcome.errors), last_processed_error_count: outcome.errorCount });
        }
        const result = await context.db().updateTable('openapi_specs').set(set).where('id', '=', id).where('lease_holder', '=', holder).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw new QuireError('STORE_CONFLICT', `the processing lease of OpenAPI spec ${id} moved`);
        return get(id);
      });
    },
    async listClaimableOpenApiSpecs(limit) {
      const now = context.timestamp();
      const rows = await context
        .db()
        .selectFrom('openapi_specs')
        .select('id')
        .where('processing_state', 'in', waiting)
        .where((eb) => eb.or([eb('lease_holder', 'is', null), eb('lease_expires_at', '<', now)]))
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map((found) => found.id);
    },
    async requestOpenApiSpecRefreshes(before) {
      const result = await context
        .db()
        .updateTable('openapi_specs')
        .set((eb) => ({ processing_state: 'pending', generation: eb('generation', '+', 1), updated_at: context.timestamp() }))
        .where('source_url', 'is not', null)
        .where('processing_state', '=', 'complete')
        .where('last_processed_at', '<', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    listOpenApiSpecVersions(specId, options = {}) {
      return listPage(
        context.db().selectFrom('openapi_spec_versions').select(['id', 'spec_id', 'content_hash', 'source_url', 'created_at']).where('spec_id', '=', specId),
        {
          scope: `openapi-spec-versions|${specId}`,
          keys: [
            { column: 'created_at', direction: 'desc', value: (version) => version.created_at },
            { column: 'id', direction: 'desc', value: (version) => version.id },
          ],
        },
        options,
        (rows) => rows.map(toVersion),
      );
    },
    async getOpenApiSpecVersion(specId, versionId) {
      const found = await context.db().selectFrom('openapi_spec_versions').selectAll().where('spec_id', '=', specId).where('id', '=', versionId).executeTakeFirst();
      if (found === undefined) throw notFound('OpenAPI spec version', versionId);
      return { ...toVersion(found), filesystem: parseJsonColumn<unknown>(found.filesystem) };
    },
  };
}

function sourceColumns(source: OpenApiSpecSourceRecord): Pick<OpenApiSpecsTable, 'source_url' | 'source_text'> {
  return 'url' in source ? { source_url: source.url, source_text: null } : { source_url: null, source_text: source.text };
}

function toRecord(row: OpenApiSpecsTable): OpenApiSpecRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    slug: row.slug,
    source: row.source_url !== null ? { url: row.source_url } : { text: row.source_text ?? '' },
    visibility: row.visibility as OpenApiSpecVisibility,
    processingState: row.processing_state as OpenApiSpecProcessingState,
    generation: Number(row.generation),
    ...(row.last_version_id === null ? {} : { lastVersionId: row.last_version_id }),
    ...(row.last_processed_at === null ? {} : { lastProcessedAt: row.last_processed_at }),
    ...(row.last_process_error_code === null ? {} : { lastProcessErrorCode: row.last_process_error_code }),
    lastProcessedErrors: parseJsonColumn<OpenApiSpecProblem[]>(row.last_processed_errors) ?? [],
    lastProcessedErrorCount: Number(row.last_processed_error_count),
    ...(row.lease_holder === null ? {} : { leaseHolder: row.lease_holder }),
    ...(row.lease_expires_at === null ? {} : { leaseExpiresAt: row.lease_expires_at }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toVersion(row: Pick<OpenApiSpecVersionsTable, 'id' | 'spec_id' | 'content_hash' | 'source_url' | 'created_at'>): OpenApiSpecVersionRecord {
  return { id: row.id, specId: row.spec_id, contentHash: row.content_hash, ...(row.source_url === null ? {} : { sourceUrl: row.source_url }), createdAt: row.created_at };
}
