import { QuireError } from '../../errors/index.ts';
import type { ApiTokenRecord, Store, UserRecord } from '../../store/index.ts';

/** Who is calling: the user a bearer token belongs to, and the token. */
export interface Actor {
  user: UserRecord;
  token: ApiTokenRecord;
}

/**
 * Resolves the value of an `Authorization` header to an actor. `UNAUTHENTICATED` when the header is missing,
 * is not `Bearer <token>`, or names a token that is unknown, revoked (the same answer) or expired (which says so).
 *
 * @example
 * const actor = await authenticate(store, request.headers.authorization);
 * actor.user.displayName // → 'Admin'
 */
export async function authenticate(store: Store, authorization: string | undefined): Promise<Actor> {
  if (authorization === undefined || authorization.trim() === '') {
    throw new QuireError('UNAUTHENTICATED', 'the Authorization header is missing: send Authorization: Bearer <token>', { field: 'authorization' });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (match === null) {
    throw new QuireError('UNAUTHENTICATED', 'the Authorization header must be Bearer <token>', { field: 'authorization' });
  }
  // Looked up in the database on every request, never cached: a token revoked on one process is refused by
  // every process from the next request on (test/token-revocation-scale-out.test.ts).
  const lookup = await store.lookupApiToken(match[1]!);
  // Only the holder of a token's exact value can learn that it expired; a revoked token's row is gone, so it
  // answers exactly as one that never existed.
  if (lookup.state === 'expired') {
    throw new QuireError('UNAUTHENTICATED', `the bearer token expired at ${lookup.expiresAt}: make a new one (quire token create)`, { field: 'authorization' });
  }
  if (lookup.state === 'unknown') throw unknownToken();
  // A token outlives nothing: a user that is gone makes its tokens useless.
  const user = await store.getUser(lookup.record.userId).catch(() => undefined);
  if (user === undefined) throw unknownToken();
  return { user, token: lookup.record };
}

function unknownToken(): QuireError {
  return new QuireError('UNAUTHENTICATED', 'the bearer token is unknown or revoked', { field: 'authorization' });
}
