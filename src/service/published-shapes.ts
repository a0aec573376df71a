import type { DefaultLevel, EditMode, OrganizationRecord, Role, Visibility } from '../store/index.ts';

/*
 * The published shapes the service answers with (`components.schemas` of `@gitbook/api`'s openapi.json), as
 * plain string unions: the package types them with TypeScript enums and is only a devDependency. Only the
 * fields Quire fills are here; the server's response schemas list the same fields, and the conformance suite
 * validates every answer against the published schemas.
 */

/** `User`. */
export interface PublishedUser {
  object: 'user';
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
  urls: { location: string };
}

/** `Organization.permissions`. */
export interface OrganizationPermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  ownTeam: boolean;
  createContent: boolean;
  createOpenAPISpec: boolean;
  viewBilling: boolean;
  listMembers: boolean;
  listTeams: boolean;
  listIntegrations: boolean;
  listInstallations: boolean;
  installIntegration: boolean;
}

/** `Organization`. */
export interface PublishedOrganization {
  object: 'organization';
  id: string;
  title: string;
  createdAt: string;
  emailDomains: string[];
  hostname?: string;
  type: OrganizationRecord['type'];
  useCase?: NonNullable<OrganizationRecord['useCase']>;
  communityType?: NonNullable<OrganizationRecord['communityType']>;
  defaultRole: Role | null;
  defaultContent?: { type: 'site'; site: string };
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: OrganizationRecord['plan'];
  /** Quire has no merge rules yet: always `{ type: 'none' }`. */
  mergeRules: { type: 'none' };
  urls: { location: string; app: string; logo?: string };
  /** Quire has no billing: always `{ status: 'notapplicable', count: 0 }`. */
  trial: { status: 'notapplicable'; count: number };
  customHostname?: string;
  permissions: OrganizationPermissions;
}

/** `Space.permissions`. */
export interface SpacePermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  edit: boolean;
  triggerGitSync: boolean;
  comment: boolean;
  merge: boolean;
  review: boolean;
  installIntegration: boolean;
}

/** `GitSyncState`, as strings. */
export interface PublishedGitSync {
  repoName?: string;
  installationStatus: 'unauthenticated' | 'active' | 'pending';
  installationProvider: 'github' | 'gitlab' | 'github-legacy';
  integration?: string;
  installationId: string;
  parentInstallationId?: string;
  url?: string;
  operation?: {
    state: 'running' | 'failure' | 'success' | 'timeout';
    direction: 'export' | 'import';
    startedAt: string;
    endedAt?: string;
    error?: string;
    errorAction?: { label: string; url: string };
  };
  operationTimeout?: number;
  updatedAt?: string;
}

/** `Space`. */
export interface PublishedSpace {
  object: 'space';
  id: string;
  title: string;
  emoji: string;
  visibility: Visibility;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode?: EditMode;
  /** Quire has no merge rules yet: always `{ type: 'inherit' }`. */
  mergeRules: { type: 'inherit' };
  urls: { location: string; app: string };
  organization: string;
  parent?: string;
  gitSync?: PublishedGitSync;
  revision: string;
  defaultLevel: DefaultLevel;
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  permissions: SpacePermissions;
}

/** `Collection.permissions`. */
export interface CollectionPermissions {
  view: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  create: boolean;
}

/** `Collection` (with the seed's `description`, which the published schema leaves out). */
export interface PublishedCollection {
  object: 'collection';
  id: string;
  title: string;
  description?: string;
  organization: string;
  parent?: string;
  defaultLevel: DefaultLevel;
  urls: { location: string; app: string };
  permissions: CollectionPermissions;
}

/** The list envelope: `List & { items }`. */
export interface PublishedList<T> {
  next?: { page: string };
  count: number;
  items: T[];
}
