import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  const keys = (cache: LruCache<string>, all: string[]) => all.filter((key) => cache.has(key));

  it('evicts the least recently used first, a get counting as a use', () => {
    const cache = new LruCache<string>(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 1);
    expect(cache.get('a')).toBe('a');
    cache.set('d', 'd', 1); // b is the oldest now
    expect(keys(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
  });

  it('keeps the order right when the most recent entry is read again, or taken and set anew', () => {
    const cache = new LruCache<string>(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 1);
    cache.get('c');
    cache.get('c');
    cache.get('a'); // order: b, c, a
    cache.set('d', 'd', 1); // drops b
    expect(keys(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    expect(cache.take('d')).toBe('d'); // order: c, a
    cache.get('c'); // order: a, c
    cache.set('e', 'e', 1);
    cache.set('f', 'f', 1); // drops a
    expect(keys(cache, ['a', 'c', 'e', 'f'])).toEqual(['c', 'e', 'f']);
  });
});

describe('LruCache bounds', () => {
  it('holds at most maxSize, replacing an entry set twice, and never holds an entry larger than the bound', () => {
    const cache = new LruCache<string>(10);
    cache.set('a', 'a', 4);
    cache.set('b', 'b', 4);
    cache.set('a', 'a2', 5); // replaces a (now the newest): 9
    expect(cache.size).toBe(9);
    cache.set('c', 'c', 3); // 12 > 10: drops b, the oldest
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    expect(cache.get('a')).toBe('a2');
    cache.set('huge', 'x', 11);
    expect(cache.has('huge')).toBe(false);
    cache.clear();
    expect(cache.size).toBe(0);
    cache.set('d', 'd', 10);
    expect(cache.get('d')).toBe('d');
  });
});
