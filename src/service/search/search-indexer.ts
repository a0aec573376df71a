import { refreshSearchIndex } from './search.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * Brings search indexes to their space's head in the background, after the answer to what moved the head (a merge,
 * a new or duplicated space) has left: the answer does not wait for the index. A space is refreshed by one task at
 * a time; a head that moves again meanwhile is refreshed once more after it. A refresh that fails, or one a
 * stopped process never ran, is healed by the next search of the space (which refreshes a lagging index first).
 *
 * @example
 * const indexer = createSearchIndexer({ store });
 * indexer.schedule(spaceId);
 * await indexer.close(); // waits for the refreshes in flight
 */
export interface SearchIndexer {
  /** Refreshes `spaceId`'s index soon. */
  schedule(spaceId: string): void;
  /** Resolves once every scheduled refresh has run. */
  idle(): Promise<void>;
  /** Takes no more work and waits for the refreshes in flight. */
  close(): Promise<void>;
}

export function createSearchIndexer(ctx: Pick<ServiceContext, 'store'>): SearchIndexer {
  /** Spaces being refreshed, with whether another refresh is due after this one. */
  const running = new Map<string, { again: boolean; done: Promise<void> }>();
  let closed = false;

  const run = (spaceId: string): Promise<void> => {
    const done = (async () => {
      for (;;) {
        await refreshSearchIndex(ctx, spaceId).catch(() => undefined);
        const entry = running.get(spaceId)!;
        if (!entry.again || closed) break;
        entry.again = false;
      }
      running.delete(spaceId);
    })();
    return done;
  };

  return {
    schedule(spaceId) {
      if (closed) return;
      const entry = running.get(spaceId);
      if (entry !== undefined) {
        entry.again = true;
        return;
      }
      const placeholder = { again: false, done: Promise.resolve() };
      running.set(spaceId, placeholder);
      placeholder.done = run(spaceId);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()].map((entry) => entry.done));
    },
    async close() {
      closed = true;
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}
