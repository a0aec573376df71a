import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import type { Store } from '../../store/index.ts';
import { placeInLevel, rekeySiblings, type ContentPosition } from './content-position.ts';
import { openTestStore } from '../test-store.fixture.ts';

let store: Store;
let dispose: () => Promise<void>;
beforeAll(async () => ({ store, dispose } = await openTestStore()));
afterAll(() => dispose?.()); // unset when beforeAll failed

/** Moves space `id` to `position` at the top level, as the service does. */
async function move(organizationId: string, id: string, position: ContentPosition): Promise<void> {
  const placement = await placeInLevel(store, { organizationId, parentId: null }, { kind: 'space', id }, position);
  await store.transaction(async (tx) => {
    await rekeySiblings(tx, placement);
    await tx.updateSpace(id, { position: placement.position });
  });
}

/** The level's items in order (collections before spaces on equal keys), by title. */
async function order(organizationId: string): Promise<string[]> {
  const collections = (await store.listCollections({ organizationId, parentId: null }, { limit: 1000 })).items.map((item) => ({ ...item, kind: 0 }));
  const spaces = (await store.listSpaces({ organizationId, parentId: null }, { limit: 1000 })).items.map((item) => ({ ...item, kind: 1 }));
  return [...collections, ...spaces].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.kind - b.kind)).map((item) => item.title);
}

describe('placeInLevel', () => {
  it('places before, after and between siblings of both kinds, even when their keys tie', async () => {
    const { id: organizationId } = await store.createOrganization({ title: 'Org' });
    // Each table appends on its own: collection A and space X share the key a0, B and Y a1.
    const a = await store.createCollection({ organizationId, title: 'A' });
    await store.createCollection({ organizationId, title: 'B' });
    const x = await store.createSpace({ organizationId, title: 'X' });
    const y = await store.createSpace({ organizationId, title: 'Y' });
    const z = await store.createSpace({ organizationId, title: 'Z' });
    expect(await order(organizationId)).toEqual(['A', 'X', 'B', 'Y', 'Z']);

    await move(organizationId, z.id, { before: { type: 'collection', collection: a.id } });
    expect(await order(organizationId)).toEqual(['Z', 'A', 'X', 'B', 'Y']);

    await move(organizationId, z.id, { after: { type: 'collection', collection: a.id } });
    expect(await order(organizationId)).toEqual(['A', 'Z', 'X', 'B', 'Y']);

    await move(organizationId, z.id, { after: { type: 'space', space: x.id }, before: { type: 'space', space: y.id } });
    expect(await order(organizationId)).toEqual(['A', 'X', 'Z', 'B', 'Y']);

    await move(organizationId, z.id, { before: { type: 'space', space: y.id } });
    expect(await order(organizationId)).toEqual(['A', 'X', 'B', 'Z', 'Y']);

    await move(organizationId, z.id, {});
    expect((await order(organizationId)).at(-1)).toBe('Z');
  });

  it('refuses a sibling that is not in the level, and after/before in the wrong order', async () => {
    const { id: organizationId } = await store.createOrganization({ title: 'Org 2' });
    const first = await store.createSpace({ organizationId, title: 'First' });
    const second = await store.createSpace({ organizationId, title: 'Second' });
    const self = { kind: 'space' as const, id: 'moving' };
    await expect(placeInLevel(store, { organizationId, parentId: null }, self, { before: { type: 'space', space: 'elsewhere' } })).rejects.toSatisfy(
      (error) => isQuireError(error, 'INVALID_ARGUMENT') && error.data.field === 'position.before',
    );
    await expect(
      placeInLevel(store, { organizationId, parentId: null }, self, { after: { type: 'space', space: second.id }, before: { type: 'space', space: first.id } }),
    ).rejects.toSatisfy((error) => isQuireError(error, 'INVALID_ARGUMENT'));
  });
});
