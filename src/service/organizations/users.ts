import type { Actor } from '../access/actor.ts';
import type { PublishedUser } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { toPublishedUser } from '../to-published.ts';

/**
 * The user the token belongs to (`GET /v1/user`).
 *
 * @example
 * const me = getAuthenticatedUser(ctx, actor); // → { object: 'user', id, displayName, urls }
 */
export function getAuthenticatedUser(ctx: ServiceContext, actor: Actor): PublishedUser {
  return toPublishedUser(actor.user, ctx.baseUrl);
}
