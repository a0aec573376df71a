/**
 * Token lifecycle (docs/api-extensions.md `api-tokens`): a user lists, creates and revokes their own API tokens;
 * an organization's admins list and revoke those of its members. Tokens are looked up in the database on every
 * request (`authenticate`), never cached, so a revoked token stops working at once on every process.
 */
import { QuireError } from '../../errors/index.ts';
import type { ApiTokenFilter, ApiTokenRecord, ListOptions, ListPage, Store, UserRecord } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { absentWhenNotFound } from '../access/content-access.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { resolveTokenExpiry, type TokenExpiryRequest } from './token-expiry.ts';

/** A token as the API and `quire token list` show it: never its value, which is shown once, when it is made. */
export interface PublishedApiToken {
  object: 'api-token';
  id: string;
  label: string;
  user: { id: string; displayName: string; email?: string };
  createdAt: string;
  /** Absent: the token does not expire. */
  expiresAt?: string;
  /** When a request last came with it (recorded at most once a minute); absent: never used. */
  lastUsedAt?: string;
  /** True for the token the request listing it was made with. */
  current: boolean;
}

/** A token just made: its record and, this once, its value. */
export interface PublishedCreatedApiToken extends PublishedApiToken {
  token: string;
}

/** What `POST /v1/quire/tokens` takes. */
export interface ApiTokenCreation extends TokenExpiryRequest {
  label?: string | undefined;
}

/** The label a token made through the API gets when none is given. */
export const defaultApiTokenLabel = 'created through the API';

/**
 * The caller's own tokens, oldest first (`GET /v1/quire/tokens`), the one the request came with marked `current`.
 *
 * @example
 * const { items } = await listOwnApiTokens(ctx, actor, { limit: 100 });
 */
export async function listOwnApiTokens(ctx: ServiceContext, actor: Actor, options: ListOptions = {}): Promise<PublishedList<PublishedApiToken>> {
  return publishTokenPage(ctx.store, await ctx.store.listApiTokens({ userId: actor.user.id }, options), actor.token.id);
}

/**
 * Makes a token for the caller (`POST /v1/quire/tokens`); its value is in the answer, and nowhere else ever.
 * A token never outlives the one that made it: when the caller's token expires, the new one expires no later
 * (by default, at the same time), so a short-lived token cannot mint a lasting one.
 *
 * @example
 * const { token } = await createOwnApiToken(ctx, actor, { label: 'CI', expiresIn: '30d' });
 */
export async function createOwnApiToken(ctx: ServiceContext, actor: Actor, body: ApiTokenCreation): Promise<PublishedCreatedApiToken> {
  let expiresAt = resolveTokenExpiry(body, ctx.clock());
  const ceiling = actor.token.expiresAt;
  if (ceiling !== undefined) {
    if (expiresAt !== undefined && expiresAt > ceiling) {
      const field = body.expiresIn === undefined ? 'expiresAt' : 'expiresIn';
      throw new QuireError('INVALID_ARGUMENT', `${field}: a token cannot outlive the token that makes it, which expires at ${ceiling}`, { field });
    }
    expiresAt ??= ceiling;
  }
  const { token, record } = await ctx.store.createApiToken({ userId: actor.user.id, label: body.label ?? defaultApiTokenLabel, ...(expiresAt === undefined ? {} : { expiresAt }) });
  return { ...toPublishedApiToken(record, actor.user, actor.token.id), token };
}

/**
 * Revokes one of the caller's own tokens (`DELETE /v1/quire/tokens/{tokenId}`), the one in use included.
 * `NOT_FOUND` for a token that does not exist or is another user's: the two look the same.
 *
 * @example
 * await revokeOwnApiToken(ctx, actor, tokenId);
 */
export async function revokeOwnApiToken(ctx: ServiceContext, actor: Actor, tokenId: string): Promise<void> {
  const record = await ctx.store.getApiToken(tokenId);
  if (record === undefined || record.userId !== actor.user.id || !(await ctx.store.deleteApiToken(tokenId))) throw tokenNotFound(tokenId);
}

/**
 * The tokens of every member (and guest) of an organization (`GET /v1/orgs/{organizationId}/quire/tokens`);
 * the organization's admins only.
 *
 * @example
 * const { items } = await listOrganizationApiTokens(ctx, actor, organizationId);
 */
export async function listOrganizationApiTokens(ctx: ServiceContext, actor: Actor, organizationId: string, options: ListOptions = {}): Promise<PublishedList<PublishedApiToken>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `list the API tokens of organization ${organizationId}'s members`);
  return publishTokenPage(ctx.store, await ctx.store.listApiTokens({ organizationId }, options), actor.token.id);
}

/**
 * Revokes a token of a member of the organization (`DELETE /v1/orgs/{organizationId}/quire/tokens/{tokenId}`);
 * the organization's admins only. A token is a user's, not an organization's: revoking it cuts every access
 * it gave. `NOT_FOUND` for a token that does not exist or is not a member's.
 *
 * @example
 * await revokeOrganizationApiToken(ctx, actor, organizationId, tokenId);
 */
export async function revokeOrganizationApiToken(ctx: ServiceContext, actor: Actor, organizationId: string, tokenId: string): Promise<void> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `revoke the API tokens of organization ${organizationId}'s members`);
  const record = await ctx.store.getApiToken(tokenId);
  const member = record === undefined ? undefined : await absentWhenNotFound(() => ctx.store.getMember(organizationId, record.userId));
  if (member === undefined || !(await ctx.store.deleteApiToken(tokenId))) throw tokenNotFound(tokenId);
}

/**
 * Every token of the data folder's store, or those of a user or an organization's members (`quire token list`
 * on the data folder: whoever can read the database is its operator, so there is no actor).
 *
 * @example
 * const { items } = await listStoredApiTokens(store, { organizationId }, { limit: 1000 });
 */
export async function listStoredApiTokens(store: Store, filter: ApiTokenFilter, options: ListOptions = {}): Promise<PublishedList<PublishedApiToken>> {
  return publishTokenPage(store, await store.listApiTokens(filter, options), undefined);
}

/**
 * The `NOT_FOUND` for a token id: the same whether there is no such token or it is not the caller's to see.
 *
 * @example
 * throw tokenNotFound('tok1');
 */
export function tokenNotFound(tokenId: string): QuireError {
  return new QuireError('NOT_FOUND', `API token ${tokenId} does not exist, or is not yours to revoke`, { kind: 'api-token', id: tokenId });
}

async function publishTokenPage(store: Store, page: ListPage<ApiTokenRecord>, currentId: string | undefined): Promise<PublishedList<PublishedApiToken>> {
  const users = new Map<string, Promise<UserRecord>>();
  const userOf = (id: string) => {
    let user = users.get(id);
    if (user === undefined) users.set(id, (user = store.getUser(id)));
    return user;
  };
  const items = await Promise.all(page.items.map(async (record) => toPublishedApiToken(record, await userOf(record.userId), currentId)));
  return { ...(page.next === undefined ? {} : { next: page.next }), count: page.count, items };
}

function toPublishedApiToken(record: ApiTokenRecord, user: UserRecord, currentId: string | undefined): PublishedApiToken {
  return {
    object: 'api-token',
    id: record.id,
    label: record.label,
    user: { id: user.id, displayName: user.displayName, ...(user.email === undefined ? {} : { email: user.email }) },
    createdAt: record.createdAt,
    ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
    ...(record.lastUsedAt === undefined ? {} : { lastUsedAt: record.lastUsedAt }),
    current: record.id === currentId,
  };
}
