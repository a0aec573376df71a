import { QuireError, isQuireError } from '../../errors/index.ts';
import type {
  CollectionRecord,
  ContentKind,
  GrantedContent,
  GrantedTeamRecord,
  ListOptions,
  MemberRecord,
  Role,
  RoleOrGuest,
  SpaceRecord,
} from '../../store/index.ts';
import type { Actor } from './actor.ts';
import { pageOfComputedList } from '../content/computed-list-page.ts';
import { bestGrants, collectionAccess, ContentLevels, effectiveLevel, requireLevel, spaceAccess, type LevelStep } from './content-access.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole } from './organization-access.ts';
import type { PublishedList, PublishedSpace, PublishedUser } from '../published-shapes.ts';
import { readAllPages } from '../content/read-all-pages.ts';
import type { ServiceContext } from '../service-context.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';
import { toPublishedSpace, toPublishedUser } from '../to-published.ts';

/*
 * The published space and collection permission operations (inviteToSpace, listUserPermissionsInSpace, ...,
 * and the same `...InCollection`), and listSpacesForOrganizationMember. Anyone who sees the content may list who
 * has access to it; only its admins (the `admin` level on it) change that. What grants add up to is the rule of
 * content-access.ts.
 */

/** `UserContentPermission`. */
export interface PublishedUserContentPermission {
  permission: Role;
  user: PublishedUser;
}

/** The published `OrganizationTeam`, as a team permission names it. */
export interface PublishedPermissionTeam {
  object: 'team';
  id: string;
  title: string;
  members: number;
  spaces: number;
  createdAt: string;
  permissions: { admin: boolean; view: boolean };
}

/** An item of listTeamPermissionsInSpace / ...InCollection. */
export interface PublishedTeamContentPermission {
  permission: Role;
  team: PublishedPermissionTeam;
}

/** `MemberContentPermission`: a space a member reaches, and its level there. */
export interface PublishedMemberContentPermission {
  permission: Role;
  space: PublishedSpace;
}

/** The body of inviteToSpace / inviteToCollection (`InviteUsersAndTeams`). */
export interface ContentInvitation {
  role?: RoleOrGuest;
  users?: string[];
  teams?: string[];
}

/** A space or a collection, by kind and id, as the routes name it. */
export interface ContentTarget {
  kind: ContentKind;
  id: string;
}

interface ManagedContent {
  content: GrantedContent;
  record: SpaceRecord | CollectionRecord;
  level: Role;
  levels: ContentLevels;
}

/**
 * Gives users (members of the organization) and/or teams (of the organization) a role on a space or collection
 * (inviteToSpace, inviteToCollection: 204). Every id is checked before anything is written: a user who is not a
 * member, a team of another organization, a missing or null role answer `INVALID_ARGUMENT` naming the field
 * (`users[1]`), and nothing is stored. A user or team that had a role gets the new one. Needs `admin` on it.
 *
 * @example
 * await inviteToContent(ctx, actor, { kind: 'space', id: spaceId }, { role: 'edit', users: [ada.id], teams: [writers.id] });
 */
export async function inviteToContent(ctx: ServiceContext, actor: Actor, target: ContentTarget, invitation: ContentInvitation): Promise<void> {
  const { content } = await managedContent(ctx, actor, target, 'invite users and teams to');
  const role = requireGrantRole(invitation.role, target);
  const users = invitation.users ?? [];
  const teams = invitation.teams ?? [];
  if (users.length === 0 && teams.length === 0) {
    throw new QuireError('INVALID_ARGUMENT', 'users, teams: invite at least one user or team', { field: 'users' });
  }
  for (const [index, userId] of users.entries()) {
    const member = await ctx.store.getMember(content.organizationId, userId).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) return undefined;
      throw error;
    });
    if (member === undefined) {
      throw new QuireError('INVALID_ARGUMENT', `users[${index}]: user ${userId} is not a member of organization ${content.organizationId}`, { field: `users[${index}]` });
    }
  }
  const known = await ctx.store.teamsOfOrganization(content.organizationId, teams);
  for (const [index, teamId] of teams.entries()) {
    if (!known.has(teamId)) {
      throw new QuireError('INVALID_ARGUMENT', `teams[${index}]: team ${teamId} is not a team of organization ${content.organizationId}`, { field: `teams[${index}]` });
    }
  }
  await ctx.store.transaction(async (store) => {
    for (const userId of users) await store.putUserContentPermission(content, userId, role);
    for (const teamId of teams) await store.putTeamContentPermission(content, teamId, role);
  });
}

/**
 * The members with an explicit role on a space or collection (listUserPermissionsInSpace, ...InCollection),
 * oldest grant first. Anyone who sees the content may list them.
 *
 * @example
 * const { items } = await listUserPermissions(ctx, actor, { kind: 'space', id: spaceId });
 */
export async function listUserPermissions(ctx: ServiceContext, actor: Actor, target: ContentTarget, options: ListOptions = {}): Promise<PublishedList<PublishedUserContentPermission>> {
  const { content } = await visibleContent(ctx, actor, target);
  const page = await ctx.store.listUserContentPermissions(content, options);
  return toPublishedList(page, (grant) => ({ permission: grant.role, user: toPublishedUser(grant.user, ctx.baseUrl) }));
}

/**
 * Changes the role a member has on a space or collection (updateUserPermissionInSpace, ...InCollection: 204).
 * `NOT_FOUND` when the user has no role on it (invite it first). Needs `admin` on it.
 *
 * @example
 * await updateUserPermission(ctx, actor, { kind: 'collection', id }, ada.id, 'read');
 */
export async function updateUserPermission(ctx: ServiceContext, actor: Actor, target: ContentTarget, userId: string, role: RoleOrGuest | undefined): Promise<void> {
  const { content } = await managedContent(ctx, actor, target, 'change permissions on');
  const checked = requireGrantRole(role, target);
  if ((await ctx.store.getUserContentPermission(content, userId)) === undefined) {
    throw new QuireError('NOT_FOUND', `user ${userId} does not exist, or has no permission on ${target.kind} ${target.id}`, { kind: 'user', id: userId });
  }
  await ctx.store.putUserContentPermission(content, userId, checked);
}

/**
 * Removes a member's role on a space or collection (removeUserFromSpace, ...FromCollection): `deleted` (205), or
 * `absent` (204) when it had none. Needs `admin` on the content.
 *
 * @example
 * await removeUserPermission(ctx, actor, { kind: 'space', id: spaceId }, ada.id); // → 'deleted'
 */
export async function removeUserPermission(ctx: ServiceContext, actor: Actor, target: ContentTarget, userId: string): Promise<DeleteOutcome> {
  const { content } = await managedContent(ctx, actor, target, 'remove users from');
  return (await ctx.store.removeUserContentPermission(content, userId)) ? 'deleted' : 'absent';
}

/**
 * The teams with an explicit role on a space or collection (listTeamPermissionsInSpace, ...InCollection),
 * oldest grant first. Anyone who sees the content may list them.
 *
 * @example
 * const { items } = await listTeamPermissions(ctx, actor, { kind: 'collection', id });
 */
export async function listTeamPermissions(ctx: ServiceContext, actor: Actor, target: ContentTarget, options: ListOptions = {}): Promise<PublishedList<PublishedTeamContentPermission>> {
  const { content, levels } = await visibleContent(ctx, actor, target);
  const page = await ctx.store.listTeamContentPermissions(content, options);
  const admin = levels.access.role === 'admin';
  return toPublishedList(page, (grant) => ({ permission: grant.role, team: toPermissionTeam(grant.team, admin) }));
}

/**
 * Changes the role a team has on a space or collection (updateTeamPermissionInSpace, ...InCollection: 204).
 * `NOT_FOUND` when the team has no role on it. Needs `admin` on the content.
 *
 * @example
 * await updateTeamPermission(ctx, actor, { kind: 'space', id: spaceId }, team.id, 'comment');
 */
export async function updateTeamPermission(ctx: ServiceContext, actor: Actor, target: ContentTarget, teamId: string, role: RoleOrGuest | undefined): Promise<void> {
  const { content } = await managedContent(ctx, actor, target, 'change permissions on');
  const checked = requireGrantRole(role, target);
  if ((await ctx.store.getTeamContentPermission(content, teamId)) === undefined) {
    throw new QuireError('NOT_FOUND', `team ${teamId} does not exist, or has no permission on ${target.kind} ${target.id}`, { kind: 'team', id: teamId });
  }
  await ctx.store.putTeamContentPermission(content, teamId, checked);
}

/**
 * Removes a team's role on a space or collection (removeTeamFromSpace, ...FromCollection): `deleted` (205), or
 * `absent` (204) when it had none. Needs `admin` on the content.
 *
 * @example
 * await removeTeamPermission(ctx, actor, { kind: 'collection', id }, team.id); // → 'absent'
 */
export async function removeTeamPermission(ctx: ServiceContext, actor: Actor, target: ContentTarget, teamId: string): Promise<DeleteOutcome> {
  const { content } = await managedContent(ctx, actor, target, 'remove teams from');
  return (await ctx.store.removeTeamContentPermission(content, teamId)) ? 'deleted' : 'absent';
}

/**
 * Every member who can access a space or collection, with the level it has there, by whatever way (admin role,
 * default level, own or team grant, here or on a collection above): listPermissionsAggregateInSpace,
 * ...InCollection. `role` keeps those with exactly that level. Disabled members reach nothing. By user id.
 *
 * @example
 * const { items } = await listPermissionsAggregate(ctx, actor, { kind: 'space', id: spaceId }, { role: 'admin' });
 */
export async function listPermissionsAggregate(
  ctx: ServiceContext,
  actor: Actor,
  target: ContentTarget,
  filter: { role?: Role } = {},
  options: ListOptions = {},
): Promise<PublishedList<PublishedUserContentPermission>> {
  const { content, record, levels } = await visibleContent(ctx, actor, target);
  // The content and every collection above it: their default levels, and the grants on any of them.
  const chain: { kind: ContentKind; id: string; defaultLevel: LevelStep['defaultLevel'] }[] = [{ kind: target.kind, id: record.id, defaultLevel: record.defaultLevel }];
  const seen = new Set<string>();
  for (let parent = record.parentId; parent !== undefined && !seen.has(parent); ) {
    seen.add(parent);
    const collection = await levels.collection(parent);
    chain.push({ kind: 'collection', id: collection.id, defaultLevel: collection.defaultLevel });
    parent = collection.parentId;
  }
  const grants = await ctx.store.listGrantsOnContents(content.organizationId, chain);
  const byUser = new Map<string, typeof grants>();
  for (const grant of grants) byUser.set(grant.userId, [...(byUser.get(grant.userId) ?? []), grant]);
  const members = await readAllPages((page) => ctx.store.listMembers(content.organizationId, { order: 'asc' }, page));
  const reached: PublishedUserContentPermission[] = [];
  for (const member of members) {
    if (member.disabled) continue;
    const best = bestGrants(byUser.get(member.user.id) ?? []);
    const level = effectiveLevel(
      member.role,
      chain.map((step) => ({ defaultLevel: step.defaultLevel, granted: best.get(`${step.kind}:${step.id}`) ?? null })),
    );
    if (level === null || (filter.role !== undefined && level !== filter.role)) continue;
    reached.push({ permission: level, user: toPublishedUser(member.user, ctx.baseUrl) });
  }
  reached.sort((a, b) => (a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0));
  return pageOfComputedList(reached, { scope: `permissions-aggregate|${target.kind}|${target.id}|${filter.role ?? ''}`, key: (item) => item.user.id }, options);
}

/**
 * The live spaces a member of an organization can access, each with its level there
 * (listSpacesForOrganizationMember, `GET /v1/orgs/{organizationId}/members/{userId}/spaces`), by creation,
 * newest first unless `order: 'asc'`. The caller must be a member with a role (guests may not list members),
 * or the member itself; a user who is not a member answers `NOT_FOUND`. A disabled member reaches nothing. Each
 * `space.permissions` is the caller's own, as everywhere: only spaces the caller sees are listed.
 *
 * @example
 * const { items } = await listSpacesForOrganizationMember(ctx, actor, orgId, ada.id, { order: 'asc' });
 */
export async function listSpacesForOrganizationMember(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  userId: string,
  filter: { order?: 'asc' | 'desc' } = {},
  options: ListOptions = {},
): Promise<PublishedList<PublishedMemberContentPermission>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  if (userId !== actor.user.id) requireOrganizationRole(access, ['admin', 'create', 'review', 'edit', 'comment', 'read'], `list the spaces of members of organization ${organizationId}`);
  let member: MemberRecord;
  try {
    member = await ctx.store.getMember(organizationId, userId);
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) throw new QuireError('NOT_FOUND', `user ${userId} does not exist, or is not a member of organization ${organizationId}`, { kind: 'member', id: userId });
    throw error;
  }
  const callerLevels = new ContentLevels(ctx, access);
  const memberLevels = userId === actor.user.id ? callerLevels : new ContentLevels(ctx, { organization: access.organization, member, role: member.role });
  const spaces = await readAllPages((page) => ctx.store.listSpaces({ organizationId }, page));
  const reached: { key: string; item: PublishedMemberContentPermission }[] = [];
  for (const space of member.disabled ? [] : spaces) {
    const level = await memberLevels.of(space);
    if (level === null) continue;
    const seen = memberLevels === callerLevels ? level : await callerLevels.of(space);
    if (seen === null) continue;
    reached.push({ key: `${space.createdAt}|${space.id}`, item: { permission: level, space: toPublishedSpace(space, seen, ctx.baseUrl) } });
  }
  const direction = filter.order ?? 'desc';
  reached.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) * (direction === 'asc' ? 1 : -1));
  const page = pageOfComputedList(reached, { scope: `member-spaces|${organizationId}|${userId}|${direction}`, key: (entry) => entry.key, direction }, options);
  return { ...page, items: page.items.map((entry) => entry.item) };
}

// A team as the published `OrganizationTeam`, seen by a member of its organization (`admin`: the caller may manage
// it). The teams branch has its own toPublishedTeam (src/service/organizations/to-published-team.ts); use it once merged.
function toPermissionTeam(team: GrantedTeamRecord, admin: boolean): PublishedPermissionTeam {
  return { object: 'team', id: team.id, title: team.title, members: team.members, spaces: team.spaces, createdAt: team.createdAt, permissions: { admin, view: true } };
}

async function visibleContent(ctx: ServiceContext, actor: Actor, target: ContentTarget): Promise<ManagedContent> {
  if (target.kind === 'space') {
    const { space, level, levels } = await spaceAccess(ctx, actor, target.id);
    return { content: { kind: 'space', id: space.id, organizationId: space.organizationId }, record: space, level, levels };
  }
  const { collection, level, levels } = await collectionAccess(ctx, actor, target.id);
  return { content: { kind: 'collection', id: collection.id, organizationId: collection.organizationId }, record: collection, level, levels };
}

async function managedContent(ctx: ServiceContext, actor: Actor, target: ContentTarget, action: string): Promise<ManagedContent> {
  const found = await visibleContent(ctx, actor, target);
  requireLevel(found.level, 'admin', `${action} ${target.kind} ${target.id}`);
  return found;
}

function requireGrantRole(role: RoleOrGuest | undefined, target: ContentTarget): Role {
  if (role === undefined || role === null) {
    const remove = target.kind === 'space' ? 'removeUserFromSpace or removeTeamFromSpace' : 'removeUserFromCollection or removeTeamFromCollection';
    throw new QuireError('INVALID_ARGUMENT', `role: a permission on a ${target.kind} needs a role (admin, create, review, edit, comment or read); to take one away, use ${remove}`, {
      field: 'role',
    });
  }
  return role;
}
