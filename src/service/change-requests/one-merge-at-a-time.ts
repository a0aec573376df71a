import type { Store } from '../../store/index.ts';

/** The last merge queued for each space, per store: a merge starts when the one before it has settled. */
const lastMerges = new WeakMap<Store, Map<string, Promise<void>>>();

/**
 * Runs `merge` once every merge queued before it for `spaceId` on `store` (the same object) in this process has
 * settled, whether it succeeded or failed; answers what `merge` answers.
 *
 * Merges of one space race on its head by compare-and-set, and a merge that loses does all its work again on top
 * of the new head. When a merge takes longer than the pause between attempts (a large space, a busy database),
 * many merges at once all compute on the same head, one wins each round, and the last ones run out of attempts
 * (`STORE_CONFLICT`) although nothing conflicts. Queued, merges in one process never race each other; only
 * another process's merges (several processes on one PostgreSQL database) still race, and compare-and-set keeps
 * that safe. An idle space leaves nothing behind.
 *
 * @example
 * const outcome = await oneMergeAtATime(ctx.store, spaceId, () => retryWhileHeadsMove('merge ...', attempt));
 */
export function oneMergeAtATime<T>(store: Store, spaceId: string, merge: () => Promise<T>): Promise<T> {
  let spaces = lastMerges.get(store);
  if (spaces === undefined) {
    spaces = new Map();
    lastMerges.set(store, spaces);
  }
  const queue = spaces;
  const before = queue.get(spaceId) ?? Promise.resolve();
  const result = before.then(merge);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queue.set(spaceId, settled);
  void settled.then(() => {
    if (queue.get(spaceId) === settled) queue.delete(spaceId);
  });
  return result;
}
