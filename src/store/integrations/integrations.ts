import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { QuireError } from '../../errors/index.ts';
import type {
  Database,
  IntegrationContentInstallationsTable,
  IntegrationEventsTable,
  IntegrationInstallationsTable,
  IntegrationsTable,
} from '../database-schema.ts';
import { notFound } from '../field-checks.ts';
import { escapeLike } from '../like-pattern.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { requireOrganization } from '../require-organization.ts';
import type { StoreContext } from '../store-context.ts';

/** Who may see and install an integration (the published `IntegrationVisibility`). */
export type IntegrationVisibility = 'public' | 'private' | 'unlisted';
/** Where an integration may be installed (the published `IntegrationTarget`). */
export type IntegrationTarget = 'all' | 'site' | 'space' | 'organization';
/** The published `IntegrationInstallationStatus`. */
export type IntegrationInstallationStatus = 'active' | 'pending' | 'paused';
/** A space or a site installation of an organization installation. */
export type IntegrationContentKind = 'space' | 'site';

/** What a publication sets: every field of the published `PublishIntegration` but the script's bytes and the owner. */
export interface IntegrationFields {
  runtime: string;
  title: string;
  description: string;
  summary?: string | undefined;
  /** SHA-256 of the icon's bytes in the blob store. */
  iconBlob?: string | undefined;
  /** SHA-256 of each preview image in the blob store. */
  previewImages: string[];
  visibility: IntegrationVisibility;
  target: IntegrationTarget;
  scopes: string[];
  categories: string[];
  blocks: unknown[];
  contentSources: unknown[];
  externalLinks: unknown[];
  /** `{ account?, space?, site? }`: a configuration JSON schema (or a ContentKit component) per level. */
  configurations: Record<string, unknown>;
  secrets: Record<string, string>;
  contentSecurityPolicy?: string | Record<string, string> | undefined;
}

/** A new version of an integration: its fields, its owner, and its script (already a blob). */
export interface IntegrationPublication extends IntegrationFields {
  name: string;
  organizationId: string;
  publishedBy: string;
  script: { blob: string; size: number };
}

/** A published integration, at its latest version. */
export interface IntegrationRecord extends IntegrationFields {
  id: string;
  name: string;
  organizationId: string;
  version: number;
  publishedBy: string;
  /** Development mode: where events go instead of the script, and whether from every organization. */
  development?: { tunnelUrl: string; all: boolean };
  createdAt: string;
  updatedAt: string;
}

/** One published version of an integration's script. */
export interface IntegrationScriptRecord {
  integrationId: string;
  version: number;
  /** SHA-256 of the script's bytes in the blob store. */
  blob: string;
  size: number;
  createdAt: string;
}

/** The filters of the integration list (`listIntegrations`). */
export interface IntegrationFilter {
  /** The organizations whose private and unlisted integrations are listed too (public ones always are). */
  visibleTo: readonly string[];
  /** A case-insensitive substring of the title or of the name. */
  search?: string;
  category?: string;
  /** Integrations with a block unfurling URLs of this domain. */
  blockDomain?: string;
  /** Only those with (true) or without (false) blocks. */
  blocks?: boolean;
  contentSources?: boolean;
  /** The owning organization's id. */
  owner?: string;
  scope?: string;
  target?: IntegrationTarget;
}

/** An installation of an integration on an organization. */
export interface IntegrationInstallationRecord {
  id: string;
  integrationId: string;
  organizationId: string;
  status: IntegrationInstallationStatus;
  configuration: Record<string, unknown>;
  externalIds: string[];
  spaceSelection: 'all' | 'selected';
  siteSelection: 'all' | 'selected';
  /** How many spaces it is installed on. */
  spaces: number;
  createdAt: string;
  updatedAt: string;
}

/** What an installation update may change. */
export interface IntegrationInstallationChange {
  status?: IntegrationInstallationStatus;
  configuration?: Record<string, unknown>;
  externalIds?: string[];
  spaceSelection?: 'all' | 'selected';
  siteSelection?: 'all' | 'selected';
}

/** What a space (or site) installation update may change. */
export interface IntegrationContentInstallationChange {
  status?: IntegrationInstallationStatus;
  configuration?: Record<string, unknown>;
  externalIds?: string[];
}

/** An installation of an integration on a space or a site, under an organization installation. */
export interface IntegrationContentInstallationRecord {
  installationId: string;
  integrationId: string;
  kind: IntegrationContentKind;
  /** The space's or the site's id. */
  targetId: string;
  status: IntegrationInstallationStatus;
  configuration: Record<string, unknown>;
  externalIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** A log line of an event's trace (the published `IntegrationEventLog`). */
export interface IntegrationEventLogRecord {
  message: string;
  timestamp: string;
  level: 'debug' | 'info' | 'warn' | 'error';
}

/** An event of an integration (the published `IntegrationEvent`), with its trace. */
export interface IntegrationEventRecord {
  id: string;
  integrationId: string;
  installationId?: string;
  type: string;
  status: 'success' | 'failed';
  payload: Record<string, unknown>;
  logs: IntegrationEventLogRecord[];
  createdAt: string;
}

export interface NewIntegrationEvent {
  id?: string;
  integrationId: string;
  installationId?: string;
  type: string;
  status: 'success' | 'failed';
  payload: Record<string, unknown>;
  logs: IntegrationEventLogRecord[];
}

export interface IntegrationStore {
  /**
   * Publishes an integration: creates it at version 1, or replaces the fields of the one of that name and
   * increments its version, and records the script of the new version; in one transaction. `CONFLICT` naming
   * `organization` when the name is another organization's integration.
   *
   * @example
   * const hello = await store.publishIntegration({ name: 'hello', organizationId: org.id, script: { blob, size }, ...fields });
   */
  publishIntegration(input: IntegrationPublication): Promise<IntegrationRecord>;
  /** An integration by name; `NOT_FOUND` when there is none. */
  getIntegration(name: string): Promise<IntegrationRecord>;
  /** An integration by id; `NOT_FOUND` when there is none. */
  getIntegrationById(id: string): Promise<IntegrationRecord>;
  /** Deletes an integration with its scripts, installations and events; false when there was none. */
  deleteIntegration(name: string): Promise<boolean>;
  /** Integrations by name, filtered. */
  listIntegrations(filter: IntegrationFilter, options?: ListOptions): Promise<ListPage<IntegrationRecord>>;
  /** The script of a version of an integration (the latest without `version`); `NOT_FOUND` when there is none. */
  getIntegrationScript(name: string, version?: number): Promise<IntegrationScriptRecord>;
  /** Turns development mode on (a tunnel) or off (null); `NOT_FOUND` for an unknown integration. */
  setIntegrationDevelopment(name: string, development: { tunnelUrl: string; all: boolean } | null): Promise<IntegrationRecord>;

  /** Installs an integration on an organization; `CONFLICT` when it is installed there already. */
  createIntegrationInstallation(input: { integrationId: string; organizationId: string; status: IntegrationInstallationStatus; configuration: Record<string, unknown> }): Promise<IntegrationInstallationRecord>;
  /** An installation of an integration; `NOT_FOUND` when there is none (or it is another integration's). */
  getIntegrationInstallation(integrationId: string, installationId: string): Promise<IntegrationInstallationRecord>;
  /** The installation of an integration on an organization, or undefined. */
  findIntegrationInstallation(integrationId: string, organizationId: string): Promise<IntegrationInstallationRecord | undefined>;
  updateIntegrationInstallation(integrationId: string, installationId: string, change: IntegrationInstallationChange): Promise<IntegrationInstallationRecord>;
  /** An integration's installations, oldest first; with `organizationIds`, only those on these organizations. */
  listIntegrationInstallations(
    integrationId: string,
    filter: { externalId?: string; organizationIds?: readonly string[] },
    options?: ListOptions,
  ): Promise<ListPage<IntegrationInstallationRecord>>;

  /** Installs an installation on a space or a site (again: unchanged). */
  putIntegrationContentInstallation(input: { installationId: string; integrationId: string; kind: IntegrationContentKind; targetId: string; status: IntegrationInstallationStatus }): Promise<IntegrationContentInstallationRecord>;
  /** A space (or site) installation of an installation; `NOT_FOUND` when the installation is not on that space (or site). */
  getIntegrationContentInstallation(installationId: string, kind: IntegrationContentKind, targetId: string): Promise<IntegrationContentInstallationRecord>;
  /** Changes a space (or site) installation; `NOT_FOUND` when there is none. */
  updateIntegrationContentInstallation(installationId: string, kind: IntegrationContentKind, targetId: string, change: IntegrationContentInstallationChange): Promise<IntegrationContentInstallationRecord>;
  /** An integration's space (or site) installations, oldest first; with `organizationIds`, only those of installations on these organizations. */
  listIntegrationContentInstallations(
    integrationId: string,
    kind: IntegrationContentKind,
    filter: { externalId?: string; organizationIds?: readonly string[] },
    options?: ListOptions,
  ): Promise<ListPage<IntegrationContentInstallationRecord>>;

  /** Records an event of an integration. */
  recordIntegrationEvent(input: NewIntegrationEvent): Promise<IntegrationEventRecord>;
  /** An event of an integration; `NOT_FOUND` when there is none. */
  getIntegrationEvent(integrationId: string, eventId: string): Promise<IntegrationEventRecord>;
  /** An integration's events, newest first. */
  listIntegrationEvents(integrationId: string, options?: ListOptions): Promise<ListPage<IntegrationEventRecord>>;
}

/** Integration names: the published pattern `^[a-zA-Z0-9-_.]+$`. */
export const integrationNamePattern = /^[a-zA-Z0-9-_.]+$/;

/**
 * The integration methods of a Store.
 *
 * @example
 * const integrations = integrationStore(context);
 */
export function integrationStore(context: StoreContext): IntegrationStore {
  const byName = async (name: string): Promise<IntegrationRecord> => {
    const row = await context.db().selectFrom('integrations').selectAll().where('name', '=', name).executeTakeFirst();
    if (row === undefined) throw notFound('integration', name);
    return toIntegration(row);
  };
  const installationCounts = (eb: ExpressionBuilder<Database, 'integration_installations'>) =>
    eb
      .selectFrom('integration_content_installations')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('integration_content_installations.installation_id', '=', 'integration_installations.id')
      .where('integration_content_installations.kind', '=', 'space')
      .as('space_count');
  const selectInstallations = () => context.db().selectFrom('integration_installations').selectAll('integration_installations').select(installationCounts);
  const installation = async (integrationId: string, installationId: string): Promise<IntegrationInstallationRecord> => {
    const row = await selectInstallations()
      .where('integration_installations.id', '=', installationId)
      .where('integration_installations.integration_id', '=', integrationId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('installation', installationId);
    return toInstallation(row);
  };
  const contentInstallation = async (installationId: string, kind: IntegrationContentKind, targetId: string): Promise<IntegrationContentInstallationRecord> => {
    const row = await context
      .db()
      .selectFrom('integration_content_installations')
      .selectAll()
      .where('installation_id', '=', installationId)
      .where('kind', '=', kind)
      .where('target_id', '=', targetId)
      .executeTakeFirst();
    if (row === undefined) throw notFound(`${kind} installation`, targetId);
    return toContentInstallation(row);
  };
  // A JSON array column holds `value` as one of its strings.
  const containsJson = (column: 'categories' | 'scopes', value: string) => sql<SqlBool>`${sql.ref(`integrations.${column}`)} like ${`%${escapeLike(JSON.stringify(value))}%`} escape '\\'`;

  return {
    async publishIntegration(input) {
      if (!integrationNamePattern.test(input.name)) {
        throw new QuireError('INVALID_ARGUMENT', `name: ${JSON.stringify(input.name)} does not match ^[a-zA-Z0-9-_.]+$`, { field: 'name' });
      }
      return context.transaction(async () => {
        await requireOrganization(context, input.organizationId);
        const now = context.timestamp();
        const existing = await context.db().selectFrom('integrations').select(['id', 'organization_id', 'version']).where('name', '=', input.name).executeTakeFirst();
        if (existing !== undefined && existing.organization_id !== input.organizationId) {
          throw new QuireError('CONFLICT', `organization: integration ${input.name} is published by another organization`, { field: 'organization', name: input.name });
        }
        const fields = fieldColumns(input);
        let id: string;
        let version: number;
        if (existing === undefined) {
          id = context.newId();
          version = 1;
          await context
            .db()
            .insertInto('integrations')
            .values({ id, name: input.name, organization_id: input.organizationId, version, ...fields, dev_tunnel_url: null, dev_all: 0, published_by: input.publishedBy, created_at: now, updated_at: now })
            .execute();
        } else {
          id = existing.id;
          const updated = await context
            .db()
            .updateTable('integrations')
            .set({ ...fields, version: sql<number>`version + 1`, published_by: input.publishedBy, updated_at: now })
            .where('id', '=', id)
            .returning('version')
            .executeTakeFirstOrThrow();
          version = Number(updated.version);
        }
        await context.db().insertInto('integration_scripts').values({ integration_id: id, version, blob: input.script.blob, size: input.script.size, created_at: now }).execute();
        return byName(input.name);
      });
    },
    getIntegration: byName,
    async getIntegrationById(id) {
      const row = await context.db().selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) throw notFound('integration', id);
      return toIntegration(row);
    },
    async deleteIntegration(name) {
      return context.transaction(async () => {
        const row = await context.db().selectFrom('integrations').select('id').where('name', '=', name).executeTakeFirst();
        if (row === undefined) return false;
        // Content installations have no foreign key to the integration (only to their installation, which cascades).
        await context.db().deleteFrom('integration_content_installations').where('integration_id', '=', row.id).execute();
        await context.db().deleteFrom('integrations').where('id', '=', row.id).execute();
        return true;
      });
    },
    listIntegrations(filter, options = {}) {
      let query = context.db().selectFrom('integrations').selectAll();
      const visibleTo = [...filter.visibleTo];
      query = query.where((eb) => (visibleTo.length === 0 ? eb('visibility', '=', 'public') : eb.or([eb('visibility', '=', 'public'), eb('organization_id', 'in', visibleTo)])));
      if (filter.search !== undefined && filter.search !== '') {
        const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
        query = query.where(sql<SqlBool>`(${sql.ref('title_search')} like ${pattern} escape '\\' or lower(${sql.ref('name')}) like ${pattern} escape '\\')`);
      }
      if (filter.category !== undefined) query = query.where(containsJson('categories', filter.category));
      if (filter.scope !== undefined) query = query.where(containsJson('scopes', filter.scope));
      if (filter.blockDomain !== undefined) query = query.where(sql<SqlBool>`${sql.ref('blocks')} like ${`%${escapeLike(filter.blockDomain)}%`} escape '\\'`);
      if (filter.blocks !== undefined) query = query.where('blocks', filter.blocks ? '!=' : '=', '[]');
      if (filter.contentSources !== undefined) query = query.where('content_sources', filter.contentSources ? '!=' : '=', '[]');
      if (filter.owner !== undefined) query = query.where('organization_id', '=', filter.owner);
      if (filter.target !== undefined) query = query.where('target', '=', filter.target);
      const scope = ['integrations', visibleTo.join(','), filter.search, filter.category, filter.scope, filter.blockDomain, filter.blocks, filter.contentSources, filter.owner, filter.target]
        .map((part) => String(part ?? ''))
        .join('|');
      return listPage(query, { scope, keys: [{ column: 'integrations.name', direction: 'asc', value: (row) => row.name }] }, options, (rows) => rows.map(toIntegration));
    },
    async getIntegrationScript(name, version) {
      const integration = await byName(name);
      const row = await context
        .db()
        .selectFrom('integration_scripts')
        .selectAll()
        .where('integration_id', '=', integration.id)
        .where('version', '=', version ?? integration.version)
        .executeTakeFirst();
      if (row === undefined) throw notFound('integration script', `${name}@${version ?? integration.version}`);
      return { integrationId: row.integration_id, version: Number(row.version), blob: row.blob, size: Number(row.size), createdAt: row.created_at };
    },
    async setIntegrationDevelopment(name, development) {
      const result = await context
        .db()
        .updateTable('integrations')
        .set({ dev_tunnel_url: development?.tunnelUrl ?? null, dev_all: development?.all === true ? 1 : 0, updated_at: context.timestamp() })
        .where('name', '=', name)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('integration', name);
      return byName(name);
    },

    async createIntegrationInstallation(input) {
      return context.transaction(async () => {
        await requireOrganization(context, input.organizationId);
        const now = context.timestamp();
        const id = context.newId();
        const inserted = await context
          .db()
          .insertInto('integration_installations')
          .values({
            id,
            integration_id: input.integrationId,
            organization_id: input.organizationId,
            status: input.status,
            configuration: JSON.stringify(input.configuration),
            external_ids: '[]',
            space_selection: 'selected',
            site_selection: 'selected',
            created_at: now,
            updated_at: now,
          })
          .onConflict((conflict) => conflict.columns(['integration_id', 'organization_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted === undefined) {
          throw new QuireError('CONFLICT', `organization: the integration is installed on organization ${input.organizationId} already`, { field: 'organization' });
        }
        return installation(input.integrationId, id);
      });
    },
    getIntegrationInstallation: installation,
    async findIntegrationInstallation(integrationId, organizationId) {
      const row = await selectInstallations()
        .where('integration_installations.integration_id', '=', integrationId)
        .where('integration_installations.organization_id', '=', organizationId)
        .executeTakeFirst();
      return row === undefined ? undefined : toInstallation(row);
    },
    async updateIntegrationInstallation(integrationId, installationId, change) {
      const changes: Partial<IntegrationInstallationsTable> = { updated_at: context.timestamp() };
      if (change.status !== undefined) changes.status = change.status;
      if (change.configuration !== undefined) changes.configuration = JSON.stringify(change.configuration);
      if (change.externalIds !== undefined) changes.external_ids = JSON.stringify(change.externalIds);
      if (change.spaceSelection !== undefined) changes.space_selection = change.spaceSelection;
      if (change.siteSelection !== undefined) changes.site_selection = change.siteSelection;
      const result = await context
        .db()
        .updateTable('integration_installations')
        .set(changes)
        .where('id', '=', installationId)
        .where('integration_id', '=', integrationId)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('installation', installationId);
      return installation(integrationId, installationId);
    },
    listIntegrationInstallations(integrationId, filter, options = {}) {
      let query = selectInstallations().where('integration_installations.integration_id', '=', integrationId);
      for (const condition of installationConditions(filter, 'integration_installations.external_ids')) query = query.where(condition);
      return listPage(
        query,
        {
          scope: `integration-installations|${integrationId}|${filterScope(filter)}`,
          keys: [
            { column: 'integration_installations.created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'integration_installations.id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toInstallation),
      );
    },

    async putIntegrationContentInstallation(input) {
      const now = context.timestamp();
      await context
        .db()
        .insertInto('integration_content_installations')
        .values({
          installation_id: input.installationId,
          integration_id: input.integrationId,
          kind: input.kind,
          target_id: input.targetId,
          status: input.status,
          configuration: '{}',
          external_ids: '[]',
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.columns(['installation_id', 'kind', 'target_id']).doNothing())
        .execute();
      return contentInstallation(input.installationId, input.kind, input.targetId);
    },
    getIntegrationContentInstallation: contentInstallation,
    async updateIntegrationContentInstallation(installationId, kind, targetId, change) {
      const changes: Partial<IntegrationContentInstallationsTable> = { updated_at: context.timestamp() };
      if (change.status !== undefined) changes.status = change.status;
      if (change.configuration !== undefined) changes.configuration = JSON.stringify(change.configuration);
      if (change.externalIds !== undefined) changes.external_ids = JSON.stringify(change.externalIds);
      const result = await context
        .db()
        .updateTable('integration_content_installations')
        .set(changes)
        .where('installation_id', '=', installationId)
        .where('kind', '=', kind)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound(`${kind} installation`, targetId);
      return contentInstallation(installationId, kind, targetId);
    },
    listIntegrationContentInstallations(integrationId, kind, filter, options = {}) {
      let query = context
        .db()
        .selectFrom('integration_content_installations')
        .innerJoin('integration_installations', 'integration_installations.id', 'integration_content_installations.installation_id')
        .selectAll('integration_content_installations')
        .where('integration_content_installations.integration_id', '=', integrationId)
        .where('integration_content_installations.kind', '=', kind);
      for (const condition of installationConditions(filter, 'integration_content_installations.external_ids')) query = query.where(condition);
      return listPage(
        query,
        {
          scope: `integration-${kind}-installations|${integrationId}|${filterScope(filter)}`,
          keys: [
            { column: 'integration_content_installations.created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'integration_content_installations.installation_id', direction: 'asc', value: (row) => row.installation_id },
            { column: 'integration_content_installations.target_id', direction: 'asc', value: (row) => row.target_id },
          ],
        },
        options,
        (rows) => rows.map(toContentInstallation),
      );
    },

    async recordIntegrationEvent(input) {
      const row: IntegrationEventsTable = {
        id: input.id ?? context.newId(),
        integration_id: input.integrationId,
        installation_id: input.installationId ?? null,
        type: input.type,
        status: input.status,
        payload: JSON.stringify(input.payload),
        logs: JSON.stringify(input.logs),
        created_at: context.timestamp(),
      };
      await context.db().insertInto('integration_events').values(row).execute();
      return toEvent(row);
    },
    async getIntegrationEvent(integrationId, eventId) {
      const row = await context.db().selectFrom('integration_events').selectAll().where('id', '=', eventId).where('integration_id', '=', integrationId).executeTakeFirst();
      if (row === undefined) throw notFound('event', eventId);
      return toEvent(row);
    },
    listIntegrationEvents(integrationId, options = {}) {
      return listPage(
        context.db().selectFrom('integration_events').selectAll().where('integration_id', '=', integrationId),
        {
          scope: `integration-events|${integrationId}`,
          keys: [
            { column: 'integration_events.created_at', direction: 'desc', value: (row) => row.created_at },
            { column: 'integration_events.id', direction: 'desc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toEvent),
      );
    },
  };
}

function fieldColumns(input: IntegrationFields) {
  return {
    runtime: input.runtime,
    title: input.title,
    title_search: input.title.toLowerCase(),
    description: input.description,
    summary: input.summary ?? null,
    icon_blob: input.iconBlob ?? null,
    preview_images: JSON.stringify(input.previewImages),
    visibility: input.visibility,
    target: input.target,
    scopes: JSON.stringify(input.scopes),
    categories: JSON.stringify(input.categories),
    blocks: JSON.stringify(input.blocks),
    content_sources: JSON.stringify(input.contentSources),
    external_links: JSON.stringify(input.externalLinks),
    configurations: JSON.stringify(input.configurations),
    secrets: JSON.stringify(input.secrets),
    content_security_policy: input.contentSecurityPolicy === undefined ? null : JSON.stringify(input.contentSecurityPolicy),
  };
}

function toIntegration(row: IntegrationsTable): IntegrationRecord {
  const record: IntegrationRecord = {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    version: Number(row.version),
    publishedBy: row.published_by,
    runtime: row.runtime,
    title: row.title,
    description: row.description,
    previewImages: JSON.parse(row.preview_images) as string[],
    visibility: row.visibility as IntegrationVisibility,
    target: row.target as IntegrationTarget,
    scopes: JSON.parse(row.scopes) as string[],
    categories: JSON.parse(row.categories) as string[],
    blocks: JSON.parse(row.blocks) as unknown[],
    contentSources: JSON.parse(row.content_sources) as unknown[],
    externalLinks: JSON.parse(row.external_links) as unknown[],
    configurations: JSON.parse(row.configurations) as Record<string, unknown>,
    secrets: JSON.parse(row.secrets) as Record<string, string>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.summary !== null) record.summary = row.summary;
  if (row.icon_blob !== null) record.iconBlob = row.icon_blob;
  if (row.content_security_policy !== null) record.contentSecurityPolicy = JSON.parse(row.content_security_policy) as string | Record<string, string>;
  if (row.dev_tunnel_url !== null) record.development = { tunnelUrl: row.dev_tunnel_url, all: Number(row.dev_all) === 1 };
  return record;
}

function toInstallation(row: IntegrationInstallationsTable & { space_count: string | number | bigint | null }): IntegrationInstallationRecord {
  return {
    id: row.id,
    integrationId: row.integration_id,
    organizationId: row.organization_id,
    status: row.status as IntegrationInstallationStatus,
    configuration: JSON.parse(row.configuration) as Record<string, unknown>,
    externalIds: JSON.parse(row.external_ids) as string[],
    spaceSelection: row.space_selection as 'all' | 'selected',
    siteSelection: row.site_selection as 'all' | 'selected',
    spaces: Number(row.space_count ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toContentInstallation(row: IntegrationContentInstallationsTable): IntegrationContentInstallationRecord {
  return {
    installationId: row.installation_id,
    integrationId: row.integration_id,
    kind: row.kind as IntegrationContentKind,
    targetId: row.target_id,
    status: row.status as IntegrationInstallationStatus,
    configuration: JSON.parse(row.configuration) as Record<string, unknown>,
    externalIds: JSON.parse(row.external_ids) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toEvent(row: IntegrationEventsTable): IntegrationEventRecord {
  const record: IntegrationEventRecord = {
    id: row.id,
    integrationId: row.integration_id,
    type: row.type,
    status: row.status as 'success' | 'failed',
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    logs: JSON.parse(row.logs) as IntegrationEventLogRecord[],
    createdAt: row.created_at,
  };
  if (row.installation_id !== null) record.installationId = row.installation_id;
  return record;
}

/** Which installations a list keeps (by the organization installed on, by external id), as conditions on a query joining `integration_installations`. */
type InstallationFilter = { externalId?: string; organizationIds?: readonly string[] };

function installationConditions(filter: InstallationFilter, externalIdsColumn: string) {
  const conditions = [];
  if (filter.organizationIds !== undefined) {
    const ids = [...filter.organizationIds];
    conditions.push(ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${sql.ref('integration_installations.organization_id')} in (${sql.join(ids)})`);
  }
  if (filter.externalId !== undefined) conditions.push(sql<SqlBool>`${sql.ref(externalIdsColumn)} like ${`%${escapeLike(JSON.stringify(filter.externalId))}%`} escape '\\'`);
  return conditions;
}

/** The part of a list's paging scope its filter makes: a page of one filter is never continued with another. */
function filterScope(filter: InstallationFilter): string {
  return `${filter.externalId ?? ''}|${filter.organizationIds?.join(',') ?? '*'}`;
}
