import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultLevel, Role, Store } from '../store/index.ts';
import { ContentLevels } from './content-access.ts';
import type { OrganizationAccess } from './organization-access.ts';
import { collectionPermissions, organizationPermissions, spacePermissions } from './permissions.ts';
import { atLeast } from './role-rank.ts';
import type { ServiceContext } from './service-context.ts';
import { openTestStore } from './test-store.fixture.ts';

let store: Store;
let dispose: () => Promise<void>;
let ctx: ServiceContext;
let organizationId: string;
beforeAll(async () => {
  ({ store, dispose } = await openTestStore());
  ctx = { store, clock: () => new Date(), baseUrl: 'http://quire.test' };
  organizationId = (await store.createOrganization({ title: 'Org' })).id;
});
afterAll(() => dispose?.()); // unset when beforeAll failed

function levelsFor(role: Role | null): ContentLevels {
  return new ContentLevels(ctx, { role, organization: { id: organizationId }, member: { user: { id: 'nobody' } } } as OrganizationAccess);
}

describe('role order', () => {
  it('ranks read < comment < edit < review < create < admin', () => {
    expect(atLeast('admin', 'read')).toBe(true);
    expect(atLeast('review', 'edit')).toBe(true);
    expect(atLeast('edit', 'review')).toBe(false);
    expect(atLeast('comment', 'edit')).toBe(false);
    expect(atLeast(null, 'read')).toBe(false);
  });
});

describe('content levels', () => {
  it.each<[Role | null, DefaultLevel, DefaultLevel, Role | null]>([
    // member role, collection level, space level → level on the space
    ['read', 'inherit', 'inherit', 'read'],
    ['edit', 'inherit', 'inherit', 'edit'],
    ['read', 'edit', 'inherit', 'edit'],
    ['read', 'edit', 'comment', 'comment'],
    ['create', null, 'inherit', null],
    ['create', 'inherit', null, null],
    ['admin', null, null, 'admin'],
    [null, 'admin', 'admin', null],
  ])('a %s member, collection %s, space %s → %s', async (role, collectionLevel, spaceLevel, expected) => {
    const collection = await store.createCollection({ organizationId, title: 'C', defaultLevel: collectionLevel });
    const space = await store.createSpace({ organizationId, parentId: collection.id, title: 'S', defaultLevel: spaceLevel });
    expect(await levelsFor(role).of(space)).toBe(expected);
  });

  it('walks nested collections for inherit', async () => {
    const outer = await store.createCollection({ organizationId, title: 'Outer', defaultLevel: 'review' });
    const inner = await store.createCollection({ organizationId, parentId: outer.id, title: 'Inner' });
    expect(await levelsFor('read').of(inner)).toBe('review');
  });
});

describe('permissions', () => {
  it('follow the role and level, and a locked space edits for nobody', () => {
    expect(organizationPermissions('create')).toMatchObject({ admin: false, createContent: true, listMembers: true });
    expect(organizationPermissions(null)).toMatchObject({ view: true, createContent: false, listMembers: false });
    expect(spacePermissions('comment', undefined)).toMatchObject({ view: true, comment: true, edit: false, review: false, admin: false });
    expect(spacePermissions('admin', 'locked')).toMatchObject({ admin: true, edit: false, merge: false, comment: true });
    expect(collectionPermissions('create')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
  });
});
