import { setTimeout as sleep } from 'node:timers/promises';
import { QuireError } from '../../errors/index.ts';
import type { Store } from '../../store/index.ts';

/** How many times a write that lost a compare-and-set of a head is redone before giving up. */
export const maxHeadAttempts = 25;

/**
 * Thrown inside a store transaction when a compare-and-set of a space's or change request's head finds that
 * another writer moved it: the transaction rolls back and `retryWhileHeadsMove` starts again from the top.
 */
export class HeadMoved extends Error {
  override readonly name = 'HeadMoved';
}

/**
 * Runs `attempt` until it completes without losing a compare-and-set: each attempt reads the heads afresh,
 * computes, and writes; when a head moved meanwhile it throws `HeadMoved` (or returns undefined) and is redone
 * on top of the new head, after a short random pause so racing writers spread out. Concurrent writers
 * therefore never lose an update. After `maxHeadAttempts` rounds: `STORE_CONFLICT`.
 *
 * @example
 * const merged = await retryWhileHeadsMove(`merge change request ${id}`, async () => {
 *   const head = (await store.getSpace(spaceId)).revisionId;
 *   // ... compute next ...
 *   return (await store.setSpaceHead(spaceId, head, next)) ? next : undefined;
 * });
 */
export async function retryWhileHeadsMove<T>(action: string, attempt: (round: number) => Promise<T | undefined>): Promise<T> {
  for (let round = 0; round < maxHeadAttempts; round++) {
    if (round > 0) await sleep(Math.floor(Math.random() * Math.min(50, 2 * round + 1)));
    try {
      const result = await attempt(round);
      if (result !== undefined) return result;
    } catch (error) {
      if (!(error instanceof HeadMoved)) throw error;
    }
  }
  throw new QuireError('STORE_CONFLICT', `${action}: other writers kept moving the content for ${maxHeadAttempts} attempts; try again`, { attempts: maxHeadAttempts });
}

/**
 * Moves a head to `revisionId`, a revision this attempt just wrote, with `moveHead` (a compare-and-set); when
 * the head does not move (`moveHead` answers false or throws, `HeadMoved` included), the revision is discarded
 * (`store.discardRevision`), so that no list shows a revision no history reaches. Answers or throws what
 * `moveHead` did.
 *
 * @example
 * const moved = await moveHeadOrDiscard(store, next, () => store.setChangeRequestHead(id, head, next));
 */
export async function moveHeadOrDiscard(store: Store, revisionId: string, moveHead: () => Promise<boolean>): Promise<boolean> {
  let moved = false;
  try {
    moved = await moveHead();
    return moved;
  } finally {
    // A failed discard must not hide what happened to the head; `quire serve` sweeps what is left at its start.
    if (!moved) await store.discardRevision(revisionId).catch(() => false);
  }
}
