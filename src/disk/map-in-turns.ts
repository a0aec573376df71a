/** Work done between two turns given to the event loop, in milliseconds. */
export const defaultTurnMs = 10;

/**
 * Maps `items` with `fn` like `Array.prototype.map`, but gives the event loop a turn (`setImmediate`) each time
 * `turnMs` of work has gone by: a long pass over a whole space (the search index of 10,000 pages is seconds of
 * CPU) then lets the requests that arrive meanwhile be answered between its slices, instead of after it.
 *
 * @example
 * const sections = await mapInTurns(pages, (page) => searchSections(page.markdown));
 */
export async function mapInTurns<T, R>(items: readonly T[], fn: (item: T, index: number) => R, turnMs = defaultTurnMs): Promise<R[]> {
  const results: R[] = [];
  let sliceStarted = performance.now();
  for (let index = 0; index < items.length; index++) {
    results.push(fn(items[index]!, index));
    if (performance.now() - sliceStarted >= turnMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  return results;
}
