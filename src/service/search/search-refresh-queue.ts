/**
 * Search index refreshes run after the answer instead of inside it: a merge moves the head, answers, and the
 * index follows right after (in the server). One refresh runs per space at a time; asked again while one runs,
 * it runs once more after it (the head may have moved meanwhile), however many times it was asked. A search
 * first waits for its space's refresh (`settled`), and heals what is still stale itself (search.ts), so a
 * search made after a merge finds the merged words, in this process or another.
 *
 * @example
 * const refreshes = createSearchRefreshQueue((spaceId) => refreshSearchIndex({ store }, spaceId));
 * refreshes.schedule(spaceId); // after a merge
 * await refreshes.settled(spaceId); // before a search
 */
export interface SearchRefreshQueue {
  /** Refreshes the space's index soon (after the current turn of the event loop); never throws. */
  schedule(spaceId: string): void;
  /** Resolves once no refresh of the space is waiting or running. */
  settled(spaceId: string): Promise<void>;
  /** Waits for every refresh under way; later `schedule` calls do nothing (the next search heals). */
  close(): Promise<void>;
}

interface SpaceRefresh {
  done: Promise<void>;
  /** Asked again while running: run once more. */
  again: boolean;
}

/** `refresh` brings one space's index to its head; its failures are swallowed (the next search heals the index). */
export function createSearchRefreshQueue(refresh: (spaceId: string) => Promise<unknown>): SearchRefreshQueue {
  const running = new Map<string, SpaceRefresh>();
  let closed = false;

  const run = async (spaceId: string, state: SpaceRefresh): Promise<void> => {
    // After the answer of the request that asked: that answer is written first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    do {
      state.again = false;
      await refresh(spaceId).catch(() => undefined);
    } while (state.again && !closed);
    running.delete(spaceId);
  };

  return {
    schedule(spaceId) {
      if (closed) return;
      const current = running.get(spaceId);
      if (current !== undefined) {
        current.again = true;
        return;
      }
      const state: SpaceRefresh = { done: Promise.resolve(), again: false };
      running.set(spaceId, state);
      state.done = run(spaceId, state);
    },
    async settled(spaceId) {
      await running.get(spaceId)?.done;
    },
    async close() {
      closed = true;
      await Promise.all([...running.values()].map((state) => state.done));
    },
  };
}
