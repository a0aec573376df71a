import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import { isPositionKey, positionBetween } from './position-key.ts';

describe('positionBetween', () => {
  it('keeps keys short when appending thousands of items, and in order', () => {
    const keys: string[] = [];
    let last: string | undefined;
    for (let index = 0; index < 5000; index++) keys.push((last = positionBetween(last)));
    expect([...keys].sort()).toEqual(keys);
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(4);
  });

  it('makes a key between any two, before the first and after the last', () => {
    const keys = ['a0', 'a1'];
    for (let round = 0; round < 200; round++) {
      const at = round % (keys.length - 1);
      keys.splice(at + 1, 0, positionBetween(keys[at], keys[at + 1]));
      keys.unshift(positionBetween(undefined, keys[0]));
    }
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every(isPositionKey)).toBe(true);
  });

  it('refuses keys out of order or malformed', () => {
    for (const [a, b] of [['a1', 'a0'], ['a0', 'a0'], ['b0', undefined], ['', undefined], ['a0!', undefined], ['a10', undefined]] as const) {
      let error: unknown;
      try {
        positionBetween(a, b);
      } catch (caught) {
        error = caught;
      }
      expect(isQuireError(error, 'INVALID_ARGUMENT'), `${a} ${b}`).toBe(true);
    }
  });
});
