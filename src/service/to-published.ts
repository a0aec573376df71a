import type { CollectionRecord, OrganizationRecord, Role, SpaceRecord, UserRecord } from '../store/index.ts';
import { collectionPermissions, organizationPermissions, spacePermissions } from './access/permissions.ts';
import type { PublishedCollection, PublishedGitSync, PublishedOrganization, PublishedSpace, PublishedUser } from './published-shapes.ts';
import { resourceUrls } from './resource-urls.ts';

/*
 * Store records → the published shapes, for one caller: `urls` from the base URL, `permissions` from the
 * caller's role or level. Optional fields the record lacks are left out (never null), as the published
 * schemas want.
 */

/**
 * A user as the published `User`.
 *
 * @example
 * toPublishedUser(user, 'http://127.0.0.1:8787').urls.location // → 'http://127.0.0.1:8787/v1/users/u1'
 */
export function toPublishedUser(user: UserRecord, baseUrl: string): PublishedUser {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    ...(user.email === undefined ? {} : { email: user.email }),
    ...(user.photoURL === undefined ? {} : { photoURL: user.photoURL }),
    urls: { location: resourceUrls.user(baseUrl, user.id) },
  };
}

/**
 * An organization as the published `Organization`, seen by a member with `role` (who owns a team of it when `ownTeam`).
 *
 * @example
 * toPublishedOrganization(org, 'admin', baseUrl).permissions.admin // → true
 */
export function toPublishedOrganization(organization: OrganizationRecord, role: Role | null, baseUrl: string, member: { ownTeam?: boolean } = {}): PublishedOrganization {
  const location = resourceUrls.organization(baseUrl, organization.id);
  return {
    object: 'organization',
    id: organization.id,
    title: organization.title,
    createdAt: organization.createdAt,
    emailDomains: [...organization.emailDomains],
    ...(organization.hostname === undefined ? {} : { hostname: organization.hostname }),
    type: organization.type,
    ...(organization.useCase === undefined ? {} : { useCase: organization.useCase }),
    ...(organization.communityType === undefined ? {} : { communityType: organization.communityType }),
    defaultRole: organization.defaultRole,
    ...(organization.defaultContent === undefined ? {} : { defaultContent: organization.defaultContent }),
    sso: organization.sso,
    ai: organization.ai,
    inviteLinks: organization.inviteLinks,
    plan: organization.plan,
    mergeRules: { type: 'none' },
    urls: { location, app: location, ...(organization.logoURL === undefined ? {} : { logo: organization.logoURL }) },
    trial: { status: 'notapplicable', count: 0 },
    ...(organization.customHostname === undefined ? {} : { customHostname: organization.customHostname }),
    permissions: organizationPermissions(role, member),
  };
}

/**
 * A space as the published `Space`, seen by a caller with `level` on it.
 *
 * @example
 * toPublishedSpace(space, 'read', baseUrl).permissions.edit // → false
 */
export function toPublishedSpace(space: SpaceRecord, level: Role | null, baseUrl: string): PublishedSpace {
  const location = resourceUrls.space(baseUrl, space.id);
  return {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt === undefined ? {} : { deletedAt: space.deletedAt }),
    ...(space.editMode === undefined ? {} : { editMode: space.editMode }),
    mergeRules: { type: 'inherit' },
    urls: { location, app: location },
    organization: space.organizationId,
    ...(space.parentId === undefined ? {} : { parent: space.parentId }),
    // The store keeps the published GitSyncState; its enums are the same strings.
    ...(space.gitSync === undefined ? {} : { gitSync: space.gitSync as unknown as PublishedGitSync }),
    revision: space.revisionId,
    defaultLevel: space.defaultLevel,
    comments: space.comments,
    changeRequests: space.changeRequests.total,
    changeRequestsOpen: space.changeRequests.open,
    changeRequestsDraft: space.changeRequests.draft,
    permissions: spacePermissions(level, space.editMode),
  };
}

/**
 * A collection as the published `Collection`, seen by a caller with `level` on it.
 *
 * @example
 * toPublishedCollection(collection, 'admin', baseUrl).permissions.create // → true
 */
export function toPublishedCollection(collection: CollectionRecord, level: Role | null, baseUrl: string): PublishedCollection {
  const location = resourceUrls.collection(baseUrl, collection.id);
  return {
    object: 'collection',
    id: collection.id,
    title: collection.title,
    ...(collection.description === undefined ? {} : { description: collection.description }),
    organization: collection.organizationId,
    ...(collection.parentId === undefined ? {} : { parent: collection.parentId }),
    defaultLevel: collection.defaultLevel,
    urls: { location, app: location },
    permissions: collectionPermissions(level),
  };
}
