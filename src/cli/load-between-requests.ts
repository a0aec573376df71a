/** What tells when a client's requests are all written (`ApiClient.requestsWritten`). */
export interface WrittenRequests {
  requestsWritten(): Promise<void>;
}

/**
 * Loads code while a client waits for answers, without getting in its way: each of `parts` in a turn of the event
 * loop of its own, once every request `client` has made is written, then `whole`, whose value it resolves to. An
 * answer that arrives meanwhile waits for one part at most, and a request on a new connection, which is written
 * only once it connects, is never held back by a part: loading is synchronous, and holds the thread while it runs.
 *
 * @example
 * const renderer = loadBetweenRequests(client, [() => import('markdown-it')], () => import('../export/index.ts'));
 * const site = await fetchExportSite(client, location); // the parts load between its requests and answers
 * const { exportSite } = await renderer;
 */
export async function loadBetweenRequests<T>(client: WrittenRequests, parts: ReadonlyArray<() => Promise<unknown>>, whole: () => Promise<T>): Promise<T> {
  for (const part of parts) await loadInTurn(client, part);
  return loadInTurn(client, whole);
}

/** Runs `load` in a turn of the event loop of its own, once every request of `client` is written. */
async function loadInTurn<T>(client: WrittenRequests, load: () => Promise<T>): Promise<T> {
  await new Promise((resolve) => setImmediate(resolve));
  await client.requestsWritten();
  return load();
}
