// Block math for the fast Markdown reader (fast-markdown.ts): `$$` alone on its line, the TeX source, and a closing
// fence at least as long, read as GitBook's micromark construct reads it (blocks/math/syntax-flow.ts), to a
// `math_block` token whose content is the `math` node's value. What the two might read apart is refused: a fence
// never closed, and tabs in the indentation of the fence or the source.
import type { StateBlock } from 'markdown-it';
import { FastPathUnsupported } from './fast-path-unsupported.ts';

const dollar = 0x24;

/** The markdown-it block rule: like fenced code, with `$` fences of two or more and nothing after them. */
export function mathBlockRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.src.charCodeAt(start) !== dollar) return false;
  const afterFence = state.skipChars(start, dollar);
  const size = afterFence - start;
  if (size < 2 || state.skipSpaces(afterFence) < max) return false;
  if (silent) return true;
  let line = startLine + 1;
  let closed = false;
  for (; line < endLine; line++) {
    const from = state.bMarks[line]! + state.tShift[line]!;
    const to = state.eMarks[line]!;
    if (from < to && state.sCount[line]! < state.blkIndent) break;
    if (state.src.charCodeAt(from) !== dollar || state.sCount[line]! - state.blkIndent >= 4) continue;
    const end = state.skipChars(from, dollar);
    if (end - from >= size && state.skipSpaces(end) >= to) {
      closed = true;
      break;
    }
  }
  if (!closed) throw new FastPathUnsupported('block math without its closing fence');
  const lines = state.src.slice(state.bMarks[startLine], state.eMarks[line]);
  if (lines.includes('\t')) throw new FastPathUnsupported('tabs in block math');
  const token = state.push('math_block', 'math', 0);
  token.content = state.getLines(startLine + 1, line, state.sCount[startLine]!, true).replace(/\n$/, '');
  token.markup = state.src.slice(start, afterFence);
  token.map = [startLine, line + 1];
  state.line = line + 1;
  return true;
}
