import { describe, expect, it } from 'vitest';
import type { ContentChange } from '../client/index.ts';
import { batchChanges } from './change-batches.ts';
import type { PlannedChange } from './planned-change.ts';

const planned = (id: string, extra: Partial<PlannedChange> = {}): PlannedChange => ({
  change: { operation: 'delete_page', page: id } as ContentChange,
  creates: [],
  needs: [],
  items: [],
  weight: 1,
  ...extra,
});

describe('batchChanges', () => {
  it('cuts at 50 changes', () => {
    const batches = batchChanges(Array.from({ length: 120 }, (_, index) => planned(`p${index}`)));
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
  });

  it('never puts a change in the batch that creates what it names', () => {
    const batches = batchChanges([planned('a', { creates: ['@quire-page-1'] }), planned('b'), planned('c', { needs: ['@quire-page-1'] }), planned('d')]);
    expect(batches.map((batch) => batch.map((item) => (item.change as { page: string }).page))).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('cuts by weight, and leaves out planned failures', () => {
    const batches = batchChanges([planned('a', { weight: 8 }), planned('b', { weight: 8 }), { ...planned('x'), change: undefined as unknown as ContentChange }], { maxChanges: 50, maxWeight: 10 });
    expect(batches.map((batch) => batch.length)).toEqual([1, 1]);
  });
});
