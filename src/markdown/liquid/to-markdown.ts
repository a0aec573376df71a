// How Liquid tags no family claims are written: exactly as they were read.
import type { Options, Unsafe } from 'mdast-util-to-markdown';
import type { LiquidBlock, LiquidTag } from './types.ts';
import { writeLiquidPair } from './write-liquid.ts';

/**
 * Text must not turn into a tag when read back. A tag line starts with `{%`, so `{` is escaped
 * where it starts a line and `%` follows. Inside a line `{%` is plain text and is left alone.
 */
export const liquidUnsafe: Unsafe[] = [{ character: '{', after: '%', atBreak: true }];

export const liquidTagToMarkdown: Options = {
  unsafe: liquidUnsafe,
  handlers: {
    liquidTag: (node: LiquidTag) => node.value,
    liquidBlock: (node: LiquidBlock, _parent, state, info) => writeLiquidPair(node.open, node.close, node, state, info),
  },
};
