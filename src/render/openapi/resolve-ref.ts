import type { OpenAPIDocument } from './document.ts';

/** A value of the document with its `$ref` followed: the value, the component's name, or the cycle it closes. */
export interface Resolved<T> {
  value: T | undefined;
  /** The last segment of the `$ref` followed (`Pet` for `#/components/schemas/Pet`). */
  name?: string;
  /** Set when following the `$ref` would re-enter a component already open on the current path. */
  circular?: string;
  /** `$ref`s open on the path, to pass to the next resolution below this value. */
  path: readonly string[];
}

/** Hops of `$ref` to `$ref` followed before giving up (`A` → `B` → … with no value): a broken chain, not a cycle. */
const maxHops = 32;

/**
 * Follows a value's internal `$ref` (`#/…`, JSON Pointer with `~0`/`~1` escapes) lazily, as the renderer walks
 * the document. `path` holds the `$ref`s already open above this value: meeting one again is a cycle, reported in
 * `circular` instead of followed. External or unknown `$ref`s resolve to `undefined`.
 *
 * @example
 * resolveRef(document, { $ref: '#/components/schemas/Pet' }, []) // → { value: {...}, name: 'Pet', path: ['#/components/schemas/Pet'] }
 */
export function resolveRef<T>(document: OpenAPIDocument, value: T | { $ref: string } | undefined, path: readonly string[]): Resolved<T> {
  let current: unknown = value;
  let name: string | undefined;
  let open = path;
  for (let hop = 0; hop < maxHops && isRef(current); hop++) {
    const ref = current.$ref;
    name = refName(ref);
    if (open.includes(ref)) return { value: undefined, name, circular: name, path: open };
    open = [...open, ref];
    current = pointer(document, ref);
  }
  if (isRef(current)) return { value: undefined, ...(name ? { name } : {}), path: open };
  return { value: current as T | undefined, ...(name ? { name } : {}), path: open };
}

export function isRef(value: unknown): value is { $ref: string } {
  return typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';
}

/** `Pet` for `#/components/schemas/Pet`. */
export function refName(ref: string): string {
  return unescapeSegment(ref.split('/').at(-1) ?? ref);
}

function pointer(document: OpenAPIDocument, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let current: unknown = document;
  for (const segment of ref.slice(1).split('/').slice(1)) {
    if (typeof current !== 'object' || current === null) return undefined;
    const key = unescapeSegment(decodeURIComponent(segment));
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
