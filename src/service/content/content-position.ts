import { QuireError } from '../../errors/index.ts';
import { positionBetween, type Store } from '../../store/index.ts';
import { readAllPages } from './read-all-pages.ts';

/** Names a sibling: `SpacePointer` or `CollectionPointer` of the published spec. */
export type ContentPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** `ContentPosition`: insert before one sibling, after one, or between the two. */
export interface ContentPosition {
  before?: ContentPointer;
  after?: ContentPointer;
}

/** One level of an organization's tree: its top level (parentId null) or the inside of a collection. */
export interface ContentLevel {
  organizationId: string;
  parentId: string | null;
}

interface Sibling {
  kind: 'space' | 'collection';
  id: string;
  position: string;
}

/** Where an item goes: its new key, and the siblings whose keys must change to make room (ties). */
export interface Placement {
  position: string;
  /** Siblings to give a new key, in the same transaction as the move. */
  rekey: { kind: 'space' | 'collection'; id: string; position: string }[];
}

/**
 * Where to put an item at `position` among the collections and spaces of `level` (both kinds share a level's
 * order): before one sibling, after one, right after `after` when both are given, or at the end. `self` is the
 * item being moved, left out of its siblings. Collections and spaces appended on their own can share a key;
 * when such a tie leaves no key at the insertion point, the tied siblings that come after it get new keys
 * (`rekey`). `INVALID_ARGUMENT` on `position.before` / `position.after` when they name something that is not
 * at that level, or when `after` does not come before `before`.
 *
 * @example
 * const placement = await placeInLevel(store, { organizationId, parentId: null }, { kind: 'space', id }, { before: { type: 'space', space: other } });
 * await store.transaction(async (tx) => { await rekeySiblings(tx, placement); await tx.updateSpace(id, { parentId: null, position: placement.position }); });
 */
export async function placeInLevel(store: Store, level: ContentLevel, self: { kind: 'space' | 'collection'; id: string }, position: ContentPosition): Promise<Placement> {
  const siblings = (await readLevel(store, level)).filter((sibling) => !(sibling.kind === self.kind && sibling.id === self.id));
  const find = (field: 'before' | 'after', pointer: ContentPointer): number => {
    const id = pointer.type === 'space' ? pointer.space : pointer.collection;
    const index = siblings.findIndex((sibling) => sibling.kind === pointer.type && sibling.id === id);
    if (index < 0) {
      const where = level.parentId === null ? `the top level of organization ${level.organizationId}` : `collection ${level.parentId}`;
      throw new QuireError('INVALID_ARGUMENT', `position.${field} names ${pointer.type} ${id}, which is not in ${where} (the destination)`, { field: `position.${field}` });
    }
    return index;
  };
  const beforeIndex = position.before === undefined ? undefined : find('before', position.before);
  const afterIndex = position.after === undefined ? undefined : find('after', position.after);
  if (beforeIndex !== undefined && afterIndex !== undefined && afterIndex >= beforeIndex) {
    throw new QuireError('INVALID_ARGUMENT', 'position.after must come before position.before in the destination', { field: 'position' });
  }
  // The item goes between siblings[at - 1] and siblings[at].
  const at = afterIndex !== undefined ? afterIndex + 1 : (beforeIndex ?? siblings.length);
  const low = siblings[at - 1]?.position ?? null;
  const high = siblings[at]?.position ?? null;
  if (low === null || high === null || low < high) return { position: positionBetween(low, high), rekey: [] };

  // A tie: siblings[at..] share the key of siblings[at - 1]. They move past the new item, before the next key.
  let end = at;
  while (end < siblings.length && siblings[end]!.position === low) end++;
  const next = siblings[end]?.position ?? null;
  const placed = positionBetween(low, next);
  const rekey: Placement['rekey'] = [];
  let previous = placed;
  for (const sibling of siblings.slice(at, end)) {
    previous = positionBetween(previous, next);
    rekey.push({ kind: sibling.kind, id: sibling.id, position: previous });
  }
  return { position: placed, rekey };
}

/**
 * Gives the tied siblings of a placement their new keys (in the transaction that moves the item).
 *
 * @example
 * await rekeySiblings(tx, placement);
 */
export async function rekeySiblings(store: Store, placement: Placement): Promise<void> {
  for (const sibling of placement.rekey) {
    if (sibling.kind === 'space') await store.updateSpace(sibling.id, { position: sibling.position });
    else await store.updateCollection(sibling.id, { position: sibling.position });
  }
}

async function readLevel(store: Store, level: ContentLevel): Promise<Sibling[]> {
  const filter = { organizationId: level.organizationId, parentId: level.parentId };
  const siblings: Sibling[] = [
    ...(await readAllPages((options) => store.listCollections(filter, options))).map((collection) => ({ kind: 'collection' as const, id: collection.id, position: collection.position })),
    ...(await readAllPages((options) => store.listSpaces(filter, options))).map((space) => ({ kind: 'space' as const, id: space.id, position: space.position })),
  ];
  // Collections before spaces on equal keys, then by id: a total order every reader agrees on.
  return siblings.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.kind !== b.kind ? (a.kind === 'collection' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
