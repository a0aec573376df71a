/** Internal: the authenticated user (published tag `users`). */
import type { User } from '@gitbook/api';
import type { Transport } from './transport.ts';

/** getAuthenticatedUser: `GET /v1/user`. */
export function getCurrentUser(transport: Transport): Promise<User> {
  return transport.json<User>({ method: 'GET', route: '/v1/user' });
}
