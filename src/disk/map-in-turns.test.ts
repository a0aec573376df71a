import { describe, expect, it } from 'vitest';
import { mapInTurns } from './map-in-turns.ts';

describe('mapInTurns', () => {
  it('maps every item in order, with its index, like Array.prototype.map', async () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(await mapInTurns(items, (item, index) => `${index}:${item}`, 0)).toEqual(['0:a', '1:b', '2:c', '3:d']);
    expect(await mapInTurns([], () => 1)).toEqual([]);
  });

  it('lets work scheduled on the event loop run between its slices', async () => {
    const seen: string[] = [];
    setImmediate(() => seen.push('other request'));
    // A zero-length slice: a turn is given after every item.
    await mapInTurns([1, 2, 3], (item) => seen.push(`item ${item}`), 0);
    expect(seen).toEqual(['item 1', 'other request', 'item 2', 'item 3']);
  });

  it('gives no turn while its slice lasts', async () => {
    const seen: string[] = [];
    setImmediate(() => seen.push('other request'));
    await mapInTurns([1, 2, 3], (item) => seen.push(`item ${item}`), 60_000);
    expect(seen).toEqual(['item 1', 'item 2', 'item 3']);
  });
});
