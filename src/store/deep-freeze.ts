/**
 * Freezes a JSON value and everything in it, so content shared between cached objects and every revision
 * read from them cannot be changed by one reader behind the others' backs.
 *
 * @example
 * const page = deepFreeze(JSON.parse(body));
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
}
