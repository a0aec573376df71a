import { QuireError } from '../errors/index.ts';
import type { ApiTokenRecord, Store, UserRecord } from '../store/index.ts';

/** Who is calling: the user a bearer token belongs to, and the token. */
export interface Actor {
  user: UserRecord;
  token: ApiTokenRecord;
}

/**
 * Resolves the value of an `Authorization` header to an actor. `UNAUTHENTICATED` when the header is missing,
 * is not `Bearer <token>`, or names a token that is unknown or expired.
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
  const token = await store.findApiToken(match[1]!);
  if (token === undefined) throw new QuireError('UNAUTHENTICATED', 'the bearer token is unknown or expired', { field: 'authorization' });
  // A token outlives nothing: a user that is gone makes its tokens useless.
  const user = await store.getUser(token.userId).catch(() => undefined);
  if (user === undefined) throw new QuireError('UNAUTHENTICATED', 'the bearer token is unknown or expired', { field: 'authorization' });
  return { user, token };
}
