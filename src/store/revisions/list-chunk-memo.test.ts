import { describe, expect, it } from 'vitest';
import type { ListChunkObject } from './chunked-list.ts';
import { ListChunkMemo } from './list-chunk-memo.ts';
import type { EncodedContentObject } from './revision-encoding.ts';

const hash = (n: number): string => n.toString(16).padStart(64, '0');
const chunk = (level: number, items: number[]): ListChunkObject => ({ t: 'list', l: level, i: items.map(hash) });
const encoded = (name: string): EncodedContentObject => ({ hash: name, kind: 'list', body: name, refs: [], documents: [], blobs: [] });

describe('ListChunkMemo', () => {
  it('answers only for a chunk of the same level with exactly the same hashes', () => {
    const memo = new ListChunkMemo(16);
    memo.remember(chunk(0, [1, 2, 3, 4]), encoded('a'));
    expect(memo.recall(chunk(0, [1, 2, 3, 4]))?.hash).toBe('a');
    // Same first, last and length (the memo's key), one hash inside different: not the same chunk.
    expect(memo.recall(chunk(0, [1, 9, 3, 4]))).toBeUndefined();
    expect(memo.recall(chunk(1, [1, 2, 3, 4]))).toBeUndefined();
    expect(memo.recall(chunk(0, [1, 2, 4]))).toBeUndefined();
  });

  it('forgets the least recently used chunks past its size', () => {
    const memo = new ListChunkMemo(2);
    memo.remember(chunk(0, [1]), encoded('one'));
    memo.remember(chunk(0, [2]), encoded('two'));
    expect(memo.recall(chunk(0, [1]))?.hash).toBe('one');
    memo.remember(chunk(0, [3]), encoded('three'));
    expect(memo.recall(chunk(0, [2]))).toBeUndefined();
    expect(memo.recall(chunk(0, [1]))?.hash).toBe('one');
  });
});
