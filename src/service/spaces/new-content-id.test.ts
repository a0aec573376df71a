import { describe, expect, it } from 'vitest';
import { newContentId } from './new-content-id.ts';

describe('newContentId', () => {
  it('makes 20 base62 characters, different each time, across refills of its random bytes', () => {
    // 5,000 ids use about 100,000 random bytes: the 4 KiB pool is refilled many times over.
    const ids = Array.from({ length: 5000 }, () => newContentId());
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every character of the alphabet, about equally often', () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 5000; index++) for (const character of newContentId()) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 100,000 characters over 62: about 1,613 each; a fair draw stays well within ±25%.
    for (const count of counts.values()) expect(Math.abs(count - 100_000 / 62)).toBeLessThan(0.25 * (100_000 / 62));
  });
});
