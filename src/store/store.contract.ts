// The Store contract: one suite that every implementation (SQLite, PostgreSQL) must pass. store.test.ts runs it
// against each. Tests share one database per run and isolate themselves by creating their own records.
import { createHash } from 'node:crypto';
import { Readable as ReadableStream, type Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isQuireError, QuireError, type ErrorCode } from '../errors/index.ts';
import { emptyDirectorySource } from '../model/index.ts';
import { positionBetween, type RevisionContent, type StoredChildPage, type StoredPage, type Store } from './index.ts';
import { defaultLayout } from '../format/page-metadata.ts';
import { describeMembersContract } from './organizations/members.contract.ts';

/** How the suite gets stores on one database. */
export interface StoreHarness {
  /** Opens a store on the suite's database. */
  open(options: { now: () => Date; newId: () => string }): Promise<Store>;
  /** Whether the dialect supports a second store on the same database in this process (another process's view). */
  concurrentStores: boolean;
  /** Drops the database (PostgreSQL schema, SQLite directory). */
  dispose(): Promise<void>;
}

/** A clock that moves forward one millisecond on every reading, and can jump. */
export class TestClock {
  #time: number;
  constructor(start = Date.parse('2025-01-01T00:00:00.000Z')) {
    this.#time = start;
  }
  now = (): Date => new Date((this.#time += 1));
  advance(ms: number): void {
    this.#time += ms;
  }
}

/**
 * For a contract's `describe` block: makes the harness once, opens a new store on it before each test (a fresh
 * `TestClock`, ids of its own) and hands it to `use`, closes it after each test and disposes of the harness at
 * the end.
 *
 * @example
 * let store: Store;
 * let clock: TestClock;
 * openStoreForEachTest(name, makeHarness, (opened) => ({ store, clock } = opened));
 */
export function openStoreForEachTest(name: string, makeHarness: () => Promise<StoreHarness>, use: (opened: { store: Store; clock: TestClock }) => void): void {
  let harness: StoreHarness | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(async () => {
    await harness?.dispose();
  });
  beforeEach(async () => {
    const clock = new TestClock();
    store = await harness!.open({ now: clock.now, newId: sequentialIds(`${name}${Math.random().toString(36).slice(2, 8)}`) });
    use({ store, clock });
  });
  afterEach(async () => {
    await store?.close();
  });
}

/** Ids `<prefix>-000001`, `<prefix>-000002`, ...: deterministic, and distinct between stores by prefix. */
export function sequentialIds(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}-${String((next += 1)).padStart(6, '0')}`;
}

/** The published default layout, with the cover hidden (a page without one). */
const layout = { ...defaultLayout, cover: false };

/** A document page with the fields the published schema requires. */
export function documentPage(id: string, fields: { title?: string; documentId?: string; pages?: StoredChildPage[]; slug?: string; path?: string } = {}): StoredChildPage {
  return {
    id,
    title: fields.title ?? `Page ${id}`,
    kind: 'sheet',
    type: 'document',
    slug: fields.slug ?? id,
    path: fields.path ?? id,
    pages: fields.pages ?? [],
    layout: { ...layout },
    tags: [],
    ...(fields.documentId === undefined ? {} : { documentId: fields.documentId }),
  } as StoredChildPage;
}

/** 100 sections of 99 pages each under one root list: 10,000 pages. */
export function tenThousandPages(documentId: string): StoredPage[] {
  const sections: StoredPage[] = [];
  for (let section = 0; section < 100; section++) {
    const children: StoredChildPage[] = [];
    for (let page = 0; page < 99; page++) {
      children.push(documentPage(`p${section}-${page}`, { documentId, path: `s${section}/p${page}` }));
    }
    sections.push(documentPage(`s${section}`, { documentId, pages: children, path: `s${section}` }));
  }
  return sections;
}

async function expectCode(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isQuireError(error, code), `expected ${code}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`).toBe(true);
}

function countPages(pages: readonly StoredPage[]): number {
  let count = 0;
  for (const page of pages) count += 1 + countPages(((page as { pages?: StoredPage[] }).pages ?? []));
  return count;
}

/**
 * Defines the contract tests for one Store implementation.
 *
 * @example
 * describeStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract (${name})`, () => {
    let harness: StoreHarness;
    let clock: TestClock;
    let store: Store;
    const extra: Store[] = [];
    let opened = 0;

    const open = async (): Promise<Store> => {
      opened += 1;
      const another = await harness.open({ now: clock.now, newId: sequentialIds(`${name}${opened}${Math.random().toString(36).slice(2, 6)}`) });
      extra.push(another);
      return another;
    };

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.dispose();
    });
    beforeEach(async () => {
      clock = new TestClock();
      store = await open();
    });
    afterEach(async () => {
      for (const each of extra.splice(0)) await each.close();
    });

    async function organization(title = 'Acme') {
      return store.createOrganization({ title });
    }

    describe('users', () => {
      it('creates, gets, finds by e-mail, updates and lists', async () => {
        const email = `ada-${Math.random()}@example.com`;
        const ada = await store.createUser({ displayName: 'Ada', email });
        expect(ada).toMatchObject({ displayName: 'Ada', email });
        expect(await store.getUser(ada.id)).toEqual(ada);
        expect(await store.findUserByEmail(email)).toEqual(ada);
        expect(await store.findUserByEmail('nobody@example.com')).toBeUndefined();
        const renamed = await store.updateUser(ada.id, { displayName: 'Ada L.', photoURL: 'https://example.com/a.png' });
        expect(renamed).toMatchObject({ displayName: 'Ada L.', photoURL: 'https://example.com/a.png', email, createdAt: ada.createdAt });
        expect(renamed.updatedAt > ada.updatedAt).toBe(true);
        expect((await store.updateUser(ada.id, { email: null })).email).toBeUndefined();
        const listed = await store.listUsers({ limit: 1000 });
        expect(listed.items.map((user) => user.id)).toContain(ada.id);
        await expectCode(store.getUser('missing'), 'NOT_FOUND');
        await expectCode(store.updateUser('missing', { displayName: 'x' }), 'NOT_FOUND');
      });

      it('refuses a second user with the same e-mail address', async () => {
        const email = `twice-${Math.random()}@example.com`;
        await store.createUser({ displayName: 'One', email });
        await expectCode(store.createUser({ displayName: 'Two', email }), 'CONFLICT');
        await expectCode(store.createUser({ displayName: 'x'.repeat(201) }), 'INVALID_ARGUMENT');
      });
    });

    describe('organizations and members', () => {
      it('creates, gets, updates and lists organizations', async () => {
        const org = await store.createOrganization({ title: 'Acme', emailDomains: ['acme.test'], useCase: 'productDocs' });
        expect(org).toMatchObject({ title: 'Acme', emailDomains: ['acme.test'], type: 'business', defaultRole: 'read', sso: false, inviteLinks: false, plan: 'free', useCase: 'productDocs' });
        expect(await store.getOrganization(org.id)).toEqual(org);
        const updated = await store.updateOrganization(org.id, { title: 'Acme Inc', defaultRole: null, inviteLinks: true, hostname: `acme-${org.id}` });
        expect(updated).toMatchObject({ title: 'Acme Inc', defaultRole: null, inviteLinks: true, hostname: `acme-${org.id}` });
        expect((await store.updateOrganization(org.id, { hostname: null })).hostname).toBeUndefined();
        await expectCode(store.updateOrganization(org.id, { defaultRole: 'owner' as never }), 'INVALID_ARGUMENT');
        await expectCode(store.getOrganization('missing'), 'NOT_FOUND');

        const user = await store.createUser({ displayName: 'Member' });
        const other = await organization('Other');
        await store.putMember(org.id, user.id, { role: 'edit' });
        const mine = await store.listOrganizations({ memberId: user.id });
        expect(mine.items.map((item) => item.id)).toEqual([org.id]);
        expect(mine.count).toBe(1);
        expect((await store.listOrganizations({}, { limit: 1000 })).items.map((item) => item.id)).toEqual(expect.arrayContaining([org.id, other.id]));
      });

      it('adds members with roles, changes and removes them, lists them by role', async () => {
        const org = await organization();
        const [ada, bob, cy] = await Promise.all(['Ada', 'Bob', 'Cy'].map((displayName) => store.createUser({ displayName })));
        const adaMember = await store.putMember(org.id, ada!.id, { role: 'admin' });
        expect(adaMember).toMatchObject({ organizationId: org.id, role: 'admin', disabled: false, sso: false, user: { id: ada!.id, displayName: 'Ada' } });
        await store.putMember(org.id, bob!.id, { role: 'read' });
        await store.putMember(org.id, cy!.id, { role: null });
        const again = await store.putMember(org.id, bob!.id, { role: 'review' });
        expect(again.role).toBe('review');
        expect(again.joinedAt).toBe((await store.getMember(org.id, bob!.id)).joinedAt);
        expect((await store.updateMember(org.id, cy!.id, { disabled: true, lastSeenAt: '2025-02-01T00:00:00.000Z' })).disabled).toBe(true);

        const all = await store.listMembers(org.id);
        expect(all.count).toBe(3);
        expect(all.items.map((member) => member.user.displayName)).toEqual(['Cy', 'Bob', 'Ada']); // newest first
        expect((await store.listMembers(org.id, { order: 'asc' })).items.map((member) => member.user.displayName)).toEqual(['Ada', 'Bob', 'Cy']);
        expect((await store.listMembers(org.id, { role: 'review' })).items.map((member) => member.user.id)).toEqual([bob!.id]);

        expect(await store.removeMember(org.id, bob!.id)).toBe(true);
        expect(await store.removeMember(org.id, bob!.id)).toBe(false);
        await expectCode(store.getMember(org.id, bob!.id), 'NOT_FOUND');
        await expectCode(store.putMember(org.id, ada!.id, { role: 'owner' as never }), 'INVALID_ARGUMENT');
        await expectCode(store.putMember(org.id, 'no-such-user', { role: 'read' }), 'INVALID_ARGUMENT');
      });
    });

    describeMembersContract({ store: () => store, another: async () => (harness.concurrentStores ? open() : store) });

    describe('API tokens', () => {
      it('finds a token by its value, stores only its hash, honours expiry and revocation', async () => {
        const user = await store.createUser({ displayName: 'Bot' });
        const { token, record } = await store.createApiToken({ userId: user.id, label: 'ci' });
        expect(token).toMatch(/^quire_[A-Za-z0-9_-]{43}$/);
        expect(JSON.stringify(record)).not.toContain(token);
        expect(await store.findApiToken(token)).toMatchObject({ id: record.id, userId: user.id, label: 'ci' });
        expect(await store.findApiToken(`${token}x`)).toBeUndefined();
        expect(await store.findApiToken('')).toBeUndefined();

        const expiring = await store.createApiToken({ userId: user.id, label: 'short', expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
        expect(await store.findApiToken(expiring.token)).toBeDefined();
        clock.advance(120_000);
        expect(await store.findApiToken(expiring.token)).toBeUndefined();

        const listed = await store.listApiTokens({ userId: user.id });
        expect(listed.items.map((item) => item.id)).toEqual([record.id, expiring.record.id]);
        expect(JSON.stringify(listed)).not.toContain(token);
        expect(await store.deleteApiToken(record.id)).toBe(true);
        expect(await store.findApiToken(token)).toBeUndefined();
        expect(await store.deleteApiToken(record.id)).toBe(false);
        await expectCode(store.createApiToken({ userId: 'missing', label: 'x' }), 'NOT_FOUND');
      });

      it('tells an expired token from an unknown one, and a revoked one not at all; stores expiry in UTC', async () => {
        const user = await store.createUser({ displayName: 'Expiring' });
        const inTwoMinutes = new Date(clock.now().getTime() + 120_000);
        // An offset is stored as UTC, so that text comparison against now is time comparison.
        const offset = `${new Date(inTwoMinutes.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;
        const { token, record } = await store.createApiToken({ userId: user.id, label: 'offset', expiresAt: offset });
        expect(record.expiresAt).toBe(`${inTwoMinutes.toISOString().slice(0, 19)}.000Z`);
        expect((await store.lookupApiToken(token)).state).toBe('valid');
        clock.advance(180_000);
        expect(await store.lookupApiToken(token)).toEqual({ state: 'expired', expiresAt: record.expiresAt });
        expect(await store.lookupApiToken(`${token}x`)).toEqual({ state: 'unknown' });
        const revoked = await store.createApiToken({ userId: user.id, label: 'revoked' });
        expect(await store.deleteApiToken(revoked.record.id)).toBe(true);
        expect(await store.lookupApiToken(revoked.token)).toEqual({ state: 'unknown' });
        expect(await store.getApiToken(record.id)).toMatchObject({ id: record.id, label: 'offset' });
        expect(await store.getApiToken(revoked.record.id)).toBeUndefined();
        await expectCode(store.createApiToken({ userId: user.id, label: 'x', expiresAt: 'next week' }), 'INVALID_ARGUMENT');
        await expectCode(store.createApiToken({ userId: user.id, label: 'x', expiresAt: '2027-01-01T00:00:00' }), 'INVALID_ARGUMENT');
      });

      it('records lastUsedAt on first use, then at most once a minute', async () => {
        const user = await store.createUser({ displayName: 'Used' });
        const { token, record } = await store.createApiToken({ userId: user.id, label: 'used' });
        expect(record.lastUsedAt).toBeUndefined();
        const first = (await store.findApiToken(token))!.lastUsedAt!;
        expect(first).toBeDefined();
        expect((await store.getApiToken(record.id))!.lastUsedAt).toBe(first);
        clock.advance(30_000);
        expect((await store.findApiToken(token))!.lastUsedAt).toBe(first);
        expect((await store.getApiToken(record.id))!.lastUsedAt).toBe(first);
        clock.advance(31_000);
        const later = (await store.findApiToken(token))!.lastUsedAt!;
        expect(later > first).toBe(true);
        expect((await store.listApiTokens({ userId: user.id })).items[0]!.lastUsedAt).toBe(later);
      });

      it("lists a user's tokens, an organization's members' tokens, or all", async () => {
        const org = await organization();
        const member = await store.createUser({ displayName: 'Member' });
        const outsider = await store.createUser({ displayName: 'Outsider' });
        await store.putMember(org.id, member.id, { role: 'read' });
        const mine = await store.createApiToken({ userId: member.id, label: 'member' });
        const theirs = await store.createApiToken({ userId: outsider.id, label: 'outsider' });
        expect((await store.listApiTokens({ organizationId: org.id })).items.map((item) => item.id)).toContain(mine.record.id);
        expect((await store.listApiTokens({ organizationId: org.id })).items.map((item) => item.id)).not.toContain(theirs.record.id);
        expect((await store.listApiTokens({ organizationId: org.id, userId: outsider.id })).count).toBe(0);
        const all = await store.listApiTokens({}, { limit: 1000 });
        expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([mine.record.id, theirs.record.id]));
        const firstPage = await store.listApiTokens({}, { limit: 1 });
        await expectCode(store.listApiTokens({ userId: member.id }, { page: firstPage.next!.page }), 'INVALID_ARGUMENT');
      });
    });

    describe('collections', () => {
      it('nests collections, orders siblings by position, moves them and refuses cycles', async () => {
        const org = await organization();
        const guides = await store.createCollection({ organizationId: org.id, title: 'Guides', description: 'How-tos' });
        const api = await store.createCollection({ organizationId: org.id, title: 'API' });
        const nested = await store.createCollection({ organizationId: org.id, parentId: guides.id, title: 'Nested', defaultLevel: 'read' });
        expect(guides).toMatchObject({ organizationId: org.id, title: 'Guides', description: 'How-tos', defaultLevel: 'inherit' });
        expect(nested.parentId).toBe(guides.id);
        expect(await store.getCollection(nested.id)).toEqual(nested);

        const top = await store.listCollections({ organizationId: org.id, parentId: null });
        expect(top.items.map((item) => item.id)).toEqual([guides.id, api.id]);
        const first = await store.updateCollection(api.id, { position: positionBetween(undefined, guides.position) });
        expect(first.position < guides.position).toBe(true);
        expect((await store.listCollections({ organizationId: org.id, parentId: null })).items.map((item) => item.id)).toEqual([api.id, guides.id]);
        expect((await store.listCollections({ organizationId: org.id })).count).toBe(3);
        expect((await store.listCollections({ organizationId: org.id, parentId: guides.id })).items.map((item) => item.id)).toEqual([nested.id]);

        const moved = await store.updateCollection(nested.id, { parentId: null, title: 'Moved', description: null });
        expect(moved.parentId).toBeUndefined();
        expect(moved.description).toBeUndefined();
        await store.updateCollection(nested.id, { parentId: guides.id });
        await expectCode(store.updateCollection(guides.id, { parentId: nested.id }), 'INVALID_ARGUMENT');
        await expectCode(store.updateCollection(guides.id, { position: 'not a key!' }), 'INVALID_ARGUMENT');
        await expectCode(store.createCollection({ organizationId: org.id, title: 'x'.repeat(51) }), 'INVALID_ARGUMENT');

        await expectCode(store.deleteCollection(guides.id), 'CONFLICT');
        expect(await store.deleteCollection(nested.id)).toBe(true);
        expect(await store.deleteCollection(nested.id)).toBe(false);
        await expectCode(store.getCollection(nested.id), 'NOT_FOUND');
      });
    });

    describe('spaces', () => {
      it('creates a space with an empty first revision, gets, updates and lists it', async () => {
        const org = await organization();
        const collection = await store.createCollection({ organizationId: org.id, title: 'Docs' });
        const space = await store.createSpace({ organizationId: org.id, parentId: collection.id, title: 'Handbook', emoji: '📘', visibility: 'in-collection' });
        expect(space).toMatchObject({
          organizationId: org.id,
          parentId: collection.id,
          title: 'Handbook',
          emoji: '📘',
          visibility: 'in-collection',
          defaultLevel: 'inherit',
          comments: 0,
          changeRequests: { total: 0, open: 0, draft: 0 },
        });
        expect(space.deletedAt).toBeUndefined();
        const revision = await store.getRevision(space.revisionId);
        expect(revision).toMatchObject({ object: 'revision', id: space.revisionId, space: space.id, type: 'edits', parents: [], pages: [], files: [], reusableContents: [] });
        expect(await store.getSpace(space.id)).toEqual(space);

        const updated = await store.updateSpace(space.id, { title: 'Team handbook', editMode: 'locked', defaultLevel: null, commentsDelta: 2 });
        expect(updated).toMatchObject({ title: 'Team handbook', editMode: 'locked', defaultLevel: null, comments: 2 });
        expect((await store.updateSpace(space.id, { editMode: null })).editMode).toBeUndefined();
        await expectCode(store.updateSpace(space.id, { visibility: 'secret' as never }), 'INVALID_ARGUMENT');
        await expectCode(store.updateSpace(space.id, { title: 'x'.repeat(51) }), 'INVALID_ARGUMENT');

        const second = await store.createSpace({ organizationId: org.id, parentId: collection.id, title: 'Second' });
        expect((await store.listSpaces({ parentId: collection.id })).items.map((item) => item.id)).toEqual([space.id, second.id]);
        const atRoot = await store.updateSpace(second.id, { parentId: null });
        expect(atRoot.parentId).toBeUndefined();
        expect((await store.listSpaces({ organizationId: org.id, parentId: null })).items.map((item) => item.id)).toEqual([second.id]);
        expect((await store.listSpaces({ organizationId: org.id })).count).toBe(2);
        await expectCode(store.createSpace({ organizationId: 'missing', title: 'x' }), 'NOT_FOUND');
        await expectCode(store.createSpace({ organizationId: org.id, parentId: 'missing', title: 'x' }), 'NOT_FOUND');
      });

      it('hides soft-deleted spaces from normal lists, restores them within 7 days, and not after', async () => {
        const org = await organization();
        const kept = await store.createSpace({ organizationId: org.id, title: 'Kept' });
        const deleted = await store.createSpace({ organizationId: org.id, title: 'Deleted' });
        expect(await store.deleteSpace(deleted.id)).toBe(true);
        expect(await store.deleteSpace(deleted.id)).toBe(false);
        expect((await store.listSpaces({ organizationId: org.id })).items.map((item) => item.id)).toEqual([kept.id]);
        expect((await store.listSpaces({ organizationId: org.id }, {})).count).toBe(1);
        expect((await store.listSpaces({ organizationId: org.id, deleted: 'only' })).items.map((item) => item.id)).toEqual([deleted.id]);
        expect((await store.listSpaces({ organizationId: org.id, deleted: 'include' })).count).toBe(2);
        await expectCode(store.getSpace(deleted.id), 'NOT_FOUND');
        expect((await store.getSpace(deleted.id, { includeDeleted: true })).deletedAt).toBeDefined();
        await expectCode(store.updateSpace(deleted.id, { title: 'x' }), 'NOT_FOUND');

        clock.advance(6 * 24 * 3600 * 1000);
        const restored = await store.restoreSpace(deleted.id);
        expect(restored.deletedAt).toBeUndefined();
        expect((await store.listSpaces({ organizationId: org.id })).count).toBe(2);
        expect((await store.restoreSpace(kept.id)).id).toBe(kept.id);

        await store.deleteSpace(deleted.id);
        clock.advance(7 * 24 * 3600 * 1000 + 1000);
        await expectCode(store.restoreSpace(deleted.id), 'NOT_FOUND');
        await expectCode(store.getSpace(deleted.id, { includeDeleted: true }), 'NOT_FOUND');
        expect((await store.listSpaces({ organizationId: org.id, deleted: 'include' })).items.map((item) => item.id)).toEqual([kept.id]);
        expect(await store.purgeDeletedSpaces()).toBeGreaterThanOrEqual(1);
        await expectCode(store.getRevisionInfo(deleted.revisionId), 'NOT_FOUND');
        expect((await store.getSpace(kept.id)).id).toBe(kept.id);
      });
    });

    describe('change requests', () => {
      it('creates change requests on the head with numbers 1, 2, ..., gets them by id or number, updates and lists them', async () => {
        const org = await organization();
        const user = await store.createUser({ displayName: 'Writer' });
        const space = await store.createSpace({ organizationId: org.id, title: 'Docs' });
        const first = await store.createChangeRequest({ spaceId: space.id, createdBy: user.id, subject: 'First' });
        const second = await store.createChangeRequest({ spaceId: space.id, createdBy: user.id, subject: 'Second', status: 'open' });
        expect(first).toMatchObject({ number: 1, status: 'draft', subject: 'First', createdBy: user.id, revision: space.revisionId, revisionInitial: space.revisionId, comments: 0 });
        expect(second.number).toBe(2);
        expect(await store.getChangeRequest(space.id, first.id)).toEqual(first);
        expect(await store.getChangeRequest(space.id, 2)).toEqual(second);
        expect(await store.getChangeRequest(space.id, '2')).toEqual(second);
        await expectCode(store.getChangeRequest(space.id, 3), 'NOT_FOUND');
        await expectCode(store.getChangeRequest('other-space', first.id), 'NOT_FOUND');

        const updated = await store.updateChangeRequest(space.id, first.id, { subject: 'First, edited', status: 'open' });
        expect(updated).toMatchObject({ subject: 'First, edited', status: 'open' });
        await expectCode(store.updateChangeRequest(space.id, first.id, { subject: 'x'.repeat(101) }), 'INVALID_ARGUMENT');
        await expectCode(store.updateChangeRequest(space.id, first.id, { status: 'merged' as never }), 'INVALID_ARGUMENT');
        expect((await store.getSpace(space.id)).changeRequests).toEqual({ total: 2, open: 2, draft: 0 });

        const open = await store.listChangeRequests(space.id, { status: 'open' });
        expect(open.items.map((item) => item.number)).toEqual([1, 2]); // most recently updated first
        expect((await store.listChangeRequests(space.id, { orderBy: 'createdAt' })).items.map((item) => item.number)).toEqual([2, 1]);
        expect((await store.listChangeRequests(space.id, { status: 'draft' })).count).toBe(0);
        await expectCode(store.createChangeRequest({ spaceId: 'missing', createdBy: user.id }), 'NOT_FOUND');
      });

      it('moves a change request head by compare-and-set and records a merge once', async () => {
        const org = await organization();
        const user = await store.createUser({ displayName: 'Writer' });
        const space = await store.createSpace({ organizationId: org.id, title: 'Docs' });
        const cr = await store.createChangeRequest({ spaceId: space.id, createdBy: user.id });
        const documentId = await store.putDocument('# Edited\n');
        const edited = await store.putRevision(space.id, { parents: [cr.revision], pages: [documentPage('readme', { documentId })] });
        expect(await store.setChangeRequestHead(cr.id, cr.revision, edited)).toBe(true);
        expect(await store.setChangeRequestHead(cr.id, cr.revision, edited)).toBe(false);
        expect((await store.getChangeRequest(space.id, cr.id)).revision).toBe(edited);

        const merged = await store.putRevision(space.id, { type: 'merge', parents: [space.revisionId, edited], pages: [documentPage('readme', { documentId })], mergedFromChangeRequest: cr.id });
        await store.transaction(async (tx) => {
          expect(await tx.setSpaceHead(space.id, space.revisionId, merged)).toBe(true);
          await tx.markChangeRequestMerged(cr.id, { revisionMerged: merged, mergedBy: user.id });
        });
        const after = await store.getChangeRequest(space.id, cr.id);
        expect(after).toMatchObject({ status: 'merged', revisionMerged: merged, mergedBy: user.id });
        expect((await store.getRevisionInfo(merged)).mergedFromChangeRequest).toBe(cr.id);
        await expectCode(store.markChangeRequestMerged(cr.id, { revisionMerged: merged, mergedBy: user.id }), 'STORE_CONFLICT');
        await expectCode(store.setChangeRequestHead(cr.id, edited, merged), 'STORE_CONFLICT');
        await expectCode(store.updateChangeRequest(space.id, cr.id, { status: 'open' }), 'CONFLICT');
      });
    });

    describe('lists', () => {
      it('walks 2,500 items with a small limit: nothing lost, nothing repeated, even with inserts during the walk', async () => {
        const created = new Set<string>();
        await store.transaction(async (tx) => {
          for (let index = 0; index < 2500; index++) created.add((await tx.createUser({ displayName: `Walker ${index}` })).id);
        });
        const seen: string[] = [];
        let page: string | undefined;
        let count = -1;
        let pages = 0;
        do {
          const result = await store.listUsers({ limit: 97, ...(page === undefined ? {} : { page }) });
          expect(result.items.length).toBeLessThanOrEqual(97);
          seen.push(...result.items.map((user) => user.id));
          if (pages === 3) {
            // Added during the walk: they sort after everything already there, so the walk must meet them once.
            for (let index = 0; index < 5; index++) created.add((await store.createUser({ displayName: `Late ${index}` })).id);
          }
          count = result.count;
          page = result.next?.page;
          pages += 1;
        } while (page !== undefined);
        expect(new Set(seen).size).toBe(seen.length);
        for (const id of created) expect(seen).toContain(id);
        expect(seen.length).toBe(count);
        expect(pages).toBeGreaterThanOrEqual(Math.ceil(2505 / 97));
      });

      it('refuses a cursor from another list, a forged cursor and a limit over 1000', async () => {
        const org = await organization();
        await store.createUser({ displayName: 'A' });
        await store.createUser({ displayName: 'B' });
        const users = await store.listUsers({ limit: 1 });
        expect(users.next).toBeDefined();
        await expectCode(store.listOrganizations({}, { page: users.next!.page }), 'INVALID_ARGUMENT');
        await expectCode(store.listMembers(org.id, {}, { page: users.next!.page }), 'INVALID_ARGUMENT');
        await expectCode(store.listUsers({ page: 'not-a-cursor' }), 'INVALID_ARGUMENT');
        await expectCode(store.listUsers({ limit: 1001 }), 'INVALID_ARGUMENT');
        await expectCode(store.listUsers({ limit: 1.5 }), 'INVALID_ARGUMENT');
        expect((await store.listUsers({ limit: 1000 })).items.length).toBeGreaterThanOrEqual(2);
        const none = await store.listUsers({ limit: 0 });
        expect(none.items).toEqual([]);
        expect(none.count).toBeGreaterThanOrEqual(2);
      });

      it('pages spaces of a collection by position', async () => {
        const org = await organization();
        const collection = await store.createCollection({ organizationId: org.id, title: 'Many' });
        const ids: string[] = [];
        await store.transaction(async (tx) => {
          for (let index = 0; index < 30; index++) ids.push((await tx.createSpace({ organizationId: org.id, parentId: collection.id, title: `Space ${index}` })).id);
        });
        const seen: string[] = [];
        let page: string | undefined;
        do {
          const result = await store.listSpaces({ parentId: collection.id }, { limit: 7, ...(page === undefined ? {} : { page }) });
          expect(result.count).toBe(30);
          seen.push(...result.items.map((space) => space.id));
          page = result.next?.page;
        } while (page !== undefined);
        expect(seen).toEqual(ids);
      });
    });

    describe('content', () => {
      it('stores a revision and reads back the same pages, files, reusable contents, variables, git and source', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Content' });
        const readme = await store.putDocument('# Welcome\n');
        const snippet = await store.putDocument('Shared text.\n');
        const logo = await store.putBlob(new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
        const source = { ...emptyDirectorySource(), summaryText: '# Summary\n', extra: { 'notes/todo.txt': new TextEncoder().encode('todo\n') } };
        const pages: StoredPage[] = [
          documentPage('readme', { documentId: readme, title: 'Welcome', slug: '', path: '' }),
          {
            id: 'group',
            title: 'Guides',
            kind: 'group',
            type: 'group',
            slug: 'guides',
            path: 'guides',
            pages: [
              documentPage('install', { documentId: readme, pages: [documentPage('linux', { path: 'guides/install/linux' })] }),
              { id: 'link', title: 'Site', kind: 'link', type: 'link', target: { kind: 'url', url: 'https://example.com' } },
            ],
          },
        ];
        const content: RevisionContent = {
          parents: [space.revisionId],
          pages,
          files: [{ id: 'logo', name: 'logo.png', contentType: 'image/png', size: logo.size, blob: logo.hash, dimensions: { width: 1, height: 1 } }],
          reusableContents: [{ id: 'snippet', title: 'Snippet', document: snippet }],
          variables: { product: 'Quire', version: 2 },
          git: { oid: 'a'.repeat(40), message: 'Import', createdByGitBook: false },
          source,
        };
        const id = await store.putRevision(space.id, content);
        const revision = await store.getRevision(id);
        expect(revision).toMatchObject({ object: 'revision', id, space: space.id, type: 'edits', parents: [space.revisionId], variables: content.variables, git: content.git });
        expect(revision.pages).toEqual(pages);
        expect(revision.files).toEqual(content.files);
        expect(revision.reusableContents).toEqual(content.reusableContents);
        expect(revision.source.summaryText).toBe('# Summary\n');
        expect(new TextDecoder().decode(revision.source.extra['notes/todo.txt'])).toBe('todo\n');
        expect(await store.getDocument(readme)).toBe('# Welcome\n');
        expect(Object.isFrozen(revision.pages[0])).toBe(true);
        expect(() => {
          (revision.pages[0] as { title: string }).title = 'changed';
        }).toThrow(TypeError);

        const info = await store.setRevisionGit(id, { oid: 'b'.repeat(40), message: 'Export', createdByGitBook: true });
        expect(info.git?.oid).toBe('b'.repeat(40));
        expect((await store.getRevision(id)).git?.oid).toBe('b'.repeat(40));
        expect((await store.setRevisionGit(id, null)).git).toBeUndefined();
        const history = await store.listRevisions(space.id);
        expect(history.items.map((item) => item.id)).toEqual([id, space.revisionId]);
        await expectCode(store.getRevision('missing'), 'NOT_FOUND');
      });

      it('discards a revision nothing references, and refuses one a head, a change request, a sync point or a child references', async () => {
        const org = await organization();
        const user = await store.createUser({ displayName: 'Writer' });
        const space = await store.createSpace({ organizationId: org.id, title: 'Raced' });
        const cr = await store.createChangeRequest({ spaceId: space.id, createdBy: user.id });
        const lost = await store.putRevision(space.id, { parents: [space.revisionId], pages: [] });
        const listed = async () => (await store.listRevisions(space.id, {}, { limit: 1000 })).items.map((item) => item.id);
        expect(await listed()).toContain(lost);
        expect(await store.discardRevision(lost)).toBe(true);
        expect(await listed()).toEqual([space.revisionId]);
        await expectCode(store.getRevision(lost), 'NOT_FOUND');
        expect(await store.discardRevision(lost)).toBe(false); // gone already

        expect(await store.discardRevision(space.revisionId)).toBe(false); // the space's head, and the change request's base
        const parent = await store.putRevision(space.id, { parents: [space.revisionId], pages: [] });
        const child = await store.putRevision(space.id, { parents: [parent], pages: [] });
        expect(await store.discardRevision(parent)).toBe(false); // child names it
        expect(await store.setChangeRequestHead(cr.id, cr.revision, child)).toBe(true);
        expect(await store.discardRevision(child)).toBe(false); // the change request's head
        const synced = await store.putRevision(space.id, { parents: [space.revisionId], pages: [] });
        await store.setSyncPoint({ spaceId: space.id, repository: 'a'.repeat(40), ref: 'refs/heads/main', revisionId: synced, commit: '1'.repeat(40) });
        expect(await store.discardRevision(synced)).toBe(false);
        expect(await store.listSyncPoints(space.id)).toHaveLength(1); // not cascaded away
        expect(new Set(await listed())).toEqual(new Set([space.revisionId, parent, child, synced]));
      });

      it('sweeps revisions no history reaches once older than the cutoff, chains of them too, and keeps the rest', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Killed' });
        const kept = await store.putRevision(space.id, { parents: [space.revisionId], pages: [] });
        expect(await store.setSpaceHead(space.id, space.revisionId, kept)).toBe(true);
        const orphan = await store.putRevision(space.id, { type: 'merge', parents: [kept], pages: [], mergedFromChangeRequest: 'gone' });
        const orphanChild = await store.putRevision(space.id, { parents: [orphan], pages: [] });
        const cutoff = clock.now().toISOString();
        const young = await store.putRevision(space.id, { parents: [kept], pages: [] });

        const swept = await store.discardOrphanRevisions({ createdBefore: cutoff });
        expect(swept).toEqual(expect.arrayContaining([orphan, orphanChild]));
        expect(swept).not.toContain(young);
        const listed = (await store.listRevisions(space.id)).items.map((item) => item.id);
        expect(listed).toEqual([young, kept, space.revisionId]);
        expect(await store.discardOrphanRevisions({ createdBefore: cutoff })).toEqual([]);
        clock.advance(60_000);
        expect(await store.discardOrphanRevisions({ createdBefore: clock.now().toISOString() })).toContain(young);
        expect((await store.listRevisions(space.id)).items.map((item) => item.id)).toEqual([kept, space.revisionId]);
      });

      it('keeps one sync point per repository and ref, replaced by the next, and only on the space\'s revisions', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Synced' });
        const other = await store.createSpace({ organizationId: org.id, title: 'Other' });
        const next = await store.putRevision(space.id, { parents: [space.revisionId], pages: [] });
        const main = { spaceId: space.id, repository: 'a'.repeat(40), ref: 'refs/heads/main' };
        await store.setSyncPoint({ ...main, revisionId: space.revisionId, commit: '1'.repeat(40) });
        await store.setSyncPoint({ ...main, repository: 'b'.repeat(40), revisionId: space.revisionId, commit: '2'.repeat(40) });
        await store.setSyncPoint({ ...main, revisionId: next, commit: '3'.repeat(40) });
        const points = await store.listSyncPoints(space.id);
        expect(points.map((point) => [point.repository, point.revisionId, point.commit]).sort()).toEqual([
          ['a'.repeat(40), next, '3'.repeat(40)],
          ['b'.repeat(40), space.revisionId, '2'.repeat(40)],
        ]);
        expect(await store.listSyncPoints(other.id)).toEqual([]);
        await expectCode(store.setSyncPoint({ ...main, spaceId: other.id, revisionId: next, commit: '4'.repeat(40) }), 'NOT_FOUND');
      });

      it('keeps what a sync point\'s revision lacks of its commit, replaced with the point, unknown when not given', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Refused files' });
        const main = { spaceId: space.id, repository: 'a'.repeat(40), ref: 'refs/heads/main', revisionId: space.revisionId };
        const lacking = await store.setSyncPoint({ ...main, commit: '1'.repeat(40), missing: ['.gitbook/assets/demo.gif', 'downloads/a b.zip'] });
        expect(lacking.missing).toEqual(['.gitbook/assets/demo.gif', 'downloads/a b.zip']);
        expect((await store.listSyncPoints(space.id))[0]!.missing).toEqual(['.gitbook/assets/demo.gif', 'downloads/a b.zip']);
        await store.setSyncPoint({ ...main, commit: '2'.repeat(40), missing: [] });
        expect((await store.listSyncPoints(space.id))[0]!.missing).toEqual([]);
        await store.setSyncPoint({ ...main, commit: '3'.repeat(40) });
        expect((await store.listSyncPoints(space.id))[0]!.missing).toBeUndefined();
      });

      it('refuses content it cannot keep faithfully', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Strict' });
        const documentId = await store.putDocument('# Body\n');
        const put = (content: Partial<RevisionContent>) => store.putRevision(space.id, { parents: [], pages: [], ...content });
        const group = { id: 'g', title: 'G', kind: 'group', type: 'group', slug: 'g', path: 'g', pages: [] } as unknown as StoredChildPage;
        await expectCode(put({ pages: [documentPage('a', { pages: [group] })] }), 'INVALID_ARGUMENT');
        await expectCode(put({ pages: [documentPage('a'), documentPage('a')] }), 'INVALID_ARGUMENT');
        await expectCode(put({ pages: [documentPage('a', { pages: [documentPage('a')] })] }), 'INVALID_ARGUMENT');
        await expectCode(put({ pages: [documentPage('a', { documentId: 'not-stored' })] }), 'INVALID_ARGUMENT');
        await expectCode(put({ pages: [{ ...documentPage('a'), markdown: '# inline' } as StoredPage] }), 'INVALID_ARGUMENT');
        await expectCode(put({ pages: [documentPage('a', { title: 'x' }), { ...documentPage('b'), type: 'sheet' } as unknown as StoredPage] }), 'INVALID_ARGUMENT');
        await expectCode(put({ files: [{ id: 'f', name: 'f', contentType: 'text/plain', size: 1, blob: 'f'.repeat(64) }] }), 'INVALID_ARGUMENT');
        await expectCode(put({ variables: { n: Number.NaN } }), 'INVALID_ARGUMENT');
        await expectCode(put({ parents: ['missing'] }), 'INVALID_ARGUMENT');
        await expectCode(store.putRevision('missing', { parents: [], pages: [documentPage('a', { documentId })] }), 'NOT_FOUND');
      });

      it('shares structure: a one-page edit in a 10,000-page revision writes a handful of objects', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Big' });
        const documentId = await store.putDocument('# Same body everywhere\n');
        const pages = tenThousandPages(documentId);
        expect(countPages(pages)).toBe(10_000);

        const first = await store.putRevision(space.id, { parents: [space.revisionId], pages });
        const read = await store.getRevision(first);
        expect(countPages(read.pages)).toBe(10_000);
        expect(read.pages).toEqual(pages);

        // An edit made from a plain copy: every page is encoded again, only the changed path is written.
        const before = await store.stats();
        const copy = structuredClone(pages) as StoredPage[];
        const changedBody = await store.putDocument('# A new body\n');
        const target = (copy[42] as { pages: StoredChildPage[] }).pages[17] as StoredChildPage & { title: string; documentId?: string };
        target.title = 'Edited';
        target.documentId = changedBody;
        const second = await store.putRevision(space.id, { parents: [first], pages: copy });
        const afterCopyEdit = await store.stats();
        expect(afterCopyEdit.objects - before.objects).toBeLessThanOrEqual(8);
        expect(afterCopyEdit.revisions - before.revisions).toBe(1);

        // An edit made from the revision as read: unchanged subtrees are reused without encoding.
        const base = await store.getRevision(second);
        const section = base.pages[7] as StoredChildPage & { pages: StoredChildPage[] };
        const edited = [...base.pages];
        edited[7] = { ...section, pages: section.pages.map((page, index) => (index === 3 ? { ...page, title: 'Edited again' } : page)) } as StoredPage;
        const third = await store.putRevision(space.id, { parents: [second], pages: edited });
        const afterReadEdit = await store.stats();
        expect(afterReadEdit.objects - afterCopyEdit.objects).toBeLessThanOrEqual(8);
        const thirdRead = await store.getRevision(third);
        expect(((thirdRead.pages[7] as { pages: StoredChildPage[] }).pages[3] as { title: string }).title).toBe('Edited again');
        expect(((thirdRead.pages[42] as { pages: StoredChildPage[] }).pages[17] as { title: string }).title).toBe('Edited');
        expect(countPages(thirdRead.pages)).toBe(10_000);

        // Putting the same content again writes no object at all.
        await store.putRevision(space.id, { parents: [third], pages: edited });
        expect((await store.stats()).objects).toBe(afterReadEdit.objects);
      });

      it('locates pages of a revision it wrote without walking them, and takes a revision read back as it is', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Located' });
        const documentId = await store.putDocument('# Body\n');
        const first = await store.putRevision(space.id, { parents: [space.revisionId], pages: tenThousandPages(documentId) });
        const read = await store.getRevision(first);
        const locator = await store.pageLocator(read.pages);
        expect(locator?.locate('p42-17')).toEqual({ path: ['s42', 'p42-17'] });
        expect(locator?.locate('s3')).toEqual({ path: ['s3'] });
        expect(locator?.locate('nowhere')).toBe('absent');
        // A tree the store did not hand out gets no locator.
        expect(await store.pageLocator([...read.pages])).toBeUndefined();

        // Content read back and stored again as it is (a merge that takes a change request's content) writes
        // no object, and the source comes along.
        const withSource = await store.putRevision(space.id, { parents: [first], pages: read.pages, source: { ...emptyDirectorySource(), summaryText: '# Summary\n' } });
        const before = await store.stats();
        const again = await store.getRevision(withSource);
        const copy = await store.putRevision(space.id, { type: 'merge', parents: [withSource], pages: again.pages, files: again.files, reusableContents: again.reusableContents, source: again.source });
        expect((await store.stats()).objects).toBe(before.objects);
        expect((await store.getRevision(copy)).source.summaryText).toBe('# Summary\n');
      });

      it('stores documents once per distinct content', async () => {
        const before = (await store.stats()).documents;
        const markdown = `# Dedup ${Math.random()}\n`;
        const a = await store.putDocument(markdown);
        const b = await store.putDocument(markdown);
        const c = await store.putDocument(`${markdown}more\n`);
        expect(a).toBe(b);
        expect(c).not.toBe(a);
        expect((await store.stats()).documents - before).toBe(2);
        expect(await store.getDocuments([a, c, 'missing'])).toEqual(new Map([[a, markdown], [c, `${markdown}more\n`]]));
        await expectCode(store.getDocument('missing'), 'NOT_FOUND');
      });

      it('stores many documents at once, in several statements, each distinct content once', async () => {
        const before = (await store.stats()).documents;
        const stamp = Math.random();
        const existing = await store.putDocument(`# Stored before ${stamp}\n`);
        // More than one statement's worth (500 rows), a body twice and one stored already.
        const markdowns = [...Array.from({ length: 1200 }, (_, index) => `# Page ${index} ${stamp}\n`), `# Page 7 ${stamp}\n`, `# Stored before ${stamp}\n`];
        const ids = await store.putDocuments(markdowns);
        expect(ids).toHaveLength(markdowns.length);
        expect(ids[1200]).toBe(ids[7]);
        expect(ids[1201]).toBe(existing);
        expect(ids.slice(0, 3)).toEqual(await Promise.all(markdowns.slice(0, 3).map((markdown) => store.putDocument(markdown))));
        expect((await store.stats()).documents - before).toBe(1201);
        const read = await store.getDocuments(ids);
        expect(markdowns.every((markdown, index) => read.get(ids[index]!) === markdown)).toBe(true);
        expect(await store.putDocuments([])).toEqual([]);
        await expectCode(store.putDocuments([42 as unknown as string]), 'INVALID_ARGUMENT');
      });

      it('stores a streamed blob without buffering it, only when its size and digests are the announced ones', async () => {
        const chunks = [new TextEncoder().encode(`stream ${Math.random()} `), new Uint8Array(70_000).fill(42)];
        const bytes = Buffer.concat(chunks);
        const hash = createHash('sha256').update(bytes).digest('hex');
        const gitOid = createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
        const written = await store.putBlobStream(ReadableStream.from(chunks), { size: bytes.byteLength, maxBytes: 1_000_000, sha256: hash, gitOid });
        expect(written).toEqual({ hash, gitOid, size: bytes.byteLength });
        expect(Buffer.from(await store.getBlob(hash)).equals(bytes)).toBe(true);
        expect(await store.blobSize(hash)).toBe(bytes.byteLength);
        expect(await store.blobSize('0'.repeat(64))).toBeUndefined();

        const other = new Uint8Array(5000).fill(Math.floor(Math.random() * 255));
        const otherHash = createHash('sha256').update(other).digest('hex');
        await expectCode(store.putBlobStream(ReadableStream.from([other]), { size: 5000, maxBytes: 4000 }), 'FILE_TOO_LARGE');
        await expectCode(store.putBlobStream(ReadableStream.from([other]), { size: 5001, maxBytes: 10_000 }), 'INVALID_ARGUMENT');
        await expectCode(store.putBlobStream(ReadableStream.from([other]), { size: 5000, maxBytes: 10_000, sha256: hash }), 'INVALID_ARGUMENT');
        expect(await store.hasBlob(otherHash)).toBe(false);
      });

      it('stores blobs once per distinct content and streams them', async () => {
        const before = (await store.stats()).blobs;
        const bytes = new TextEncoder().encode(`blob ${Math.random()}`);
        const a = await store.putBlob(bytes);
        const b = await store.putBlob(new Uint8Array(bytes));
        expect(a).toEqual(b);
        expect(a.size).toBe(bytes.byteLength);
        expect((await store.stats()).blobs - before).toBe(1);
        expect(await store.getBlob(a.hash)).toEqual(bytes);
        expect(await store.hasBlob(a.hash)).toBe(true);
        const { size, stream } = await store.openBlob(a.hash);
        expect(size).toBe(bytes.byteLength);
        const chunks: Buffer[] = [];
        for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
        expect(new Uint8Array(Buffer.concat(chunks))).toEqual(bytes);
        await expectCode(store.getBlob('0'.repeat(64)), 'NOT_FOUND');
        await expectCode(store.getBlob('../../etc/passwd'), 'INVALID_ARGUMENT');
        expect(await store.hasBlob('../x')).toBe(false);
      });
    });

    describe('sites', () => {
      it('creates, updates, lists and deletes a site', async () => {
        const org = await organization();
        const site = await store.createSite({ organizationId: org.id, title: 'Docs' });
        expect(site).toMatchObject({ organizationId: org.id, title: 'Docs', type: 'basic', visibility: 'public', published: false, adaptiveContent: false, defaultLevel: 'inherit' });
        const updated = await store.updateSite(site.id, { title: 'Handbook', visibility: 'share-link', published: true, basename: 'docs', proxy: 'acme.com/docs', agentsContext: 'excluded' });
        expect(updated).toMatchObject({ title: 'Handbook', visibility: 'share-link', published: true, basename: 'docs', proxy: 'acme.com/docs', agentsContext: 'excluded' });
        expect((await store.updateSite(site.id, { basename: null, proxy: null })).proxy).toBeUndefined();
        await expectCode(store.updateSite(site.id, { visibility: 'secret' as never }), 'INVALID_ARGUMENT');
        await store.createSite({ organizationId: org.id, title: 'Other' });
        expect((await store.listSites({ organizationId: org.id })).items.map((item) => item.title)).toEqual(['Handbook', 'Other']);
        expect((await store.listSites({ organizationId: org.id, published: true })).items.map((item) => item.id)).toEqual([site.id]);
        expect((await store.listSites({ organizationId: org.id, title: 'Other' })).count).toBe(1);
        expect(await store.deleteSite(site.id)).toBe(true);
        expect(await store.deleteSite(site.id)).toBe(false);
        await expectCode(store.getSite(site.id), 'NOT_FOUND');
      });

      it('keeps one default per level, unique paths, and cascades deletes', async () => {
        const org = await organization();
        const [one, two] = [await store.createSpace({ organizationId: org.id, title: 'One' }), await store.createSpace({ organizationId: org.id, title: 'Two' })];
        const site = await store.createSite({ organizationId: org.id, title: 'Docs' });
        const rootA = await store.createSiteSpace({ siteId: site.id, spaceId: one.id, path: 'one' });
        const rootB = await store.createSiteSpace({ siteId: site.id, spaceId: two.id, path: 'two' });
        expect((await store.getSite(site.id)).defaultSiteSpaceId).toBe(rootA.id);
        await expectCode(store.createSiteSpace({ siteId: site.id, spaceId: two.id, path: 'one' }), 'INVALID_ARGUMENT');
        expect((await store.updateSite(site.id, { defaultSiteSpaceId: rootB.id })).defaultSiteSpaceId).toBe(rootB.id);
        expect((await store.listSiteSpaces({ siteId: site.id, default: true })).items.map((item) => item.id)).toEqual([rootB.id]);
        expect((await store.listSiteSpaces({ siteId: site.id, default: false })).items.map((item) => item.id)).toEqual([rootA.id]);
        expect(await store.deleteSiteSpace(rootB.id)).toBe(true);
        expect((await store.getSite(site.id)).defaultSiteSpaceId).toBe(rootA.id);

        const section = await store.createSiteSection({ siteId: site.id, title: 'Guides', path: 'guides' });
        await expectCode(store.createSiteSection({ siteId: site.id, title: 'Again', path: 'guides' }), 'INVALID_ARGUMENT');
        expect((await store.getSite(site.id)).defaultSectionId).toBe(section.id);
        const variant = await store.updateSiteSpace(rootA.id, { sectionId: section.id });
        expect(variant.sectionId).toBe(section.id);
        expect((await store.getSiteSection(section.id)).defaultSiteSpaceId).toBe(rootA.id);
        expect((await store.getSite(site.id)).defaultSiteSpaceId).toBeUndefined();
        expect(await store.countSiteSpaces(site.id)).toBe(1);
        expect((await store.listSites({ organizationId: org.id, spaceId: one.id })).items.map((item) => item.id)).toEqual([site.id]);

        expect(await store.deleteSiteSection(section.id)).toBe(true);
        expect(await store.countSiteSpaces(site.id)).toBe(0);
        expect((await store.getSite(site.id)).defaultSectionId).toBeUndefined();
        expect(await store.deleteSiteSection(section.id)).toBe(false);
      });

      it('removes a space from every site, and moves a group\'s sections up when the group goes', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Shared' });
        const first = await store.createSite({ organizationId: org.id, title: 'First' });
        const second = await store.createSite({ organizationId: org.id, title: 'Second' });
        await store.createSiteSpace({ siteId: first.id, spaceId: space.id, path: 'shared' });
        await store.createSiteSpace({ siteId: second.id, spaceId: space.id, path: 'shared' });
        expect(await store.removeSpaceFromSites(space.id)).toBe(2);
        expect((await store.getSite(first.id)).defaultSiteSpaceId).toBeUndefined();

        const group = await store.createSiteSectionGroup({ siteId: first.id, title: 'Products' });
        const inner = await store.createSiteSection({ siteId: first.id, title: 'API', path: 'api', groupId: group.id });
        const nested = await store.createSiteSectionGroup({ siteId: first.id, title: 'Nested', parentId: group.id });
        await expectCode(store.updateSiteSectionGroup(group.id, { parentId: nested.id }), 'INVALID_ARGUMENT');
        expect(await store.deleteSiteSectionGroup(group.id)).toBe(true);
        expect((await store.getSiteSection(inner.id)).groupId).toBeUndefined();
        expect((await store.getSiteSectionGroup(nested.id)).parentId).toBeUndefined();
        const tree = await store.readSiteTree(first.id);
        expect(tree.sections.map((item) => item.id)).toEqual([inner.id]);
        expect(tree.groups.map((item) => item.id)).toEqual([nested.id]);
      });

      it('stores share-link key hashes, customizations and adaptive schemas', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Docs' });
        const site = await store.createSite({ organizationId: org.id, title: 'Docs' });
        const link = await store.createSiteShareLink({ siteId: site.id, name: 'Reviewers', keyHash: 'a'.repeat(64) });
        expect((await store.findActiveSiteShareLink(site.id, 'a'.repeat(64)))?.id).toBe(link.id);
        await store.updateSiteShareLink(link.id, { active: false });
        expect(await store.findActiveSiteShareLink(site.id, 'a'.repeat(64))).toBeUndefined();
        expect((await store.listSiteShareLinks(site.id, { search: 'view' })).count).toBe(1);
        expect((await store.listSiteShareLinks(site.id, { search: 'zzz' })).count).toBe(0);
        expect(await store.deleteSiteShareLink(link.id)).toBe(true);

        expect(await store.getSiteCustomization(site.id)).toEqual({});
        const put = await store.putSiteCustomization(site.id, { title: 'Acme docs' });
        expect(await store.getSiteCustomization(site.id)).toEqual(put);
        const siteSpace = await store.createSiteSpace({ siteId: site.id, spaceId: space.id, path: 'docs' });
        expect(await store.putSiteSpaceCustomization(siteSpace.id, { title: 'Variant' })).toBe(false);
        expect((await store.getSiteSpaceCustomization(siteSpace.id)).settings).toEqual({ title: 'Variant' });
        expect(await store.putSiteSpaceCustomization(siteSpace.id, null)).toBe(true);
        expect(await store.getSiteSpaceCustomization(siteSpace.id)).toEqual({});

        expect(await store.getSiteAdaptiveSchema(site.id)).toEqual({});
        const schema = { type: 'object', properties: {}, additionalProperties: false };
        expect((await store.putSiteAdaptiveSchema(site.id, schema)).jsonSchema).toEqual(schema);
        expect((await store.getSiteAdaptiveSchema(site.id)).jsonSchema).toEqual(schema);
      });

      it('serializes concurrent structural writes: one default, distinct paths', async () => {
        const other = harness.concurrentStores ? await open() : store;
        const org = await organization();
        const site = await store.createSite({ organizationId: org.id, title: 'Race' });
        const spaces = [];
        for (let index = 0; index < 6; index++) spaces.push(await store.createSpace({ organizationId: org.id, title: `S${index}` }));
        const results = await Promise.allSettled(spaces.map((space, index) => (index % 2 === 0 ? store : other).createSiteSpace({ siteId: site.id, spaceId: space.id, path: `p${index % 3}` })));
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
        const listed = await store.listSiteSpaces({ siteId: site.id, default: true });
        expect(listed.count).toBe(1);
      });
    });

    describe('concurrency and atomicity', () => {
      it('lets exactly one of two concurrent head moves with the same expected head win', async () => {
        const other = harness.concurrentStores ? await open() : store;
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Race' });
        const documentId = await store.putDocument('# Race\n');
        const left = await store.putRevision(space.id, { parents: [space.revisionId], pages: [documentPage('left', { documentId })] });
        const right = await store.putRevision(space.id, { parents: [space.revisionId], pages: [documentPage('right', { documentId })] });
        for (let round = 0; round < 6; round++) {
          const head = (await store.getSpace(space.id)).revisionId;
          const next = head === left ? right : left;
          const results = await Promise.all([store.setSpaceHead(space.id, head, next), other.setSpaceHead(space.id, head, next)]);
          expect(results.filter(Boolean)).toHaveLength(1);
          expect((await other.getSpace(space.id)).revisionId).toBe(next);
        }
        await expectCode(store.setSpaceHead(space.id, left, 'missing'), 'INVALID_ARGUMENT');
        await expectCode(store.setSpaceHead('missing', left, right), 'INVALID_ARGUMENT');
      });

      it('never loses an update when two merges race: one wins, the other merges on top', async () => {
        const other = harness.concurrentStores ? await open() : store;
        const org = await organization();
        const user = await store.createUser({ displayName: 'Merger' });
        const space = await store.createSpace({ organizationId: org.id, title: 'Merges' });
        const documentId = await store.putDocument('# Merge\n');
        const crA = await store.createChangeRequest({ spaceId: space.id, createdBy: user.id, subject: 'A' });
        const crB = await other.createChangeRequest({ spaceId: space.id, createdBy: user.id, subject: 'B' });

        // A merge as the service does it: read the head, build on it, compare-and-set; on a lost race, redo on top.
        const merge = async (via: Store, crId: string, pageId: string) => {
          for (let attempt = 0; attempt < 10; attempt++) {
            const head = (await via.getSpace(space.id)).revisionId;
            const base = await via.getRevision(head);
            const merged = await via.putRevision(space.id, { type: 'merge', parents: [head], pages: [...base.pages, documentPage(pageId, { documentId })], mergedFromChangeRequest: crId });
            const won = await via.transaction(async (tx) => {
              if (!(await tx.setSpaceHead(space.id, head, merged))) return false;
              await tx.markChangeRequestMerged(crId, { revisionMerged: merged, mergedBy: user.id });
              return true;
            });
            if (won) return attempt;
          }
          throw new Error('merge never won');
        };
        const attempts = await Promise.all([merge(store, crA.id, 'from-a'), merge(other, crB.id, 'from-b')]);
        expect(Math.min(...attempts)).toBe(0);
        const final = await store.getRevision((await store.getSpace(space.id)).revisionId);
        expect(final.pages.map((page) => page.id).sort()).toEqual(['from-a', 'from-b']);
        expect((await store.getChangeRequest(space.id, crA.id)).status).toBe('merged');
        expect((await store.getChangeRequest(space.id, crB.id)).status).toBe('merged');
      });

      it('allocates change request numbers without duplicates under concurrency', async () => {
        const other = harness.concurrentStores ? await open() : store;
        const org = await organization();
        const user = await store.createUser({ displayName: 'Many' });
        const space = await store.createSpace({ organizationId: org.id, title: 'Numbers' });
        const created = await Promise.all(
          Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? store : other).createChangeRequest({ spaceId: space.id, createdBy: user.id, subject: `CR ${index}` })),
        );
        expect(created.map((cr) => cr.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
        expect((await store.getSpace(space.id)).changeRequests).toEqual({ total: 24, open: 0, draft: 24 });
      });

      it('leaves nothing behind when a transaction throws, and its writes do not poison the caches', async () => {
        const org = await organization();
        const space = await store.createSpace({ organizationId: org.id, title: 'Atomic' });
        const documentId = await store.putDocument('# Rolled back\n');
        const pages = [documentPage(`rolled-back-${Math.random()}`, { documentId })];
        const before = await store.stats();
        let userId = '';
        let revisionId = '';
        await expect(
          store.transaction(async (tx) => {
            userId = (await tx.createUser({ displayName: 'Ghost' })).id;
            revisionId = await tx.putRevision(space.id, { parents: [space.revisionId], pages });
            await tx.updateSpace(space.id, { title: 'Changed' });
            await store.createChangeRequest({ spaceId: space.id, createdBy: userId }); // the outer store joins the transaction
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        await expectCode(store.getUser(userId), 'NOT_FOUND');
        await expectCode(store.getRevisionInfo(revisionId), 'NOT_FOUND');
        expect((await store.getSpace(space.id)).title).toBe('Atomic');
        expect((await store.listChangeRequests(space.id)).count).toBe(0);
        expect(await store.stats()).toEqual(before);
        // The objects written in the rolled-back transaction must be written again now.
        const id = await store.putRevision(space.id, { parents: [space.revisionId], pages });
        expect((await store.getRevision(id)).pages).toEqual(pages);
        expect((await store.createChangeRequest({ spaceId: space.id, createdBy: (await store.createUser({ displayName: 'Real' })).id })).number).toBe(1);
      });

      it('hands its writer back a revision exactly as another process reads it, and nothing of a write rolled back', async () => {
        const org = await organization('Cached');
        const space = await store.createSpace({ organizationId: org.id, title: 'Cached' });
        const documentId = await store.putDocument('# Body\n');
        const source = { ...emptyDirectorySource(), summaryText: '# Summary\n', extra: { 'notes.txt': new TextEncoder().encode('n\n') } };
        // 300 pages at the root: a chunked root list, so the memo of list chunks and the seeded cache both take part.
        const roots = Array.from({ length: 300 }, (_, index) => documentPage(`r${index}`, { documentId, path: `r${index}` }));
        const first = await store.getRevision(await store.putRevision(space.id, { parents: [space.revisionId], pages: roots, source }));
        // Made the way an edit makes it: the handed-out pages and source, one page replaced, two added (one with a child).
        const pages: StoredPage[] = [
          ...first.pages.slice(0, 150),
          { ...first.pages[150]!, title: 'Renamed' } as StoredPage,
          ...first.pages.slice(151),
          documentPage('added', { documentId, path: 'added', pages: [documentPage('child', { documentId, path: 'added/child' })] }),
          documentPage('last', { documentId, path: 'last' }),
        ];
        const edit: RevisionContent = { parents: [first.id], pages, source: first.source };
        // Written, then rolled back: the objects it wrote are not stored, so the writer must not believe they are.
        await expectCode(
          store.transaction(async (tx) => {
            await tx.putRevision(space.id, edit);
            throw new QuireError('CONFLICT', 'rolled back on purpose');
          }),
          'CONFLICT',
        );
        const id = await store.putRevision(space.id, edit);
        const mine = await store.getRevision(id);
        const theirs = await (await open()).getRevision(id);
        // Same content, same key order, same freezing.
        expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs));
        expect(Object.isFrozen(mine.pages) && Object.isFrozen(mine.pages[300]) && Object.isFrozen((mine.pages[300] as { pages: StoredPage[] }).pages[0])).toBe(true);
        expect(new TextDecoder().decode(mine.source.extra['notes.txt'])).toBe('n\n');
        // An edit of the revision read back reuses it (its pages are handed out, recorded with their hashes).
        const next = await store.putRevision(space.id, { parents: [id], pages: mine.pages.slice(1), source: mine.source });
        expect(JSON.stringify((await store.getRevision(next)).pages)).toBe(JSON.stringify((await (await open()).getRevision(next)).pages));
      });

      it('keeps data across close and reopen', async () => {
        const org = await organization('Durable');
        const space = await store.createSpace({ organizationId: org.id, title: 'Durable' });
        const documentId = await store.putDocument('# Durable\n');
        const revision = await store.putRevision(space.id, { parents: [space.revisionId], pages: [documentPage('durable', { documentId })] });
        expect(await store.setSpaceHead(space.id, space.revisionId, revision)).toBe(true);
        await store.close();
        const reopened = await open();
        expect((await reopened.getOrganization(org.id)).title).toBe('Durable');
        const again = await reopened.getSpace(space.id);
        expect(again.revisionId).toBe(revision);
        expect((await reopened.getRevision(revision)).pages.map((page) => page.id)).toEqual(['durable']);
        expect(await reopened.getDocument(documentId)).toBe('# Durable\n');
        store = reopened;
      });
    });
  });
}
