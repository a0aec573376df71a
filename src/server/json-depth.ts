/** Path segments of a too-deep field named in full before the rest is elided: enough to say which field it is. */
const namedSegments = 6;

/**
 * The first place where `value` (a parsed JSON body) nests deeper than `maxDepth` objects and arrays (the value
 * itself is level 1), as the path of the field that holds the too-deep value (`body/schema/properties/a/…`), or
 * undefined. Iterative, and it stops at the first value past the limit, so a 5,000-level body costs no more to
 * refuse than a 65-level one.
 *
 * @example
 * tooDeepField({ a: { a: { a: 1 } } }, 'body', 2) // → 'body/a/a'
 * tooDeepField({ a: [1, 2] }, 'body', 2) // → undefined
 */
export function tooDeepField(value: unknown, root: string, maxDepth: number): string | undefined {
  const pending: Array<{ value: unknown; depth: number; path: readonly string[] }> = [{ value, depth: 1, path: [root] }];
  while (pending.length > 0) {
    const { value: current, depth, path } = pending.pop()!;
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (depth > maxDepth) return describePath(path);
    // Only the first segments are kept: a path 5,000 segments long would cost n² to build.
    const child = (key: string) => (path.length <= namedSegments ? [...path, key] : path);
    if (Array.isArray(current)) for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], depth: depth + 1, path: child(String(index)) });
    else for (const [key, entry] of Object.entries(current).reverse()) pending.push({ value: entry, depth: depth + 1, path: child(key) });
  }
  return undefined;
}

function describePath(path: readonly string[]): string {
  return path.length <= namedSegments ? path.join('/') : `${path.slice(0, namedSegments).join('/')}/…`;
}
