import { QuireError } from '../errors/index.ts';

/**
 * The one JSON text of a value that content addressing hashes: object keys sorted by code unit, no
 * whitespace, `undefined` members left out (as `JSON.stringify` does). Two values that are equal as JSON give
 * the same text, so they get the same hash and are stored once.
 *
 * Throws `INVALID_ARGUMENT` for what JSON cannot hold faithfully (a non-finite number, a bigint, a function,
 * a byte array): storing it would silently change it.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, null] }) // → '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  const out = write(value);
  if (out === undefined) throw invalidAt(value, '$');
  return out;
}

// Hot path (one call per page of a revision): no path bookkeeping; `invalidAt` finds the path on failure.
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : undefined;
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let text = '[';
        for (let index = 0; index < value.length; index++) {
          const item: unknown = value[index];
          const written = item === undefined ? 'null' : write(item);
          if (written === undefined) return undefined;
          text += index === 0 ? written : `,${written}`;
        }
        return `${text}]`;
      }
      if (!isPlainObject(value)) return undefined;
      const keys = Object.keys(value).sort();
      let text = '{';
      let first = true;
      for (const key of keys) {
        const member = (value as Record<string, unknown>)[key];
        if (member === undefined) continue;
        const written = write(member);
        if (written === undefined) return undefined;
        text += `${first ? '' : ','}${JSON.stringify(key)}:${written}`;
        first = false;
      }
      return `${text}}`;
    }
    default:
      return undefined;
  }
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function invalidAt(value: unknown, path: string): QuireError {
  const problem = (at: string, what: string) => new QuireError('INVALID_ARGUMENT', `${at} is ${what}, which JSON cannot store as it is`, { path: at });
  const find = (current: unknown, at: string): QuireError | undefined => {
    if (typeof current === 'number' && !Number.isFinite(current)) return problem(at, String(current));
    if (typeof current === 'bigint' || typeof current === 'function' || typeof current === 'symbol') return problem(at, `a ${typeof current}`);
    if (typeof current !== 'object' || current === null) return undefined;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const found = find(current[index], `${at}[${index}]`);
        if (found) return found;
      }
      return undefined;
    }
    if (!isPlainObject(current)) return problem(at, `a ${current.constructor?.name ?? 'non-plain object'}`);
    for (const [key, member] of Object.entries(current)) {
      const found = find(member, `${at}.${key}`);
      if (found) return found;
    }
    return undefined;
  };
  return find(value, path) ?? problem(path, 'not plain JSON');
}
