import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diff3 } from './diff3.ts';
import { mergeOrder } from './merge-order.ts';
import { mergeText } from './merge-text.ts';
import { matchSequences } from './sequence-diff.ts';

const text = (...lines: string[]) => lines.map((line) => `${line}\n`).join('');

describe('mergeText', () => {
  it.each([
    ['changes far apart', text('a', 'b', 'c', 'd', 'e'), text('A', 'b', 'c', 'd', 'e'), text('a', 'b', 'c', 'd', 'E'), text('A', 'b', 'c', 'd', 'E')],
    ['an insertion and a deletion elsewhere', text('a', 'b', 'c', 'd'), text('a', 'new', 'b', 'c', 'd'), text('a', 'b', 'c'), text('a', 'new', 'b', 'c')],
    ['the same change on both sides', text('a', 'b'), text('a', 'B'), text('a', 'B'), text('a', 'B')],
    ['one side unchanged', text('a'), text('a'), text('b'), text('b')],
    ['a last line without a line break', 'a\nb\nc', 'A\nb\nc', 'a\nb\nC', 'A\nb\nC'],
    ['CRLF line endings kept', 'a\r\nb\r\nc\r\n', 'A\r\nb\r\nc\r\n', 'a\r\nb\r\nC\r\n', 'A\r\nb\r\nC\r\n'],
    ['empty base, one side writes', '', text('new'), '', text('new')],
  ])('merges %s', (_name, base, ours, theirs, merged) => {
    expect(mergeText(base, ours, theirs)).toBe(merged);
    expect(mergeText(base, theirs, ours)).toBe(merged);
  });

  it.each([
    ['the same line', text('a', 'b', 'c'), text('a', 'B1', 'c'), text('a', 'B2', 'c')],
    ['adjacent lines (as Git does)', text('a', 'b', 'c'), text('A', 'b', 'c'), text('a', 'B', 'c')],
    ['two insertions at the same place', text('a', 'b'), text('a', 'x', 'b'), text('a', 'y', 'b')],
    ['an edit of a line the other side deleted', text('a', 'b', 'c'), text('a', 'B', 'c'), text('a', 'c')],
  ])('conflicts on %s', (_name, base, ours, theirs) => {
    expect(mergeText(base, ours, theirs)).toBeUndefined();
  });

  it('is symmetric, and merging with the base gives the other side', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 8 }).map((items) => items.map((line) => `${line}\n`).join(''));
    fc.assert(
      fc.property(lines, lines, lines, (base, ours, theirs) => {
        expect(mergeText(base, ours, theirs)).toBe(mergeText(base, theirs, ours));
        expect(mergeText(base, ours, base)).toBe(ours);
        expect(mergeText(base, base, theirs)).toBe(theirs);
      }),
    );
  });
});

describe('diff3', () => {
  it('splits into stable and changed regions', () => {
    expect(diff3(['a', 'b', 'c'], ['A', 'b', 'c'], ['a', 'b', 'C'])).toEqual([
      { kind: 'changed', base: ['a'], ours: ['A'], theirs: ['a'] },
      { kind: 'stable', items: ['b'] },
      { kind: 'changed', base: ['c'], ours: ['c'], theirs: ['C'] },
    ]);
  });
});

describe('matchSequences', () => {
  /** Length of the longest common subsequence, by dynamic programming. */
  const lcsLength = (a: string[], b: string[]) => {
    const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    return table[a.length]![b.length]!;
  };

  it('finds a longest common subsequence, as increasing matches of equal items', () => {
    const sequence = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 14 });
    fc.assert(
      fc.property(sequence, sequence, (a, b) => {
        const matches = [...matchSequences(a, b)];
        const pairs = matches.flatMap((j, i) => (j === -1 ? [] : [[i, j] as const]));
        expect(pairs.length).toBe(lcsLength(a, b));
        for (const [i, j] of pairs) expect(a[i]).toBe(b[j]);
        for (let k = 1; k < pairs.length; k++) expect(pairs[k]![1]).toBeGreaterThan(pairs[k - 1]![1]);
      }),
    );
  });

  it('leaves the middle unmatched past the edit limit', () => {
    expect([...matchSequences(['x', 'a', 'b', 'y'], ['x', 'b', 'a', 'y'], 1)]).toEqual([0, -1, -1, 3]);
  });
});

describe('mergeOrder', () => {
  it.each([
    ['a reorder and an insertion elsewhere', ['a', 'b', 'c'], ['b', 'a', 'c'], ['a', 'b', 'c', 'd'], ['b', 'a', 'c', 'd']],
    ['a move to the end and an insertion at the end', ['a', 'b', 'c'], ['b', 'c', 'a'], ['a', 'b', 'c', 'd'], ['b', 'c', 'a', 'd']],
    ['insertions at one place, in a fixed order', ['a'], ['a', 'y'], ['a', 'x'], ['a', 'x', 'y']],
  ])('merges %s', (_name, base, ours, theirs, merged) => {
    expect(mergeOrder(base, ours, theirs)).toEqual(merged);
    expect(mergeOrder(base, theirs, ours)).toEqual(merged);
  });

  it.each([
    ['reorders that overlap', ['a', 'b', 'c'], ['b', 'a', 'c'], ['a', 'c', 'b']],
    ['one page moved to two places', ['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'], ['a', 'b', 'd', 'c']],
  ])('refuses %s', (_name, base, ours, theirs) => {
    expect(mergeOrder(base, ours, theirs)).toBeUndefined();
  });
});
