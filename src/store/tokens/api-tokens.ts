import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../blobs/content-hash.ts';
import type { ApiTokensTable } from '../database-schema.ts';
import { checkText, checkUtcTimestamp, notFound } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** An API token's record. The token itself is shown once, when created; only its SHA-256 is stored. */
export interface ApiTokenRecord {
  id: string;
  userId: string;
  label: string;
  createdAt: string;
  expiresAt?: string;
  lastUsedAt?: string;
}

/** What a presented token is: a live token (marked used), one that expired, or none the store knows (never made, or revoked). */
export type ApiTokenLookup = { state: 'valid'; record: ApiTokenRecord } | { state: 'expired'; expiresAt: string } | { state: 'unknown' };

/** Which tokens a list holds: a user's, the members' of an organization, or (neither given) every token. */
export interface ApiTokenFilter {
  userId?: string;
  /** Tokens of the users who are members (or guests) of this organization. */
  organizationId?: string;
}

export interface ApiTokenStore {
  /**
   * Creates a bearer token for a user and returns it with its record. Keep `token`: it cannot be read again.
   * `expiresAt` is any ISO 8601 date-time; it is stored in UTC (`toISOString`), so expiry compares as text.
   *
   * @example
   * const { token } = await store.createApiToken({ userId: admin.id, label: 'quire serve' });
   */
  createApiToken(input: { userId: string; label: string; expiresAt?: string }): Promise<{ token: string; record: ApiTokenRecord }>;
  /**
   * The record of a token presented by a client, or undefined when it is unknown, revoked or expired. Marks it used.
   *
   * @example
   * const found = await store.findApiToken(bearer); // → { userId, ... } | undefined
   */
  findApiToken(token: string): Promise<ApiTokenRecord | undefined>;
  /**
   * What a presented token is, in one read: `valid` (marked used, at most once a minute, and its user marked seen
   * (`lastSeenAt`) in every organization it is an active member of), `expired` (with when), or `unknown` (never
   * made, or revoked: the two cannot be told apart, the row is gone).
   *
   * @example
   * const lookup = await store.lookupApiToken(bearer); // → { state: 'expired', expiresAt: '2026-01-01T00:00:00.000Z' }
   */
  lookupApiToken(token: string): Promise<ApiTokenLookup>;
  /** A token's record by its id (not its value), expired ones included; undefined when there is none. */
  getApiToken(id: string): Promise<ApiTokenRecord | undefined>;
  /** Tokens, oldest first: a user's (`userId`), an organization's members' (`organizationId`), both, or all. */
  listApiTokens(filter: ApiTokenFilter, options?: ListOptions): Promise<ListPage<ApiTokenRecord>>;
  /** Revokes a token; false when there was none. */
  deleteApiToken(id: string): Promise<boolean>;
}

/** Recording every use would write on every request; once a minute is enough to tell stale tokens. */
const lastUsedResolutionMs = 60_000;

/**
 * The API token methods of a Store.
 *
 * @example
 * const tokens = apiTokenStore(context);
 */
export function apiTokenStore(context: StoreContext): ApiTokenStore {
  async function lookupApiToken(token: string): Promise<ApiTokenLookup> {
    if (typeof token !== 'string' || token === '') return { state: 'unknown' };
    const tokenHash = sha256Hex(token);
    // Read from memory while the database has not changed: a revocation by any process is a write, seen at once.
    const kept = await context.rowUnlessChanged(`api-token:${tokenHash}`, () => context.db().selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst());
    if (kept === undefined) return { state: 'unknown' };
    const row = { ...kept };
    const now = context.timestamp();
    if (row.expires_at !== null && row.expires_at <= now) return { state: 'expired', expiresAt: row.expires_at };
    if (row.last_used_at === null || Date.parse(now) - Date.parse(row.last_used_at) > lastUsedResolutionMs) {
      const stale = new Date(Date.parse(now) - lastUsedResolutionMs).toISOString();
      // The condition makes concurrent requests (on any process) write it once, not once each.
      const marked = await context
        .db()
        .updateTable('api_tokens')
        .set({ last_used_at: now })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', stale)]))
        .executeTakeFirst();
      row.last_used_at = now;
      // The request that marks the token used marks its user seen, in every organization it is an active member
      // of: lastSeenAt moves with use, at the same once-a-minute cost, never a write per request.
      if (marked.numUpdatedRows > 0n) {
        await context
          .db()
          .updateTable('memberships')
          .set({ last_seen_at: now })
          .where('user_id', '=', row.user_id)
          .where('disabled', '=', 0)
          .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', stale)]))
          .execute();
      }
    }
    return { state: 'valid', record: toApiToken(row) };
  }

  return {
    async createApiToken(input) {
      const user = await context.db().selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
      if (user === undefined) throw notFound('user', input.userId);
      const token = `quire_${randomBytes(32).toString('base64url')}`;
      const row: ApiTokensTable = {
        id: context.newId(),
        user_id: input.userId,
        token_hash: sha256Hex(token),
        label: checkText('label', input.label, { max: 200 }),
        created_at: context.timestamp(),
        expires_at: input.expiresAt === undefined ? null : checkUtcTimestamp('expiresAt', input.expiresAt),
        last_used_at: null,
      };
      await context.db().insertInto('api_tokens').values(row).execute();
      return { token, record: toApiToken(row) };
    },
    async findApiToken(token) {
      const lookup = await lookupApiToken(token);
      return lookup.state === 'valid' ? lookup.record : undefined;
    },
    lookupApiToken,
    async getApiToken(id) {
      const row = await context.db().selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toApiToken(row);
    },
    listApiTokens(filter, options = {}) {
      let query = context.db().selectFrom('api_tokens').selectAll();
      if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
      if (filter.organizationId !== undefined) {
        const organizationId = filter.organizationId;
        query = query.where('user_id', 'in', (eb) => eb.selectFrom('memberships').select('memberships.user_id').where('memberships.organization_id', '=', organizationId));
      }
      return listPage(
        query,
        {
          scope: `api-tokens|${filter.userId ?? '*'}|${filter.organizationId ?? '*'}`,
          keys: [
            { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toApiToken),
      );
    },
    async deleteApiToken(id) {
      const result = await context.db().deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

function toApiToken(row: ApiTokensTable): ApiTokenRecord {
  return {
    id: row.id,
    userId: row.user_id,
    label: row.label,
    createdAt: row.created_at,
    ...(row.expires_at === null ? {} : { expiresAt: row.expires_at }),
    ...(row.last_used_at === null ? {} : { lastUsedAt: row.last_used_at }),
  };
}
