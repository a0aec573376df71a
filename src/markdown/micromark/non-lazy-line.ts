import type { Construct, Effects, State, TokenizeContext } from 'micromark-util-types';

/**
 * Checks that the line after a line ending belongs to the current container and is not a lazy
 * continuation line (CommonMark: a construct spanning lines must not continue into a lazy line).
 * The same partial construct micromark's fenced code uses, which the package does not export.
 */
export const nonLazyLine: Construct = { partial: true, tokenize: tokenizeNonLazyLine };

function tokenizeNonLazyLine(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const { parser, now } = this;
  return start;

  function start(code: Parameters<State>[0]) {
    if (code === null) return nok(code);
    effects.enter('lineEnding');
    effects.consume(code);
    effects.exit('lineEnding');
    return after;
  }

  function after(code: Parameters<State>[0]) {
    return parser.lazy[now().line] ? nok(code) : ok(code);
  }
}
