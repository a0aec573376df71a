/**
 * Parses a JSON text column, or gives undefined for null.
 *
 * @example
 * parseJsonColumn<string[]>('["a"]') // → ['a']
 */
export function parseJsonColumn<T>(text: string | null): T | undefined {
  return text === null ? undefined : (JSON.parse(text) as T);
}

/**
 * Serialises a value for a JSON text column; undefined and null become SQL NULL.
 *
 * @example
 * jsonColumn({ oid: 'abc' }) // → '{"oid":"abc"}'
 */
export function jsonColumn(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
