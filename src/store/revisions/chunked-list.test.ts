import { describe, expect, it } from 'vitest';
import { buildChunkedList, expandList, maxInline, type ListChunkObject } from './chunked-list.ts';
import { sha256Hex } from '../blobs/content-hash.ts';

function build(keys: string[]) {
  const chunks = new Map<string, ListChunkObject>();
  const ref = buildChunkedList(
    keys.map((key) => ({ key, hash: sha256Hex(key) })),
    (chunk) => {
      const hash = sha256Hex(JSON.stringify(chunk));
      chunks.set(hash, chunk);
      return hash;
    },
  );
  return { ref, chunks };
}

describe('buildChunkedList', () => {
  it('keeps short lists inline and gives back every element in order', () => {
    const small = build(['a', 'b', 'c']);
    expect(small.ref).toEqual({ l: 0, i: ['a', 'b', 'c'].map((key) => sha256Hex(key)) });
    expect(small.chunks.size).toBe(0);
    const keys = Array.from({ length: 10_000 }, (_, index) => `page-${index}`);
    const big = build(keys);
    expect(big.ref.i.length).toBeLessThanOrEqual(maxInline);
    expect(expandList(big.ref, (hash) => big.chunks.get(hash)!)).toEqual(keys.map((key) => sha256Hex(key)));
  });

  it('changes only the chunks around an inserted element', () => {
    const keys = Array.from({ length: 10_000 }, (_, index) => `page-${index}`);
    const before = build(keys);
    const after = build([...keys.slice(0, 5000), 'inserted', ...keys.slice(5000)]);
    const fresh = [...after.chunks.keys()].filter((hash) => !before.chunks.has(hash));
    expect(fresh.length).toBeLessThanOrEqual(4);
  });
});
