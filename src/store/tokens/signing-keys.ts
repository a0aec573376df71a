import { isQuireError } from '../../errors/index.ts';
import { translateDatabaseError } from '../database-errors.ts';
import type { SigningKeysTable } from '../database-schema.ts';
import { checkText, checkUtcTimestamp } from '../field-checks.ts';
import type { StoreContext } from '../store-context.ts';

/** A JSON Web Key as stored: a plain JSON object (RFC 7517). */
export type StoredJwk = Record<string, unknown>;

/** A signing key with its public half only: what the JWKS serves. */
export interface PublicSigningKeyRecord {
  kid: string;
  /** 1, 2, ...: the highest is the current key. */
  generation: number;
  /** The JWS algorithm (`ES256`). */
  algorithm: string;
  publicJwk: StoredJwk;
  createdAt: string;
  /** When the next generation replaced it; absent while it is current. */
  retiredAt?: string;
}

/** A signing key with its private half: what the service signs with. Never served. */
export interface SigningKeyRecord extends PublicSigningKeyRecord {
  privateJwk: StoredJwk;
}

/** A key pair to add as the next generation. */
export interface NewSigningKey {
  kid: string;
  algorithm: string;
  publicJwk: StoredJwk;
  privateJwk: StoredJwk;
}

export interface SigningKeyStore {
  /**
   * The current signing key (the highest generation), or undefined before the first one is made.
   *
   * @example
   * const key = await store.currentSigningKey(); // → { kid, generation: 3, privateJwk, ... } | undefined
   */
  currentSigningKey(): Promise<SigningKeyRecord | undefined>;
  /**
   * Adds `key` as the generation after `replacing` (0: the first key) and retires `replacing`, in one transaction.
   * Undefined when another writer (on any process) made that generation first: read the current key again and
   * use it. Call it outside a transaction: on PostgreSQL the lost race aborts the transaction it runs in.
   *
   * @example
   * const added = (await store.addSigningKey(key, current?.generation ?? 0)) ?? (await store.currentSigningKey());
   */
  addSigningKey(key: NewSigningKey, replacing: number): Promise<SigningKeyRecord | undefined>;
  /**
   * The keys a JWKS publishes: the current one and those retired at or after `retiredSince`, newest first,
   * without their private halves.
   *
   * @example
   * const keys = await store.listPublishedSigningKeys('2026-11-25T12:00:00.000Z');
   */
  listPublishedSigningKeys(retiredSince: string): Promise<PublicSigningKeyRecord[]>;
  /** Deletes the keys retired before `retiredBefore` (no token they signed can still verify); how many went. */
  deleteRetiredSigningKeys(retiredBefore: string): Promise<number>;
}

/**
 * The signing-key methods of a Store.
 *
 * @example
 * const keys = signingKeyStore(context);
 */
export function signingKeyStore(context: StoreContext): SigningKeyStore {
  return {
    async currentSigningKey() {
      const row = await context.db().selectFrom('signing_keys').selectAll().orderBy('generation', 'desc').limit(1).executeTakeFirst();
      return row === undefined ? undefined : toSigningKey(row);
    },
    async addSigningKey(key, replacing) {
      if (!Number.isSafeInteger(replacing) || replacing < 0) throw new TypeError('replacing must be a generation number (0 for the first key)');
      const row: SigningKeysTable = {
        kid: checkText('kid', key.kid, { min: 1, max: 200 }),
        generation: replacing + 1,
        algorithm: checkText('algorithm', key.algorithm, { min: 1, max: 20 }),
        public_jwk: JSON.stringify(key.publicJwk),
        private_jwk: JSON.stringify(key.privateJwk),
        created_at: context.timestamp(),
        retired_at: null,
      };
      try {
        await context.transaction(async () => {
          await context.db().insertInto('signing_keys').values(row).execute();
          if (replacing > 0) {
            await context.db().updateTable('signing_keys').set({ retired_at: row.created_at }).where('generation', '=', replacing).where('retired_at', 'is', null).execute();
          }
        });
      } catch (error) {
        // The unique generation: another process made this one first.
        if (isQuireError(translateDatabaseError(error), 'CONFLICT')) return undefined;
        throw error;
      }
      return toSigningKey(row);
    },
    async listPublishedSigningKeys(retiredSince) {
      const since = checkUtcTimestamp('retiredSince', retiredSince);
      const rows = await context
        .db()
        .selectFrom('signing_keys')
        .select(['kid', 'generation', 'algorithm', 'public_jwk', 'created_at', 'retired_at'])
        .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>=', since)]))
        .orderBy('generation', 'desc')
        .execute();
      return rows.map(toPublicSigningKey);
    },
    async deleteRetiredSigningKeys(retiredBefore) {
      const before = checkUtcTimestamp('retiredBefore', retiredBefore);
      const result = await context.db().deleteFrom('signing_keys').where('retired_at', 'is not', null).where('retired_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function toPublicSigningKey(row: Omit<SigningKeysTable, 'private_jwk'>): PublicSigningKeyRecord {
  return {
    kid: row.kid,
    generation: Number(row.generation),
    algorithm: row.algorithm,
    publicJwk: JSON.parse(row.public_jwk) as StoredJwk,
    createdAt: row.created_at,
    ...(row.retired_at === null ? {} : { retiredAt: row.retired_at }),
  };
}

function toSigningKey(row: SigningKeysTable): SigningKeyRecord {
  return { ...toPublicSigningKey(row), privateJwk: JSON.parse(row.private_jwk) as StoredJwk };
}
