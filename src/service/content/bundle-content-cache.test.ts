import { describe, expect, it } from 'vitest';
import { BundleContentCache } from './bundle-content-cache.ts';

const bytes = (size: number, fill = 'x') => Buffer.alloc(size, fill);

describe('BundleContentCache', () => {
  it('gives back what it keeps, and nothing for a revision it does not keep', () => {
    const cache = new BundleContentCache(1000);
    cache.set('rev1', Buffer.from('"documents":{}'));
    expect(cache.get('rev1')?.toString()).toBe('"documents":{}');
    expect(cache.get('rev2')).toBeUndefined();
    expect(cache.bytes).toBe(14);
  });

  it('drops the least recently used past its size, counting what it keeps', () => {
    const cache = new BundleContentCache(1000);
    cache.set('a', bytes(200));
    cache.set('b', bytes(200));
    cache.set('c', bytes(200));
    cache.get('a'); // now b is the least recently used
    cache.set('d', bytes(200));
    cache.set('e', bytes(200));
    expect(cache.bytes).toBe(1000);
    cache.set('f', bytes(200));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.bytes).toBe(1000);
  });

  it('replaces a revision kept twice without counting it twice', () => {
    const cache = new BundleContentCache(1000);
    cache.set('a', bytes(100));
    cache.set('a', bytes(150, 'y'));
    expect(cache.bytes).toBe(150);
    expect(cache.get('a')?.toString()).toBe('y'.repeat(150));
  });

  it('does not keep content over a quarter of its size, which would push out the rest', () => {
    const cache = new BundleContentCache(1000);
    cache.set('small', bytes(100));
    cache.set('large', bytes(251));
    expect(cache.get('large')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
  });
});
