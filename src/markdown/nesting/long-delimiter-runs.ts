import type { Code, Construct, Extension, State, TokenizeContext, Effects } from 'micromark-util-types';

/*
 * micromark matches emphasis delimiters and link brackets by splicing its event list once per match, so a run of
 * n `*` (or `_`, or `[`) costs it time in n²: 2,000 stars took a second, 10,000 took 27 s. No page writes that many
 * in a row to mean emphasis 64 levels deep or links inside links, so a run longer than `maxDelimiterRun` is read
 * as text, as written, before the emphasis and link constructs see it.
 */

/** The longest run of one delimiter read as delimiters: enough for every level of nesting a page may have. */
export const maxDelimiterRun = 128;

const delimiters = [42 /* * */, 95 /* _ */, 91 /* [ */, 93 /* ] */];

function tokenizeLongRun(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let marker: Code = null;
  let length = 0;
  const inRun: State = (code) => {
    if (code === marker) {
      effects.consume(code);
      length++;
      return inRun;
    }
    if (length <= maxDelimiterRun) return nok(code);
    effects.exit('data');
    return ok(code);
  };
  return (code) => {
    marker = code;
    effects.enter('data');
    return inRun(code);
  };
}

const longRun: Construct = { name: 'longDelimiterRun', tokenize: tokenizeLongRun, add: 'before' };

/**
 * The micromark extension that reads runs of more than `maxDelimiterRun` `*`, `_` or `[` as text.
 *
 * @example
 * unified().use(remarkParse).data('micromarkExtensions', [longDelimiterRunSyntax])
 */
export const longDelimiterRunSyntax: Extension = {
  text: Object.fromEntries(delimiters.map((code) => [code, longRun])),
};
