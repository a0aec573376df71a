import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './index.ts';
import { ReadMemo } from './read-memo.ts';

describe('ReadMemo', () => {
  it('answers the row kept while the stamp stays, and reads again once it moves', async () => {
    let stamp = 's1';
    let reads = 0;
    const memo = new ReadMemo(() => stamp);
    const read = async () => ({ n: ++reads });
    expect(await memo.row('k', read)).toEqual({ n: 1 });
    expect(await memo.row('k', read)).toEqual({ n: 1 });
    stamp = 's2';
    expect(await memo.row('k', read)).toEqual({ n: 2 });
  });

  it('never keeps a row read while the stamp moved under it, and keeps rows frozen', async () => {
    let stamp = 's1';
    const memo = new ReadMemo(() => stamp);
    const first = await memo.row('k', async () => {
      stamp = 's2'; // a write landed during the read
      return { value: 'old' };
    });
    expect(Object.isFrozen(first)).toBe(true);
    expect(await memo.row('k', async () => ({ value: 'new' }))).toEqual({ value: 'new' });
  });

  it('reads every time when the database gives no stamp', async () => {
    let reads = 0;
    const memo = new ReadMemo(() => undefined);
    await memo.row('k', async () => ({ n: ++reads }));
    expect(await memo.row('k', async () => ({ n: ++reads }))).toEqual({ n: 2 });
  });
});

describe('rows kept on SQLite while the database has not changed', () => {
  const directories: string[] = [];
  const stores: Store[] = [];
  const open = async (directory: string) => {
    const store = await openStore({ kind: 'sqlite', directory });
    stores.push(store);
    return store;
  };
  const directory = () => {
    const made = mkdtempSync(join(tmpdir(), 'quire-read-memo-'));
    directories.push(made);
    return made;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const made of directories.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('a token revoked through another connection to the file (another process) is unknown at the very next lookup', async () => {
    const data = directory();
    const one = await open(data);
    const two = await open(data);
    const user = await one.createUser({ displayName: 'Ada' });
    const { token, record } = await one.createApiToken({ userId: user.id, label: 'cli' });
    expect((await two.lookupApiToken(token)).state).toBe('valid');
    expect((await two.lookupApiToken(token)).state).toBe('valid');
    expect(await one.deleteApiToken(record.id)).toBe(true);
    expect(await two.lookupApiToken(token)).toEqual({ state: 'unknown' });
  });

  // Through the store's own requests. Its awaits reach the next turn of the event loop, so the clearing at each
  // request start within one turn is held by store-context.test.ts, which counts the asks.
  it('a request started after another process committed sees the commit', async () => {
    const data = directory();
    const one = await open(data);
    const two = await open(data);
    const user = await one.createUser({ displayName: 'Ada' });
    const { token, record } = await one.createApiToken({ userId: user.id, label: 'cli' });
    expect((await two.asOneRequest(() => two.lookupApiToken(token))).state).toBe('valid');
    expect(await one.deleteApiToken(record.id)).toBe(true);
    expect(await two.asOneRequest(() => two.lookupApiToken(token))).toEqual({ state: 'unknown' });
  });

  it('a token revoked through the same store is unknown at once, and a member disabled elsewhere reads as disabled', async () => {
    const data = directory();
    const one = await open(data);
    const two = await open(data);
    const user = await one.createUser({ displayName: 'Ada' });
    const { token, record } = await one.createApiToken({ userId: user.id, label: 'cli' });
    expect((await one.lookupApiToken(token)).state).toBe('valid');
    await one.deleteApiToken(record.id);
    expect((await one.lookupApiToken(token)).state).toBe('unknown');

    const organization = await one.createOrganization({ title: 'Acme' });
    await one.putMember(organization.id, user.id, { role: 'admin' });
    const other = await one.createUser({ displayName: 'Bob' });
    await one.putMember(organization.id, other.id, { role: 'read' });
    expect((await two.getMember(organization.id, other.id)).disabled).toBe(false);
    await one.updateMember(organization.id, other.id, { disabled: true });
    expect((await two.getMember(organization.id, other.id)).disabled).toBe(true);
  });
});
