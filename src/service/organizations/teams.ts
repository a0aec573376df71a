import { QuireError, isQuireError } from '../../errors/index.ts';
import type { ListOptions, MemberRecord, TeamMemberChange, TeamRecord, TeamRole } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole, type OrganizationAccess } from '../access/organization-access.ts';
import { organizationPermissions } from '../access/permissions.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';
import { toPublishedTeam, toPublishedTeamMember, type PublishedTeam, type PublishedTeamMember, type PublishedTeamRole } from './to-published-team.ts';

/*
 * Teams of an organization. Who may do what:
 * - any member with a role (not a guest: `Organization.permissions.listTeams`) lists and reads teams and their
 *   members; guests see the organization but not its teams (403), outsiders not even the organization (404);
 * - the organization's admins create and delete teams, and manage every team;
 * - a team's owners manage that team ("owner: can manage team members"): its members and their roles, and its
 *   title. `OrganizationTeam.permissions.admin` ("can the user manage the team") is true exactly for them and the
 *   admins, and the `owner` filter of the team list ("only teams they can manage") gives the same teams.
 * Deleting a team takes away what it was granted on content, so it stays the admins' decision, like creating one.
 * A team member is always a member of the organization: removing the membership removes it from every team.
 */

/** The body of `updateMembersInOrganizationTeam` (the published `UpdateMembersInOrganizationTeam`). */
export interface TeamMembersUpdate {
  /** Users to add, by id or e-mail address; new ones get the `member` role unless `memberships` says otherwise. */
  add?: string[];
  /** Users to remove, by id or e-mail address; a user both added and removed is removed. */
  remove?: string[];
  /** Roles to set, by user id or e-mail address; a user named here and not removed is added when not in the team. */
  memberships?: Record<string, PublishedTeamRole>;
}

/** A team a member is in, with its role (an item of `listTeamsForOrganizationMember`). */
export interface PublishedMemberTeam {
  team: PublishedTeam;
  member: PublishedTeamRole;
}

/**
 * The teams of an organization (`GET /v1/orgs/{organizationId}/teams`), by title: with `title`, those whose
 * title holds it (any case); with `owner`, those that member can manage (every team for an admin; none for a
 * user who is not an active member with a role).
 *
 * @example
 * const { items } = await listTeams(ctx, actor, orgId, { title: 'writ' });
 */
export async function listTeams(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  filter: { title?: string; owner?: string } = {},
  options: ListOptions = {},
): Promise<PublishedList<PublishedTeam>> {
  const access = await teamsAccess(ctx, actor, organizationId);
  let ownedBy: string | undefined;
  if (filter.owner !== undefined) {
    const owner = await memberOrUndefined(ctx, organizationId, filter.owner);
    if (owner === undefined || owner.disabled || owner.role === null) return { count: 0, items: [] };
    if (owner.role !== 'admin') ownedBy = owner.user.id;
  }
  const page = await ctx.store.listTeams(
    { organizationId, ...(filter.title === undefined ? {} : { title: filter.title }), ...(ownedBy === undefined ? {} : { ownedBy }) },
    options,
  );
  const owned = await ownedTeams(ctx, access);
  return toPublishedList(page, (team) => toPublishedTeam(team, { manage: owned === 'all' || owned.has(team.id) }));
}

/**
 * Creates a team (`PUT /v1/orgs/{organizationId}/teams`), with `members` (user ids of members of the
 * organization) as its first members. Needs the `admin` role; a user who is not a member is a 400 naming
 * `members`, and nothing is created.
 *
 * @example
 * const team = await createTeam(ctx, actor, orgId, { title: 'Writers', members: [ada.id] });
 */
export async function createTeam(ctx: ServiceContext, actor: Actor, organizationId: string, input: { title: string; members?: string[] }): Promise<PublishedTeam> {
  const access = await teamsAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `create teams in organization ${organizationId}`);
  const team = await ctx.store.createTeam({ organizationId, title: input.title, members: (input.members ?? []).map((userId) => ({ userId })) });
  return toPublishedTeam(team, { manage: true });
}

/**
 * A team of the organization (`GET /v1/orgs/{organizationId}/teams/{teamId}`).
 *
 * @example
 * const team = await getTeam(ctx, actor, orgId, teamId);
 */
export async function getTeam(ctx: ServiceContext, actor: Actor, organizationId: string, teamId: string): Promise<PublishedTeam> {
  const access = await teamsAccess(ctx, actor, organizationId);
  const team = await teamOf(ctx, access, teamId);
  return toPublishedTeam(team, { manage: await canManage(ctx, access, team.id) });
}

/**
 * Renames a team (`PATCH /v1/orgs/{organizationId}/teams/{teamId}`); its owners and the admins may.
 *
 * @example
 * await updateTeam(ctx, actor, orgId, teamId, { title: 'Editors' });
 */
export async function updateTeam(ctx: ServiceContext, actor: Actor, organizationId: string, teamId: string, update: { title: string }): Promise<PublishedTeam> {
  const access = await teamsAccess(ctx, actor, organizationId);
  const team = await teamOf(ctx, access, teamId);
  await requireManage(ctx, access, team, `rename team ${teamId}`);
  return toPublishedTeam(await ctx.store.updateTeam(team.id, { title: update.title }), { manage: true });
}

/**
 * Deletes a team (`DELETE /v1/orgs/{organizationId}/teams/{teamId}`): `deleted` (205), or `absent` (204) when
 * the organization has no such team. Needs the `admin` role.
 *
 * @example
 * await deleteTeam(ctx, actor, orgId, teamId); // → 'deleted'
 */
export async function deleteTeam(ctx: ServiceContext, actor: Actor, organizationId: string, teamId: string): Promise<DeleteOutcome> {
  const access = await teamsAccess(ctx, actor, organizationId);
  const team = await teamOrUndefined(ctx, access, teamId);
  if (team === undefined) return 'absent';
  requireOrganizationRole(access, ['admin'], `delete team ${teamId}`);
  return (await ctx.store.deleteTeam(team.id)) ? 'deleted' : 'absent';
}

/**
 * The members of a team with their roles (`GET /v1/orgs/{organizationId}/teams/{teamId}/members`), by the time
 * they joined it.
 *
 * @example
 * const { items } = await listTeamMembers(ctx, actor, orgId, teamId);
 */
export async function listTeamMembers(ctx: ServiceContext, actor: Actor, organizationId: string, teamId: string, options: ListOptions = {}): Promise<PublishedList<PublishedTeamMember>> {
  const access = await teamsAccess(ctx, actor, organizationId);
  const team = await teamOf(ctx, access, teamId);
  const page = await ctx.store.listTeamMembers(team.id, options);
  return toPublishedList(page, (record) => toPublishedTeamMember(record, ctx.baseUrl));
}

/**
 * Adds, re-roles and removes members of a team in one go (`PUT /v1/orgs/{organizationId}/teams/{teamId}/members`):
 * users are named by id or e-mail address; a user both added (or given a membership) and removed is removed
 * (the published rule). Every user to add must be a member of the organization (400 naming the entry
 * otherwise, and nothing changes); a user to remove who is not in the team is skipped. Its owners and the admins may.
 *
 * @example
 * await updateTeamMembers(ctx, actor, orgId, teamId, { add: ['ada@example.com'], memberships: { [bob.id]: { role: 'owner' } } });
 */
export async function updateTeamMembers(ctx: ServiceContext, actor: Actor, organizationId: string, teamId: string, update: TeamMembersUpdate): Promise<void> {
  const access = await teamsAccess(ctx, actor, organizationId);
  const team = await teamOf(ctx, access, teamId);
  await requireManage(ctx, access, team, `change the members of team ${teamId}`);

  const removed = new Set<string>();
  for (const name of update.remove ?? []) {
    const userId = await userIdOf(ctx, name);
    if (userId !== undefined) removed.add(userId);
  }
  // Users to put, in the order named, each once: `add` first, then `memberships`, whose role wins.
  const put = new Map<string, TeamMemberChange>();
  for (const [index, name] of (update.add ?? []).entries()) {
    const userId = await memberIdOf(ctx, organizationId, name, `add/${index}`);
    if (!put.has(userId)) put.set(userId, { userId });
  }
  for (const [name, membership] of Object.entries(update.memberships ?? {})) {
    const userId = await memberIdOf(ctx, organizationId, name, `memberships/${name}`);
    put.set(userId, { userId, role: membership.role });
  }
  await ctx.store.updateTeamMembers(team.id, { put: [...put.values()].filter((change) => !removed.has(change.userId)), remove: [...removed] });
}

/**
 * Adds a member of the organization to a team, or changes its role (`PUT .../teams/{teamId}/members/{userId}`).
 * Without `role`, a new team member is a `member` and an existing one keeps its role. A user who is not a
 * member of the organization answers 404. Its owners and the admins may.
 *
 * @example
 * await addTeamMember(ctx, actor, orgId, teamId, ada.id, 'owner');
 */
export async function addTeamMember(ctx: ServiceContext, actor: Actor, organizationId: string, teamId: string, userId: string, role?: TeamRole): Promise<void> {
  const access = await teamsAccess(ctx, actor, organizationId);
  const team = await teamOf(ctx, access, teamId);
  await requireManage(ctx, access, team, `add members to team ${teamId}`);
  if ((await memberOrUndefined(ctx, organizationId, userId)) === undefined) throw memberNotFound(organizationId, userId);
  await ctx.store.putTeamMember(team.id, { userId, ...(role === undefined ? {} : { role }) });
}

/**
 * Removes a member from a team (`DELETE .../teams/{teamId}/members/{userId}`): `deleted` (205), or `absent`
 * (204) when the user was not in it. Its owners and the admins may.
 *
 * @example
 * await removeTeamMember(ctx, actor, orgId, teamId, ada.id); // → 'deleted'
 */
export async function removeTeamMember(ctx: ServiceContext, actor: Actor, organizationId: string, teamId: string, userId: string): Promise<DeleteOutcome> {
  const access = await teamsAccess(ctx, actor, organizationId);
  const team = await teamOf(ctx, access, teamId);
  await requireManage(ctx, access, team, `remove members from team ${teamId}`);
  return (await ctx.store.removeTeamMember(team.id, userId)) ? 'deleted' : 'absent';
}

/**
 * The teams a member of the organization is in, with its role in each (`GET /v1/orgs/{organizationId}/members/{userId}/teams`),
 * by title; `title` keeps those whose title holds it (any case). 404 for a user who is not a member.
 *
 * @example
 * const { items } = await listMemberTeams(ctx, actor, orgId, ada.id);
 */
export async function listMemberTeams(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  userId: string,
  filter: { title?: string } = {},
  options: ListOptions = {},
): Promise<PublishedList<PublishedMemberTeam>> {
  const access = await teamsAccess(ctx, actor, organizationId);
  if ((await memberOrUndefined(ctx, organizationId, userId)) === undefined) throw memberNotFound(organizationId, userId);
  const page = await ctx.store.listMemberTeams(organizationId, userId, filter.title === undefined ? {} : { title: filter.title }, options);
  const owned = await ownedTeams(ctx, access);
  return toPublishedList(page, ({ team, role }) => ({ team: toPublishedTeam(team, { manage: owned === 'all' || owned.has(team.id) }), member: { role } }));
}

/**
 * Whether a member owns a team of its organization (`Organization.permissions.ownTeam`).
 *
 * @example
 * await ownsTeam(ctx, access.member) // → false
 */
export async function ownsTeam(ctx: ServiceContext, member: MemberRecord): Promise<boolean> {
  return (await ctx.store.listTeams({ organizationId: member.organizationId, ownedBy: member.user.id }, { limit: 0 })).count > 0;
}

/** The organization, for a member who may see its teams: guests may not (403), outsiders get its 404. */
async function teamsAccess(ctx: ServiceContext, actor: Actor, organizationId: string): Promise<OrganizationAccess> {
  const access = await organizationAccess(ctx, actor, organizationId);
  if (!organizationPermissions(access.role).listTeams) {
    throw new QuireError('PERMISSION_DENIED', `you may not see the teams of organization ${organizationId}: it needs a role in the organization, and you are a guest`, {
      organization: organizationId,
      role: access.role,
    });
  }
  return access;
}

async function teamOrUndefined(ctx: ServiceContext, access: OrganizationAccess, teamId: string): Promise<TeamRecord | undefined> {
  try {
    const team = await ctx.store.getTeam(teamId);
    return team.organizationId === access.organization.id ? team : undefined;
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  }
}

/** A team of the organization; a team of another organization answers exactly as one that does not exist. */
async function teamOf(ctx: ServiceContext, access: OrganizationAccess, teamId: string): Promise<TeamRecord> {
  const team = await teamOrUndefined(ctx, access, teamId);
  if (team === undefined) {
    throw new QuireError('NOT_FOUND', `team ${teamId} does not exist in organization ${access.organization.id}`, { kind: 'team', id: teamId });
  }
  return team;
}

async function canManage(ctx: ServiceContext, access: OrganizationAccess, teamId: string): Promise<boolean> {
  return access.role === 'admin' || (await ctx.store.getTeamRole(teamId, access.member.user.id)) === 'owner';
}

async function requireManage(ctx: ServiceContext, access: OrganizationAccess, team: TeamRecord, action: string): Promise<void> {
  if (await canManage(ctx, access, team.id)) return;
  throw new QuireError(
    'PERMISSION_DENIED',
    `you may not ${action}: it needs the admin role in organization ${access.organization.id} or the owner role in the team`,
    { organization: access.organization.id, team: team.id },
  );
}

/** The teams the actor can manage: every one for an admin, else those it owns. */
async function ownedTeams(ctx: ServiceContext, access: OrganizationAccess): Promise<'all' | Set<string>> {
  if (access.role === 'admin') return 'all';
  const owned = new Set<string>();
  let page: string | undefined;
  do {
    const found = await ctx.store.listMemberTeams(access.organization.id, access.member.user.id, {}, { limit: 1000, ...(page === undefined ? {} : { page }) });
    for (const { team, role } of found.items) if (role === 'owner') owned.add(team.id);
    page = found.next?.page;
  } while (page !== undefined);
  return owned;
}

async function memberOrUndefined(ctx: ServiceContext, organizationId: string, userId: string): Promise<MemberRecord | undefined> {
  try {
    return await ctx.store.getMember(organizationId, userId);
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  }
}

function memberNotFound(organizationId: string, userId: string): QuireError {
  return new QuireError('NOT_FOUND', `member ${userId} of organization ${organizationId} does not exist`, { kind: 'member', id: userId });
}

/** A user named by id or e-mail address (the published "It can either be a user ID or an email"), if any. */
async function userIdOf(ctx: ServiceContext, name: string): Promise<string | undefined> {
  if (name.includes('@')) return (await ctx.store.findUserByEmail(name))?.id;
  return (await ctx.store.getUser(name).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  }))?.id;
}

/** The id of a member of the organization named by id or e-mail address; a 400 naming `field` otherwise. */
async function memberIdOf(ctx: ServiceContext, organizationId: string, name: string, field: string): Promise<string> {
  const userId = await userIdOf(ctx, name);
  if (userId === undefined || (await memberOrUndefined(ctx, organizationId, userId)) === undefined) {
    throw new QuireError('INVALID_ARGUMENT', `${field}: ${JSON.stringify(name)} is not a member of organization ${organizationId} (name a user by id or e-mail address)`, { field });
  }
  return userId;
}
