import type { BillingProduct, OrganizationCommunityType, OrganizationType, OrganizationUseCase } from '@gitbook/api';
import { sql } from 'kysely';
import { QuireError } from '../../errors/index.ts';
import type { OrganizationsTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound, roles, type RoleOrGuest } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** An organization: the seed's Organization fields that are data (not `urls`, `permissions`, billing). */
export interface OrganizationRecord {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  emailDomains: string[];
  hostname?: string;
  type: `${OrganizationType}`;
  useCase?: `${OrganizationUseCase}`;
  communityType?: `${OrganizationCommunityType}`;
  /** The role new members get; null for guests. */
  defaultRole: RoleOrGuest;
  defaultContent?: { type: 'site'; site: string };
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: `${BillingProduct}`;
  customHostname?: string;
  logoURL?: string;
}

export interface NewOrganization {
  id?: string;
  title: string;
  emailDomains?: string[];
  hostname?: string;
  /** Default `business`. */
  type?: OrganizationRecord['type'];
  useCase?: OrganizationRecord['useCase'];
  communityType?: OrganizationRecord['communityType'];
  /** Default `read`. */
  defaultRole?: RoleOrGuest;
  defaultContent?: OrganizationRecord['defaultContent'];
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  /** Default `free`. */
  plan?: OrganizationRecord['plan'];
  customHostname?: string;
  logoURL?: string;
}

/** Fields to change; null removes an optional field. */
export interface OrganizationPatch {
  title?: string;
  emailDomains?: string[];
  hostname?: string | null;
  defaultRole?: RoleOrGuest;
  defaultContent?: OrganizationRecord['defaultContent'] | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  plan?: OrganizationRecord['plan'];
  customHostname?: string | null;
  logoURL?: string | null;
}

export interface OrganizationStore {
  /**
   * Creates an organization.
   *
   * @example
   * const org = await store.createOrganization({ title: 'Acme' });
   */
  createOrganization(input: NewOrganization): Promise<OrganizationRecord>;
  /** `NOT_FOUND` when there is none. */
  getOrganization(id: string): Promise<OrganizationRecord>;
  updateOrganization(id: string, patch: OrganizationPatch): Promise<OrganizationRecord>;
  /**
   * Every organization whose `emailDomains` lists `domain` (compared lower-cased), oldest first.
   *
   * @example
   * await store.listOrganizationsByEmailDomain('acme.test') // → [acme]
   */
  listOrganizationsByEmailDomain(domain: string): Promise<OrganizationRecord[]>;
  /** Organizations, oldest first; with `memberId`, only those the user is a member of. */
  listOrganizations(filter?: { memberId?: string }, options?: ListOptions): Promise<ListPage<OrganizationRecord>>;
}

const organizationTypes = ['business', 'community'] as const;

/**
 * The organization methods of a Store.
 *
 * @example
 * const organizations = organizationStore(context);
 */
export function organizationStore(context: StoreContext): OrganizationStore {
  const get = async (id: string): Promise<OrganizationRecord> => {
    const row = await context.rowUnlessChanged(`organization:${id}`, () => context.db().selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst());
    if (row === undefined) throw notFound('organization', id);
    return toOrganization(row);
  };
  return {
    async createOrganization(input) {
      const now = context.timestamp();
      const row: OrganizationsTable = {
        id: input.id ?? context.newId(),
        title: checkText('title', input.title, { min: 1, max: 100 }),
        created_at: now,
        updated_at: now,
        email_domains: JSON.stringify(checkDomains(input.emailDomains ?? [])),
        hostname: input.hostname ?? null,
        type: checkOneOf('type', input.type ?? 'business', organizationTypes),
        use_case: input.useCase ?? null,
        community_type: input.communityType ?? null,
        default_role: input.defaultRole === undefined ? 'read' : checkOneOf('defaultRole', input.defaultRole, [...roles, null]),
        default_content: jsonColumn(input.defaultContent),
        sso: input.sso === true ? 1 : 0,
        ai: input.ai === true ? 1 : 0,
        invite_links: input.inviteLinks === true ? 1 : 0,
        plan: input.plan ?? 'free',
        custom_hostname: input.customHostname ?? null,
        logo_url: input.logoURL ?? null,
      };
      await context.db().insertInto('organizations').values(row).execute();
      return toOrganization(row);
    },
    getOrganization: get,
    async updateOrganization(id, patch) {
      const changes: Partial<OrganizationsTable> = { updated_at: context.timestamp() };
      if (patch.title !== undefined) changes.title = checkText('title', patch.title, { min: 1, max: 100 });
      if (patch.emailDomains !== undefined) changes.email_domains = JSON.stringify(checkDomains(patch.emailDomains));
      if (patch.hostname !== undefined) changes.hostname = patch.hostname;
      if (patch.defaultRole !== undefined) changes.default_role = checkOneOf('defaultRole', patch.defaultRole, [...roles, null]);
      if (patch.defaultContent !== undefined) changes.default_content = jsonColumn(patch.defaultContent);
      if (patch.sso !== undefined) changes.sso = patch.sso ? 1 : 0;
      if (patch.ai !== undefined) changes.ai = patch.ai ? 1 : 0;
      if (patch.inviteLinks !== undefined) changes.invite_links = patch.inviteLinks ? 1 : 0;
      if (patch.plan !== undefined) changes.plan = patch.plan;
      if (patch.customHostname !== undefined) changes.custom_hostname = patch.customHostname;
      if (patch.logoURL !== undefined) changes.logo_url = patch.logoURL;
      const result = await context.db().updateTable('organizations').set(changes).where('id', '=', id).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('organization', id);
      return get(id);
    },
    async listOrganizationsByEmailDomain(domain) {
      const wanted = checkText('emailDomain', domain, { min: 1, max: 253 }).toLowerCase();
      // The domains are a JSON array in a text column: the LIKE (its wildcards escaped) narrows the rows down
      // portably, and the exact comparison below decides.
      const pattern = `%${JSON.stringify(wanted).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const rows = await context
        .db()
        .selectFrom('organizations')
        .selectAll()
        .where(sql`lower(email_domains)`, 'like', sql`${pattern} escape '\\'`)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toOrganization).filter((organization) => organization.emailDomains.some((listed) => listed.toLowerCase() === wanted));
    },
    listOrganizations(filter = {}, options = {}) {
      let query = context.db().selectFrom('organizations').selectAll('organizations');
      if (filter.memberId !== undefined) {
        const memberId = filter.memberId;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('memberships')
              .select('memberships.user_id')
              .whereRef('memberships.organization_id', '=', 'organizations.id')
              .where('memberships.user_id', '=', memberId),
          ),
        );
      }
      return listPage(
        query,
        {
          scope: `organizations|${filter.memberId ?? ''}`,
          keys: [
            { column: 'organizations.created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'organizations.id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toOrganization),
      );
    },
  };
}

function checkDomains(domains: unknown): string[] {
  if (!Array.isArray(domains) || !domains.every((domain) => typeof domain === 'string')) {
    throw new QuireError('INVALID_ARGUMENT', 'emailDomains must be an array of strings', { field: 'emailDomains' });
  }
  return domains as string[];
}

function toOrganization(row: OrganizationsTable): OrganizationRecord {
  const defaultContent = parseJsonColumn<OrganizationRecord['defaultContent']>(row.default_content);
  return {
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    emailDomains: JSON.parse(row.email_domains) as string[],
    ...(row.hostname === null ? {} : { hostname: row.hostname }),
    type: row.type as OrganizationRecord['type'],
    ...(row.use_case === null ? {} : { useCase: row.use_case as NonNullable<OrganizationRecord['useCase']> }),
    ...(row.community_type === null ? {} : { communityType: row.community_type as NonNullable<OrganizationRecord['communityType']> }),
    defaultRole: row.default_role as RoleOrGuest,
    ...(defaultContent === undefined ? {} : { defaultContent }),
    sso: row.sso === 1,
    ai: row.ai === 1,
    inviteLinks: row.invite_links === 1,
    plan: row.plan as OrganizationRecord['plan'],
    ...(row.custom_hostname === null ? {} : { customHostname: row.custom_hostname }),
    ...(row.logo_url === null ? {} : { logoURL: row.logo_url }),
  };
}
