import type { EditMode, Role } from '../../store/index.ts';
import type { CollectionPermissions, OrganizationPermissions, SpacePermissions } from '../published-shapes.ts';
import { atLeast } from './role-rank.ts';

/*
 * The `permissions` objects, from the actor's role in the organization or level on the content. Routes check
 * the same rules (content-access.ts), so what a resource says the caller may do is what the API lets it do.
 */

/**
 * `Organization.permissions` for a member with `role` (null: a guest); `ownTeam` when it owns a team of it.
 *
 * @example
 * organizationPermissions('admin').admin // → true
 */
export function organizationPermissions(role: Role | null, member: { ownTeam?: boolean } = {}): OrganizationPermissions {
  const admin = role === 'admin';
  const creator = atLeast(role, 'create');
  return {
    view: true,
    access: true,
    admin,
    ownTeam: member.ownTeam === true,
    createContent: creator,
    createOpenAPISpec: creator,
    viewBilling: admin,
    listMembers: role !== null,
    listTeams: role !== null,
    listIntegrations: admin,
    listInstallations: admin,
    installIntegration: admin,
  };
}

/**
 * `Space.permissions` for `level` on the space. A `locked` space refuses every edit.
 *
 * @example
 * spacePermissions('edit', undefined).edit // → true
 * spacePermissions('edit', 'locked').edit // → false
 */
export function spacePermissions(level: Role | null, editMode: EditMode | undefined): SpacePermissions {
  const unlocked = editMode !== 'locked';
  const admin = level === 'admin';
  return {
    view: atLeast(level, 'read'),
    access: atLeast(level, 'read'),
    admin,
    viewInviteLinks: admin,
    edit: unlocked && atLeast(level, 'edit'),
    triggerGitSync: unlocked && atLeast(level, 'edit'),
    comment: atLeast(level, 'comment'),
    merge: unlocked && atLeast(level, 'edit'),
    review: atLeast(level, 'review'),
    installIntegration: admin,
  };
}

/**
 * `Collection.permissions` for `level` on the collection.
 *
 * @example
 * collectionPermissions('create').create // → true
 */
export function collectionPermissions(level: Role | null): CollectionPermissions {
  const admin = level === 'admin';
  return { view: atLeast(level, 'read'), admin, viewInviteLinks: admin, create: atLeast(level, 'create') };
}
