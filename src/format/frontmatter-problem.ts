/**
 * A frontmatter value the reader could not take into the page's metadata. Every one is a warning: the key's text
 * is kept byte for byte and the page is imported (FORMAT.md, "Page files": content the hosted exporter writes is
 * never an error). Only frontmatter that is not YAML at all is an error, and it is not a `FrontmatterProblem`.
 */
export interface FrontmatterProblem {
  /** The key concerned, dotted when nested: `hidden`, `cover.dark`, `layout.cover.size`, `tags`. */
  key: string;
  /**
   * `not-understood`: a value of the wrong type or outside the published enum;
   * `missing-target`: a path that names no file or page of the directory (a cover image never committed).
   */
  kind: 'not-understood' | 'missing-target';
  message: string;
}

/**
 * How a value is named in a message: its type, and the value itself when it is short.
 *
 * @example
 * describeValue(['a']) // → 'a list'
 * describeValue(3) // → 'number 3'
 */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'a map' : `${typeof value} ${JSON.stringify(value)}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
