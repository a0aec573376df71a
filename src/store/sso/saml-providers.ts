import { QuireError } from '../../errors/index.ts';
import type { SamlProvidersTable, SamlRequestsTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound, roles, type RoleOrGuest } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { requireOrganization } from '../require-organization.ts';
import type { StoreContext } from '../store-context.ts';

/**
 * A SAML identity provider of an organization (the published `OrganizationSAMLProvider` without what the service
 * derives). `entityID`, `certificate` and `ssoURL` are null until configured: a provider missing one is `pending`.
 */
export interface SamlProviderRecord {
  id: string;
  organizationId: string;
  label: string;
  entityId: string | null;
  /** PEM, with its BEGIN/END lines. */
  certificate: string | null;
  ssoUrl: string | null;
  defaultTeamId: string | null;
  /** The role new members get; null: guest. */
  defaultRole: RoleOrGuest;
  createdAt: string;
  updatedAt: string;
}

/** The configurable fields of a provider; in a patch, an absent field is unchanged. */
export interface SamlProviderFields {
  label: string;
  entityId: string | null;
  certificate: string | null;
  ssoUrl: string | null;
  defaultTeamId: string | null;
  defaultRole: RoleOrGuest;
}

export interface NewSamlProvider extends Partial<SamlProviderFields> {
  id?: string;
  organizationId: string;
  label: string;
}

/** An AuthnRequest the service sent, and where to send the user after it. */
export interface SamlRequestRecord {
  id: string;
  providerId: string;
  relayState: string | null;
  createdAt: string;
  expiresAt: string;
}

/** Limits of the published schemas (`SAMLProviderLabel`, `SAMLProviderEntityID`, `SAMLProviderCertificate`, `URL`). */
export const samlProviderLimits = { label: 30, entityId: 1024, certificate: 10_000, url: 2048 } as const;

export interface SamlProviderStore {
  /**
   * Adds an identity provider to an organization. `NOT_FOUND` for an unknown organization; `INVALID_ARGUMENT`
   * naming `defaultTeam` for a team of another organization (or none).
   *
   * @example
   * const okta = await store.createSamlProvider({ organizationId: org.id, label: 'Okta' });
   */
  createSamlProvider(input: NewSamlProvider): Promise<SamlProviderRecord>;
  /** A provider by id; `NOT_FOUND` when there is none. */
  getSamlProvider(id: string): Promise<SamlProviderRecord>;
  /** Changes the fields given; `NOT_FOUND` when there is none. */
  updateSamlProvider(id: string, patch: Partial<SamlProviderFields>): Promise<SamlProviderRecord>;
  /** Deletes a provider with its pending requests; false when there was none. */
  deleteSamlProvider(id: string): Promise<boolean>;
  /** An organization's providers, oldest first. */
  listSamlProviders(organizationId: string, options?: ListOptions): Promise<ListPage<SamlProviderRecord>>;
  /**
   * Records an AuthnRequest just issued, valid until `expiresAt`.
   *
   * @example
   * await store.recordSamlRequest({ id: '_abc', providerId, relayState: null, expiresAt });
   */
  recordSamlRequest(request: { id: string; providerId: string; relayState: string | null; expiresAt: string }): Promise<SamlRequestRecord>;
  /** An issued request that is neither expired nor consumed, or undefined. */
  findOpenSamlRequest(providerId: string, id: string): Promise<SamlRequestRecord | undefined>;
  /**
   * Marks an open request used, atomically: of two responses to the same request, only one gets it back;
   * undefined when it is unknown, expired or already used.
   */
  consumeSamlRequest(providerId: string, id: string): Promise<SamlRequestRecord | undefined>;
  /** Remembers an accepted assertion id until `expiresAt`; false when it was already seen (a replay). */
  recordSamlAssertion(providerId: string, assertionId: string, expiresAt: string): Promise<boolean>;
}

/**
 * The SAML provider methods of a Store.
 *
 * @example
 * const providers = samlProviderStore(context);
 */
export function samlProviderStore(context: StoreContext): SamlProviderStore {
  const get = async (id: string): Promise<SamlProviderRecord> => {
    const row = await context.db().selectFrom('saml_providers').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('SAML provider', id);
    return toSamlProvider(row);
  };
  const requireTeamOf = async (organizationId: string, teamId: string | null | undefined): Promise<void> => {
    if (teamId === null || teamId === undefined) return;
    const team = await context.db().selectFrom('teams').select('id').where('id', '=', teamId).where('organization_id', '=', organizationId).executeTakeFirst();
    if (team === undefined) throw new QuireError('INVALID_ARGUMENT', `defaultTeam: team ${teamId} is not a team of organization ${organizationId}`, { field: 'defaultTeam' });
  };
  const openRequests = (providerId: string, id: string) =>
    context.db().selectFrom('saml_requests').selectAll().where('provider_id', '=', providerId).where('id', '=', id).where('consumed_at', 'is', null).where('expires_at', '>', context.timestamp());
  return {
    async createSamlProvider(input) {
      await requireOrganization(context, input.organizationId);
      await requireTeamOf(input.organizationId, input.defaultTeamId);
      const now = context.timestamp();
      const columns = toColumns({ defaultRole: 'read', ...input });
      const row: SamlProvidersTable = {
        id: input.id ?? context.newId(),
        organization_id: input.organizationId,
        label: checkText('label', input.label, { min: 1, max: samlProviderLimits.label }),
        entity_id: columns.entity_id ?? null,
        certificate: columns.certificate ?? null,
        sso_url: columns.sso_url ?? null,
        default_team_id: columns.default_team_id ?? null,
        default_role: columns.default_role ?? null,
        created_at: now,
        updated_at: now,
      };
      await context.db().insertInto('saml_providers').values(row).execute();
      return toSamlProvider(row);
    },
    getSamlProvider: get,
    async updateSamlProvider(id, patch) {
      const current = await get(id);
      await requireTeamOf(current.organizationId, patch.defaultTeamId);
      const changes = toColumns(patch);
      if (Object.keys(changes).length > 0) {
        await context.db().updateTable('saml_providers').set({ ...changes, updated_at: context.timestamp() }).where('id', '=', id).execute();
      }
      return get(id);
    },
    async deleteSamlProvider(id) {
      const result = await context.db().deleteFrom('saml_providers').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listSamlProviders(organizationId, options = {}) {
      return listPage(
        context.db().selectFrom('saml_providers').selectAll().where('organization_id', '=', organizationId),
        {
          scope: `saml-providers|${organizationId}`,
          keys: [
            { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toSamlProvider),
      );
    },
    async recordSamlRequest(request) {
      const row: SamlRequestsTable = {
        id: request.id,
        provider_id: request.providerId,
        relay_state: request.relayState,
        created_at: context.timestamp(),
        expires_at: request.expiresAt,
        consumed_at: null,
      };
      await context.db().insertInto('saml_requests').values(row).execute();
      return toSamlRequest(row);
    },
    async findOpenSamlRequest(providerId, id) {
      const row = await openRequests(providerId, id).executeTakeFirst();
      return row === undefined ? undefined : toSamlRequest(row);
    },
    async consumeSamlRequest(providerId, id) {
      const row = await openRequests(providerId, id).executeTakeFirst();
      if (row === undefined) return undefined;
      const now = context.timestamp();
      // The `consumed_at is null` condition makes the update the arbiter between two concurrent answers.
      const result = await context.db().updateTable('saml_requests').set({ consumed_at: now }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
      return result.numUpdatedRows > 0n ? toSamlRequest(row) : undefined;
    },
    async recordSamlAssertion(providerId, assertionId, expiresAt) {
      const now = context.timestamp();
      await context.db().deleteFrom('saml_assertions').where('expires_at', '<=', now).execute();
      await context.db().deleteFrom('saml_requests').where('expires_at', '<=', now).execute();
      const result = await context
        .db()
        .insertInto('saml_assertions')
        .values({ provider_id: providerId, assertion_id: assertionId, expires_at: expiresAt })
        .onConflict((conflict) => conflict.columns(['provider_id', 'assertion_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}

function toColumns(fields: Partial<SamlProviderFields>): Partial<SamlProvidersTable> {
  const columns: Partial<SamlProvidersTable> = {};
  if (fields.label !== undefined) columns.label = checkText('label', fields.label, { min: 1, max: samlProviderLimits.label });
  if (fields.entityId !== undefined) columns.entity_id = fields.entityId === null ? null : checkText('entityID', fields.entityId, { min: 1, max: samlProviderLimits.entityId });
  if (fields.certificate !== undefined) columns.certificate = fields.certificate === null ? null : checkText('certificate', fields.certificate, { min: 1, max: samlProviderLimits.certificate });
  if (fields.ssoUrl !== undefined) columns.sso_url = fields.ssoUrl === null ? null : checkText('ssoURL', fields.ssoUrl, { min: 1, max: samlProviderLimits.url });
  if (fields.defaultTeamId !== undefined) columns.default_team_id = fields.defaultTeamId;
  if (fields.defaultRole !== undefined) columns.default_role = fields.defaultRole === null ? null : checkOneOf('defaultRole', fields.defaultRole, roles);
  return columns;
}

function toSamlProvider(row: SamlProvidersTable): SamlProviderRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    label: row.label,
    entityId: row.entity_id,
    certificate: row.certificate,
    ssoUrl: row.sso_url,
    defaultTeamId: row.default_team_id,
    defaultRole: row.default_role as RoleOrGuest,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toSamlRequest(row: SamlRequestsTable): SamlRequestRecord {
  return { id: row.id, providerId: row.provider_id, relayState: row.relay_state, createdAt: row.created_at, expiresAt: row.expires_at };
}
