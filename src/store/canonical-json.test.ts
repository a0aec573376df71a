import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/index.ts';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: true, e: null }], c: undefined } })).toBe('{"a":{"d":[1,{"e":null,"f":true}]},"b":1}');
    expect(canonicalJson({ x: 'é"\n' })).toBe(JSON.stringify({ x: 'é"\n' }));
  });

  it('refuses what JSON cannot keep, naming where it is', () => {
    for (const [value, path] of [[{ a: [1, Number.NaN] }, '$.a[1]'], [{ when: new Date(0) }, '$.when'], [{ bytes: new Uint8Array(1) }, '$.bytes']] as const) {
      let error: unknown;
      try {
        canonicalJson(value);
      } catch (caught) {
        error = caught;
      }
      expect(isQuireError(error, 'INVALID_ARGUMENT')).toBe(true);
      expect((error as { data: { path: string } }).data.path).toBe(path);
    }
  });
});
