import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BlobFolder } from './blobs/blob-folder.ts';
import type { ObjectStore } from './blobs/object-store.ts';
import type { Database } from './database-schema.ts';
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
