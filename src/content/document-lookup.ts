/**
 * Page and reusable-content bodies by document id, fetched when an operation needs them (the service passes
 * `(ids) => store.getDocuments(ids)`; the bodies are not part of a snapshot). Ids it does not know are absent
 * from the answer.
 */
export type DocumentLookup = (documentIds: readonly string[]) => ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>>;

/**
 * A lookup over bodies already in memory.
 *
 * @example
 * const documents = documentsFrom({ [documentIdOf('Hello\n')]: 'Hello\n' });
 */
export function documentsFrom(bodies: ReadonlyMap<string, string> | Readonly<Record<string, string>>): DocumentLookup {
  const map: ReadonlyMap<string, string> = bodies instanceof Map ? bodies : new Map(Object.entries(bodies));
  return (ids) => new Map(ids.flatMap((id) => (map.has(id) ? [[id, map.get(id)!] as const] : [])));
}

/**
 * The bodies of `ids` (deduplicated, in one call to the lookup), as a plain record.
 *
 * @example
 * await fetchDocuments(lookup, ['d1', 'd1', 'd2']) // → { d1: '...', d2: '...' }
 */
export async function fetchDocuments(lookup: DocumentLookup, ids: Iterable<string>): Promise<Record<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return {};
  const found = await lookup(wanted);
  const bodies: Record<string, string> = {};
  for (const id of wanted) {
    const body = found.get(id);
    if (body !== undefined) bodies[id] = body;
  }
  return bodies;
}
