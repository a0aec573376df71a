import { randomBytes } from 'node:crypto';
import { sha256Hex } from './content-hash.ts';
import type { ApiTokensTable } from './database-schema.ts';
import { checkText, notFound } from './field-checks.ts';
import { listPage, type ListOptions, type ListPage } from './pagination.ts';
import type { StoreContext } from './store-context.ts';

/** An API token's record. The token itself is shown once, when created; only its SHA-256 is stored. */
export interface ApiTokenRecord {
  id: string;
  userId: string;
  label: string;
  createdAt: string;
  expiresAt?: string;
  lastUsedAt?: string;
}

export interface ApiTokenStore {
  /**
   * Creates a bearer token for a user and returns it with its record. Keep `token`: it cannot be read again.
   *
   * @example
   * const { token } = await store.createApiToken({ userId: admin.id, label: 'quire serve' });
   */
  createApiToken(input: { userId: string; label: string; expiresAt?: string }): Promise<{ token: string; record: ApiTokenRecord }>;
  /**
   * The record of a token presented by a client, or undefined when it is unknown or expired. Marks it used.
   *
   * @example
   * const found = await store.findApiToken(bearer); // → { userId, ... } | undefined
   */
  findApiToken(token: string): Promise<ApiTokenRecord | undefined>;
  /** A user's tokens, oldest first. */
  listApiTokens(userId: string, options?: ListOptions): Promise<ListPage<ApiTokenRecord>>;
  /** Revokes a token; false when there was none. */
  deleteApiToken(id: string): Promise<boolean>;
}

/**
 * The API token methods of a Store.
 *
 * @example
 * const tokens = apiTokenStore(context);
 */
export function apiTokenStore(context: StoreContext): ApiTokenStore {
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
        expires_at: input.expiresAt ?? null,
        last_used_at: null,
      };
      await context.db().insertInto('api_tokens').values(row).execute();
      return { token, record: toApiToken(row) };
    },
    async findApiToken(token) {
      if (typeof token !== 'string' || token === '') return undefined;
      const row = await context.db().selectFrom('api_tokens').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
      const now = context.timestamp();
      if (row === undefined || (row.expires_at !== null && row.expires_at <= now)) return undefined;
      // Recording every use would write on every request; once a minute is enough to tell stale tokens.
      if (row.last_used_at === null || Date.parse(now) - Date.parse(row.last_used_at) > 60_000) {
        await context.db().updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
        row.last_used_at = now;
      }
      return toApiToken(row);
    },
    listApiTokens(userId, options = {}) {
      return listPage(
        context.db().selectFrom('api_tokens').selectAll().where('user_id', '=', userId),
        {
          scope: `api-tokens|${userId}`,
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
