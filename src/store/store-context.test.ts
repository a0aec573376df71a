import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlobFolder } from './blobs/blob-folder.ts';
import type { ObjectStore } from './blobs/object-store.ts';
import type { Database } from './database-schema.ts';
import { openStore, type Store } from './index.ts';
import { StoreContext } from './store-context.ts';
import { describeOnEveryStore } from './store-harnesses.fixture.ts';
import { sequentialIds, type StoreHarness } from './store.contract.ts';

/** A context whose database is never queried: `others` counts how often other connections' commits are asked. */
function countingContext(): { context: StoreContext; othersAsked: () => number } {
  let asked = 0;
  const context = new StoreContext({
    dialect: 'sqlite',
    db: {} as Kysely<Database>,
    changes: {
      others: () => {
        asked++;
        return 7;
      },
      own: () => 0,
    },
    now: () => new Date(0),
    newId: () => 'id',
    objects: () => ({}) as ObjectStore,
    blobs: {} as BlobFolder,
  });
  return { context, othersAsked: () => asked };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('StoreContext: when other connections are asked whether they committed', () => {
  it('at every row read outside a request, once after each request starts within a turn, at every read again in the next turn', async () => {
    const { context, othersAsked } = countingContext();
    const read = () => context.rowUnlessChanged('row', async () => ({ id: 'row' }));
    await read();
    await read();
    expect(othersAsked()).toBe(2);

    await context.asOneRequest(async () => {
      await read();
      await read();
      await read();
    });
    expect(othersAsked()).toBe(3);
    // Another request starting in the same turn asks again: a commit made before it started must be seen.
    await context.asOneRequest(read);
    await read();
    expect(othersAsked()).toBe(4);

    await nextTurn();
    await read();
    await read();
    expect(othersAsked()).toBe(6);
  });
});

describe('StoreContext on SQLite: requests', () => {
  const directories: string[] = [];
  const stores: Store[] = [];
  const open = async (directory: string) => {
    const store = await openStore({ kind: 'sqlite', directory });
    stores.push(store);
    return store;
  };
  const directory = () => {
    const made = mkdtempSync(join(tmpdir(), 'quire-store-context-'));
    directories.push(made);
    return made;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const made of directories.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('a request started after another process committed sees the commit, in the same turn of the event loop', async () => {
    const data = directory();
    const one = await open(data);
    const two = await open(data);
    const user = await one.createUser({ displayName: 'Ada' });
    const { token, record } = await one.createApiToken({ userId: user.id, label: 'cli' });
    expect((await two.asOneRequest(() => two.lookupApiToken(token))).state).toBe('valid');
    expect(await one.deleteApiToken(record.id)).toBe(true);
    expect(await two.asOneRequest(() => two.lookupApiToken(token))).toEqual({ state: 'unknown' });
  });
});

describeOnEveryStore('store-context', (name: string, makeHarness: () => Promise<StoreHarness>) => {
  describe(`StoreContext on ${name}: transactions`, () => {
    it('a transaction still open when another one ends keeps its queries in itself', async () => {
      const harness = await makeHarness();
      const store = await harness.open({ now: () => new Date(), newId: sequentialIds('ctx') });
      try {
        let endFirst!: () => void;
        const firstMayEnd = new Promise<void>((resolve) => (endFirst = resolve));
        let firstInside!: () => void;
        const firstStarted = new Promise<void>((resolve) => (firstInside = resolve));
        let secondInside!: () => void;
        const secondStarted = new Promise<void>((resolve) => (secondInside = resolve));
        const first = store.transaction(async (inside) => {
          await inside.createUser({ displayName: 'Ada' });
          firstInside();
          await firstMayEnd;
        });
        const second = store.transaction(async (inside) => {
          const user = await inside.createUser({ displayName: 'Bob' });
          secondInside();
          await first;
          // Read through the outer store: inside this transaction, where the user is not committed yet. Had the
          // first's end switched transaction tracking off, this would read outside it (PostgreSQL: another
          // connection, which does not see the user; SQLite: wait for the open transaction forever).
          return store.getUser(user.id);
        });
        // On PostgreSQL both are open at once; SQLite's one connection runs the second after the first.
        await (harness.concurrentStores ? Promise.all([firstStarted, secondStarted]) : firstStarted);
        endFirst();
        expect((await second)?.displayName).toBe('Bob');
      } finally {
        await store.close();
        await harness.dispose();
      }
    });
  });
});
