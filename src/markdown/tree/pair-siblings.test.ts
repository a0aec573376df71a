import type { Node } from 'unist';
import { describe, expect, it } from 'vitest';
import { pairSiblings, type SiblingPairing } from './pair-siblings.ts';

interface Item extends Node {
  type: 'open' | 'close' | 'leaf' | 'pair';
  key?: string;
  children?: Item[];
}

const pairing: SiblingPairing<Item> = {
  mark: (node) => (node.type === 'open' || node.type === 'close' ? { kind: node.type, key: node.key! } : undefined),
  wrap: (open, children) => (open.key === 'refuse' ? undefined : { type: 'pair', key: open.key!, children }),
};
const open = (key: string): Item => ({ type: 'open', key });
const close = (key: string): Item => ({ type: 'close', key });
const leaf = (key: string): Item => ({ type: 'leaf', key });

describe('pairSiblings', () => {
  it('nests pairs, inner ones first', () => {
    expect(pairSiblings([open('a'), open('b'), leaf('x'), close('b'), close('a')], pairing)).toEqual([
      { type: 'pair', key: 'a', children: [{ type: 'pair', key: 'b', children: [leaf('x')] }] },
    ]);
  });

  it('leaves open markers without a close, and closes without an open, where they are', () => {
    expect(pairSiblings([open('a'), leaf('x'), close('b')], pairing)).toEqual([open('a'), leaf('x'), close('b')]);
  });

  it('closes the nearest open marker of the key; markers above it stay unpaired inside', () => {
    expect(pairSiblings([open('a'), open('void'), leaf('x'), close('a')], pairing)).toEqual([
      { type: 'pair', key: 'a', children: [open('void'), leaf('x')] },
    ]);
  });

  it('pairs the same key by nesting', () => {
    expect(pairSiblings([open('a'), open('a'), close('a'), close('a')], pairing)).toEqual([
      { type: 'pair', key: 'a', children: [{ type: 'pair', key: 'a', children: [] }] },
    ]);
  });

  it('leaves a pair flat when wrap refuses it', () => {
    expect(pairSiblings([open('refuse'), leaf('x'), close('refuse')], pairing)).toEqual([open('refuse'), leaf('x'), close('refuse')]);
  });
});
