import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/index.ts';
import type { Store } from '../store/index.ts';
import { authenticate } from './access/actor.ts';
import { adminEmail, bootstrap } from './bootstrap.ts';
import { mintApiToken } from './tokens/mint-api-token.ts';
import { openTestStore } from './test-store.fixture.ts';

let store: Store;
let dispose: () => Promise<void>;
beforeEach(async () => ({ store, dispose } = await openTestStore()));
afterEach(() => dispose?.()); // unset when beforeEach failed

describe('bootstrap', () => {
  it('creates the organization, the admin (an admin of it) and a token, once', async () => {
    const first = await bootstrap(store);
    expect(first.created).toEqual({ organization: true, user: true, token: true });
    expect(first.user.email).toBe(adminEmail);
    expect((await store.getMember(first.organization.id, first.user.id)).role).toBe('admin');
    expect((await authenticate(store, `Bearer ${first.token}`)).user.id).toBe(first.user.id);

    const again = await bootstrap(store, { existingToken: first.token });
    expect(again).toMatchObject({ token: first.token, created: { organization: false, user: false, token: false } });
    expect(again.organization.id).toBe(first.organization.id);
    expect((await store.listOrganizations()).count).toBe(1);
    expect((await store.listUsers()).count).toBe(1);
  });

  it('mints a new token for the same admin when the saved one is lost or unknown', async () => {
    const first = await bootstrap(store);
    for (const existingToken of [undefined, 'quire_forgotten']) {
      const again = await bootstrap(store, existingToken === undefined ? {} : { existingToken });
      expect(again.created).toEqual({ organization: false, user: false, token: true });
      expect(again.token).not.toBe(first.token);
      expect(again.user.id).toBe(first.user.id);
      expect(again.organization.id).toBe(first.organization.id);
    }
    expect((await store.listApiTokens({ userId: first.user.id })).count).toBe(3);
  });

  it('ends with one admin and one organization when two start at once', async () => {
    const results = await Promise.all([bootstrap(store), bootstrap(store)]);
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
    expect((await store.listOrganizations()).count).toBe(1);
  });
});

describe('mintApiToken', () => {
  it('defaults to the admin and its organization', async () => {
    const started = await bootstrap(store);
    const minted = await mintApiToken(store);
    expect(minted.user.id).toBe(started.user.id);
    expect(minted.organization.id).toBe(started.organization.id);
    expect(minted.member.role).toBe('admin');
  });

  it('creates a user for an unknown e-mail, as a reader unless a role is given, and changes roles on request', async () => {
    const started = await bootstrap(store);
    const reader = await mintApiToken(store, { user: 'ada@example.com' });
    expect(reader).toMatchObject({ createdUser: true, member: { role: 'read' }, user: { displayName: 'ada', email: 'ada@example.com' } });
    const editor = await mintApiToken(store, { user: 'ada@example.com', organization: started.organization.id, role: 'edit' });
    expect(editor).toMatchObject({ createdUser: false, member: { role: 'edit' } });
    const byId = await mintApiToken(store, { user: editor.user.id });
    expect(byId.member.role).toBe('edit');
    expect((await authenticate(store, `Bearer ${byId.token}`)).user.email).toBe('ada@example.com');
  });

  it('says what is missing: no admin yet, an unknown user id or organization', async () => {
    await expect(mintApiToken(store)).rejects.toSatisfy((error) => isQuireError(error, 'NOT_FOUND') && /quire serve/.test(error.message));
    await bootstrap(store);
    await expect(mintApiToken(store, { user: 'nobody' })).rejects.toSatisfy((error) => isQuireError(error, 'NOT_FOUND'));
    await expect(mintApiToken(store, { organization: 'nowhere' })).rejects.toSatisfy((error) => isQuireError(error, 'NOT_FOUND'));
  });
});

describe('authenticate', () => {
  it.each([undefined, '', 'Token abc', 'Bearer', 'Bearer a b', 'Bearer quire_unknown'])('refuses %j with UNAUTHENTICATED', async (header) => {
    await bootstrap(store);
    await expect(authenticate(store, header)).rejects.toSatisfy((error) => isQuireError(error, 'UNAUTHENTICATED') && error.status === 401);
  });

  it('accepts the scheme in any case', async () => {
    const { token, user } = await bootstrap(store);
    expect((await authenticate(store, `bearer ${token}`)).user.id).toBe(user.id);
  });
});
