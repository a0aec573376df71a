import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown';
import type { InlineMath, Math } from './types.ts';

export const mathFromMarkdown: Extension = {
  enter: { mathFlow: enterMathFlow, mathText: enterMathText },
  exit: { mathFlow: exitMathFlow, mathFlowValue: exitData, mathText: exitMathText, mathTextData: exitData },
};

function enterMathFlow(this: CompileContext, token: Token): undefined {
  const node: Math = { type: 'math', value: '' };
  this.enter(node, token);
  this.buffer();
}

function exitMathFlow(this: CompileContext, token: Token): undefined {
  // The buffer holds the line ending after the opening fence and the one before the closing fence.
  const value = this.resume().replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '');
  (this.stack[this.stack.length - 1] as Math).value = value;
  this.exit(token);
}

function enterMathText(this: CompileContext, token: Token): undefined {
  const node: InlineMath = { type: 'inlineMath', value: '' };
  this.enter(node, token);
  this.buffer();
}

function exitMathText(this: CompileContext, token: Token): undefined {
  // As in a code span (CommonMark 6.1), a line ending inside inline math is a space: TeX reads it
  // as one, and writing it back as a line ending could start a block on the next line.
  const value = this.resume().replace(/\r\n|\r|\n/g, ' ');
  (this.stack[this.stack.length - 1] as InlineMath).value = value;
  this.exit(token);
}

function exitData(this: CompileContext, token: Token): undefined {
  this.config.enter.data?.call(this, token);
  this.config.exit.data?.call(this, token);
}
