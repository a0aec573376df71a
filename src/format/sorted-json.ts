/**
 * The JSON text of a value with object keys sorted, for comparing what two values mean when the order of their
 * keys does not matter (a stored revision keeps keys sorted; a file keeps them as written).
 *
 * @example
 * sortedJson({ type: 'x', props: {} }) === sortedJson({ props: {}, type: 'x' }) // → true
 */
export function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
