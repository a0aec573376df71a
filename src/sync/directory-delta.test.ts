import { describe, expect, it } from 'vitest';
import { applyDelta, composeDeltas, deltaBetween, deltaFromRevisionDirectory, sameBytes } from './directory-delta.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('directory deltas', () => {
  it('compares, applies and composes', () => {
    const from = new Map([['a', bytes('1')], ['b', bytes('2')]]);
    const to = new Map([['a', bytes('1')], ['c', bytes('3')]]);
    const delta = deltaBetween(from, to);
    expect([...delta.keys()]).toEqual(['c', 'b']);
    expect(delta.get('b')).toBeNull();
    expect(deltaBetween(applyDelta(from, delta), to).size).toBe(0);
    expect(composeDeltas(new Map([['x', bytes('1')]]), new Map([['x', null]])).get('x')).toBeNull();
    expect(sameBytes(bytes('ab'), bytes('ab'))).toBe(true);
    expect(sameBytes(bytes('ab'), null)).toBe(false);
  });

  it('reads a directory answer (base64 files, deleted paths)', () => {
    const delta = deltaFromRevisionDirectory({ files: { 'a.md': Buffer.from('# A\n').toString('base64') }, symlinks: {}, deleted: ['old.md'] });
    expect(new TextDecoder().decode(delta.get('a.md')!)).toBe('# A\n');
    expect(delta.get('old.md')).toBeNull();
  });
});
