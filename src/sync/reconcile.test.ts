import { describe, expect, it } from 'vitest';
import { reconcile } from './reconcile.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | null | undefined) => (value === null || value === undefined ? value : new TextDecoder().decode(value));

describe('reconcile', () => {
  const base = new Map([['a.md', bytes('one\ntwo\nthree\n')]]);
  const lookup = (path: string) => base.get(path);

  it('takes each side\'s own changes and agrees where both made the same one', () => {
    const result = reconcile(new Map([['g.md', bytes('git')], ['same.md', bytes('x')]]), new Map([['s.md', null], ['same.md', bytes('x')]]), lookup);
    expect([...result.merged].map(([path, value]) => [path, text(value)])).toEqual([['g.md', 'git'], ['s.md', null], ['same.md', 'x']]);
    expect(result.conflicts).toEqual([]);
    expect(result.combined.size).toBe(0);
  });

  it('merges text changed on different lines, and reports the same lines changed differently', () => {
    const clean = reconcile(new Map([['a.md', bytes('ONE\ntwo\nthree\n')]]), new Map([['a.md', bytes('one\ntwo\nTHREE\n')]]), lookup);
    expect(text(clean.merged.get('a.md'))).toBe('ONE\ntwo\nTHREE\n');
    expect(clean.combined).toEqual(new Set(['a.md']));

    const clash = reconcile(new Map([['a.md', bytes('uno\ntwo\nthree\n')]]), new Map([['a.md', bytes('eins\ntwo\nthree\n')]]), lookup);
    expect(clash.conflicts).toEqual([{ path: 'a.md', reason: 'both-changed' }]);
    expect(text(clash.merged.get('a.md'))).toBe('uno\ntwo\nthree\n');
  });

  it('reports a delete against an edit and binary files, unless a side is preferred', () => {
    const deleted = reconcile(new Map([['a.md', null]]), new Map([['a.md', bytes('one\n')]]), lookup);
    expect(deleted.conflicts).toEqual([{ path: 'a.md', reason: 'deleted-changed' }]);
    const binary = reconcile(new Map([['i.png', new Uint8Array([0xff, 1])]]), new Map([['i.png', new Uint8Array([0xff, 2])]]), () => undefined);
    expect(binary.conflicts).toEqual([{ path: 'i.png', reason: 'binary' }]);
    const preferred = reconcile(new Map([['a.md', null]]), new Map([['a.md', bytes('one\n')]]), lookup, 'space');
    expect(preferred.conflicts).toEqual([]);
    expect(text(preferred.merged.get('a.md'))).toBe('one\n');
  });
});
