// How a Liquid tag line becomes a node: every tag line is first a `liquidTag` node holding its text.
// The tree transforms then pair tags and hand them to the block families.
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown';
import type { LiquidTag } from './types.ts';
import { readTagName } from './tag-name.ts';

export const liquidTagFromMarkdown: Extension = {
  enter: { liquidTag: enterLiquidTag },
  exit: { liquidTag: exitLiquidTag, liquidTagValue: exitLiquidTagValue },
};

function enterLiquidTag(this: CompileContext, token: Token): undefined {
  const node: LiquidTag = { type: 'liquidTag', name: '', value: '' };
  this.enter(node, token);
  this.buffer();
}

function exitLiquidTagValue(this: CompileContext, token: Token): undefined {
  // The text of each line goes into the buffer as data; line endings inside a multi-line tag are
  // added to the buffer by the default line ending handler.
  this.config.enter.data?.call(this, token);
  this.config.exit.data?.call(this, token);
}

function exitLiquidTag(this: CompileContext, token: Token): undefined {
  const value = this.resume();
  const node = this.stack[this.stack.length - 1] as LiquidTag;
  node.value = value;
  node.name = readTagName(value);
  this.exit(token);
}
