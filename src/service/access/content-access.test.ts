import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultLevel, Role, RoleOrGuest, Store } from '../../store/index.ts';
import { ContentLevels, effectiveLevel, type LevelStep } from './content-access.ts';
import type { OrganizationAccess } from './organization-access.ts';
import { collectionPermissions, organizationPermissions, spacePermissions } from './permissions.ts';
import { atLeast } from './role-rank.ts';
import type { ServiceContext } from '../service-context.ts';
import { guestLevels } from './site-reader-levels.ts';
import { openTestStore } from '../test-store.fixture.ts';

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

function levelsFor(role: Role | null, userId = 'nobody', context: ServiceContext = ctx): ContentLevels {
  return new ContentLevels(context, { role, organization: { id: organizationId }, member: { user: { id: userId } } } as OrganizationAccess);
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

describe('effective level (the rule)', () => {
  const step = (defaultLevel: DefaultLevel, granted: Role | null = null): LevelStep => ({ defaultLevel, granted });
  it.each<[string, Role | null, LevelStep[], Role | null]>([
    // what, member role, steps from the content up (content first) → level
    ['an admin, whatever the levels', 'admin', [step(null), step(null)], 'admin'],
    ['inherit to the top: the role', 'edit', [step('inherit'), step('inherit')], 'edit'],
    ['the nearest level that is not inherit', 'read', [step('inherit'), step('review'), step('comment')], 'review'],
    ['a null default hides it', 'create', [step(null)], null],
    ['an own grant above the default', 'read', [step('inherit', 'edit')], 'edit'],
    ['a grant below the default changes nothing', 'edit', [step('inherit', 'read')], 'edit'],
    ['a grant on a hidden content opens it', 'edit', [step(null, 'comment')], 'comment'],
    ['a grant on a collection above reaches the content', 'read', [step('inherit'), step('inherit'), step('inherit', 'create')], 'create'],
    ['a grant above reaches past a level that is not inherit', 'read', [step(null), step('inherit', 'admin')], 'admin'],
    ['the highest of several grants', 'read', [step('inherit', 'comment'), step('inherit', 'review')], 'review'],
    ['a guest gets nothing by default', null, [step('admin'), step('inherit')], null],
    ['a guest gets its grant', null, [step('inherit', 'read')], 'read'],
    ['a guest gets a grant from a collection above', null, [step(null), step('edit', 'comment')], 'comment'],
    ['no steps: the role', 'comment', [], 'comment'],
  ])('%s', (_what, role, steps, expected) => {
    expect(effectiveLevel(role, steps)).toBe(expected);
  });
});

describe('content levels with grants', () => {
  it.each<[string, RoleOrGuest, 'own' | 'team', 'space' | 'outer' | 'inner', Role, Role | null]>([
    // what, member role, grant to, grant on, grant role → level on the space (collections and space default null)
    ['a guest, own grant on the space', null, 'own', 'space', 'read', 'read'],
    ['a guest, team grant on the space', null, 'team', 'space', 'edit', 'edit'],
    ['a guest, own grant two collections up', null, 'own', 'outer', 'comment', 'comment'],
    ['a member, team grant on the parent collection', 'read', 'team', 'inner', 'admin', 'admin'],
    ['a member, own grant on the space', 'edit', 'own', 'space', 'review', 'review'],
  ])('%s', async (_what, role, to, on, granted, expected) => {
    const user = await store.createUser({ displayName: 'Member' });
    await store.putMember(organizationId, user.id, { role });
    const outer = await store.createCollection({ organizationId, title: 'Outer', defaultLevel: null });
    const inner = await store.createCollection({ organizationId, parentId: outer.id, title: 'Inner' });
    const space = await store.createSpace({ organizationId, parentId: inner.id, title: 'S' });
    const content = on === 'space' ? { kind: 'space' as const, id: space.id, organizationId } : { kind: 'collection' as const, id: (on === 'outer' ? outer : inner).id, organizationId };
    if (to === 'own') await store.putUserContentPermission(content, user.id, granted);
    else {
      const team = (await store.createTeam({ organizationId: organizationId, title: 'Team' })).id;
      await store.putTeamMember(team, { userId: user.id });
      await store.putTeamContentPermission(content, team, granted);
    }
    expect(await levelsFor(role, user.id).of(space)).toBe(expected);
    // Someone else with the same role gets nothing of it.
    expect(await levelsFor(role, 'nobody').of(space)).toBe(null);
  });

  it('reads the actor\'s grants once per instance, whatever the number of contents asked', async () => {
    const user = await store.createUser({ displayName: 'Counted' });
    await store.putMember(organizationId, user.id, { role: null });
    const spaces = await Promise.all(['A', 'B', 'C'].map((title) => store.createSpace({ organizationId, title })));
    await store.putUserContentPermission({ kind: 'space', id: spaces[1]!.id, organizationId }, user.id, 'read');
    let reads = 0;
    const counting = new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'listGrantsOfMember') reads += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const levels = levelsFor(null, user.id, { ...ctx, store: counting });
    expect(await Promise.all(spaces.map((space) => levels.of(space)))).toEqual([null, 'read', null]);
    expect(reads).toBe(1);
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

describe('a guest reading a published site', () => {
  it('reads every space of it, and more where its grants give more', async () => {
    const space = await store.createSpace({ organizationId, title: 'On a site', defaultLevel: null });
    expect(await guestLevels({ of: async () => null }).of(space)).toBe('read');
    expect(await guestLevels({ of: async () => 'edit' }).of(space)).toBe('edit');
  });
});
