import type { ChangeRequestState, ListOptions } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import { requireEditable } from '../spaces/editable-space.ts';
import { toPublishedList } from '../list-page.ts';
import type { PublishedChangeRequest } from '../content/published-content-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { ChangeRequestUsers, toPublishedChangeRequest } from './to-published-change-request.ts';

/** The body of `createChangeRequest` Quire uses. `agentTaskId` (the seed's) is accepted; Quire has no agents. */
export interface ChangeRequestCreation {
  subject?: string;
  agentTaskId?: string;
}

/**
 * The filters of `listChangeRequestsForSpace`. `status` defaults to `open`. Quire records who created a change
 * request and no other contributor, so `contributor` and `creator` both filter by creator; nobody is ever a
 * requested reviewer and there are no topics, so those filters match nothing.
 */
export interface ChangeRequestListOptions extends ListOptions {
  status?: ChangeRequestState;
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  topic?: string;
  orderBy?: 'updatedAt' | 'createdAt';
}

/** What `PATCH .../change-requests/{changeRequestId}` may change. */
export interface ChangeRequestUpdate {
  subject?: string;
  status?: 'draft' | 'open' | 'archived';
}

/**
 * Opens a change request on the space's current revision (`POST /v1/spaces/{spaceId}/change-requests`), as a
 * `draft` numbered after the space's last one. Needs the `edit` level on an unlocked space.
 *
 * @example
 * const changeRequest = await createChangeRequest(ctx, actor, spaceId, { subject: 'Fix typos' });
 * changeRequest.number // → 1
 */
export async function createChangeRequest(ctx: ServiceContext, actor: Actor, spaceId: string, input: ChangeRequestCreation): Promise<PublishedChangeRequest> {
  const access = await spaceAccess(ctx, actor, spaceId);
  requireEditable(access, `create change requests in space ${spaceId}`);
  const record = await ctx.store.createChangeRequest({ spaceId, createdBy: actor.user.id, subject: input.subject ?? '' });
  return toPublishedChangeRequest(record, record.revisionInitial, new ChangeRequestUsers(ctx.store, ctx.baseUrl), ctx.baseUrl);
}

/**
 * The change requests of a space, most recently updated first (`GET /v1/spaces/{spaceId}/change-requests`).
 *
 * @example
 * const { items } = await listChangeRequests(ctx, actor, spaceId, { status: 'merged' });
 */
export async function listChangeRequests(ctx: ServiceContext, actor: Actor, spaceId: string, options: ChangeRequestListOptions = {}): Promise<PublishedList<PublishedChangeRequest>> {
  const { space } = await spaceAccess(ctx, actor, spaceId);
  const creators = new Set([options.creator, options.contributor].filter((id): id is string => id !== undefined));
  if (creators.size > 1 || options.requestedReviewer !== undefined || options.topic !== undefined) return { count: 0, items: [] };
  const page = await ctx.store.listChangeRequests(
    spaceId,
    { status: options.status ?? 'open', ...(creators.size === 1 ? { createdBy: [...creators][0]! } : {}), ...(options.orderBy === undefined ? {} : { orderBy: options.orderBy }) },
    { ...(options.limit === undefined ? {} : { limit: options.limit }), ...(options.page === undefined ? {} : { page: options.page }) },
  );
  const users = new ChangeRequestUsers(ctx.store, ctx.baseUrl);
  return toPublishedList(page, (record) => toPublishedChangeRequest(record, space.revisionId, users, ctx.baseUrl));
}

/**
 * A change request by id or by its number in the space (`GET .../change-requests/{changeRequestId}`).
 *
 * @example
 * const byNumber = await getChangeRequest(ctx, actor, spaceId, '1');
 */
export async function getChangeRequest(ctx: ServiceContext, actor: Actor, spaceId: string, changeRequestId: string): Promise<PublishedChangeRequest> {
  const { space } = await spaceAccess(ctx, actor, spaceId);
  const record = await ctx.store.getChangeRequest(spaceId, changeRequestId);
  return toPublishedChangeRequest(record, space.revisionId, new ChangeRequestUsers(ctx.store, ctx.baseUrl), ctx.baseUrl);
}

/**
 * Changes a change request's subject or status (`draft`, `open`, `archived`; a merged one stays merged:
 * `CONFLICT`). Needs the `edit` level on an unlocked space.
 *
 * @example
 * await patchChangeRequest(ctx, actor, spaceId, '1', { status: 'open' });
 */
export async function patchChangeRequest(ctx: ServiceContext, actor: Actor, spaceId: string, changeRequestId: string, update: ChangeRequestUpdate): Promise<PublishedChangeRequest> {
  const access = await spaceAccess(ctx, actor, spaceId);
  requireEditable(access, `change change requests of space ${spaceId}`);
  const current = await ctx.store.getChangeRequest(spaceId, changeRequestId);
  const record = await ctx.store.updateChangeRequest(spaceId, current.id, {
    ...(update.subject === undefined ? {} : { subject: update.subject }),
    ...(update.status === undefined ? {} : { status: update.status }),
  });
  return toPublishedChangeRequest(record, access.space.revisionId, new ChangeRequestUsers(ctx.store, ctx.baseUrl), ctx.baseUrl);
}
