import { describe, expect, it } from 'vitest';
import { buildChunkedList, buildChunkedListAfter, expandList, levelZeroChunks, maxInline, type ListChunkObject, type ListEntry } from './chunked-list.ts';
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

  it('builds after the whole stored chunks of a list head what it builds from every element', () => {
    // A stored list, a head of it kept (its whole chunks but the last taken as they are, the rest as entries)
    // and new elements after it: the same list as building from all the elements, for lengths and heads of
    // every kind (heads inside the first chunk, across many, up to the whole list).
    let seed = 11;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let round = 0; round < 40; round++) {
      const length = maxInline + 1 + Math.floor(random() * 6000);
      const keys = Array.from({ length }, (_, index) => `r${round}-${index}`);
      const base = build(keys);
      const chunks = levelZeroChunks(base.ref, (hash) => base.chunks.get(hash));
      expect(chunks!.reduce((sum, chunk) => sum + chunk.size, 0)).toBe(length);
      const head = Math.floor(random() * (length + 1));
      const added = Array.from({ length: Math.floor(random() * 300) }, (_, index) => `r${round}-new-${index}`);
      const all = [...keys.slice(0, head), ...added];
      if (all.length <= maxInline) continue;
      const leading: ListEntry[] = [];
      let start = 0;
      for (const chunk of chunks!.slice(0, -1)) {
        if (start + chunk.size > head) break;
        leading.push({ hash: chunk.hash, key: keys[start]! });
        start += chunk.size;
      }
      const rest = all.slice(start).map((key) => ({ key, hash: sha256Hex(key) }));
      const emitted = new Map<string, ListChunkObject>(base.chunks);
      const after = buildChunkedListAfter(leading, rest, (chunk) => {
        const hash = sha256Hex(JSON.stringify(chunk));
        emitted.set(hash, chunk);
        return hash;
      });
      expect(after, `round ${round}: ${length} elements, head ${head}, ${added.length} added`).toEqual(build(all).ref);
      expect(expandList(after, (hash) => emitted.get(hash)!)).toEqual(all.map((key) => sha256Hex(key)));
    }
  });
});
