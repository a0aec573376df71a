// Math: `$$` ... `$$` on their own lines (a block) and `$$...$$` inside text. The node types are
// those of mdast-util-math, so math renderers for remark work on our trees.
import type { Literal } from 'mdast';

/** A block formula: `$$`, the TeX source on its own lines, `$$`. */
export interface Math extends Literal {
  type: 'math';
  /** The TeX source. */
  value: string;
}

/** An inline formula: `$$a^2$$` inside text. */
export interface InlineMath extends Literal {
  type: 'inlineMath';
  value: string;
}

declare module 'mdast' {
  interface BlockContentMap {
    math: Math;
  }
  interface PhrasingContentMap {
    inlineMath: InlineMath;
  }
  interface RootContentMap {
    math: Math;
    inlineMath: InlineMath;
  }
}

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    mathFlow: 'mathFlow';
    mathFlowFence: 'mathFlowFence';
    mathFlowFenceSequence: 'mathFlowFenceSequence';
    mathFlowValue: 'mathFlowValue';
    mathText: 'mathText';
    mathTextSequence: 'mathTextSequence';
    mathTextData: 'mathTextData';
  }
}
