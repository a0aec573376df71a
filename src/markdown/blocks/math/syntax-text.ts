// How inline math is read: `$$`, the TeX source, `$$`, like a code span whose sequences are exactly
// two dollar signs (GitBook writes inline math with two, and a single `$` is plain text, as in
// prices). A run of another length inside is part of the source.
import type { Code, Construct, Effects, State, Token, TokenizeContext } from 'micromark-util-types';
import { codes, isLineEnding } from '../../micromark/character-codes.ts';
import './types.ts';

export const mathText: Construct = { name: 'mathText', tokenize: tokenizeMathText, previous };

/** A `$` right after another one cannot open math, unless that one was escaped (`\$$$x$$`). */
function previous(this: TokenizeContext, code: Code): boolean {
  return code !== codes.dollarSign || this.events[this.events.length - 1]?.[1].type === 'characterEscape';
}

function tokenizeMathText(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let sizeOpen = 0;
  let size = 0;
  let token: Token;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('mathText');
    effects.enter('mathTextSequence');
    return sequenceOpen(code);
  }

  function sequenceOpen(code: Code): State | undefined {
    if (code === codes.dollarSign) {
      sizeOpen++;
      effects.consume(code);
      return sequenceOpen;
    }
    if (sizeOpen !== 2) return nok(code);
    effects.exit('mathTextSequence');
    return between(code);
  }

  function between(code: Code): State | undefined {
    if (code === null) return nok(code);
    if (code === codes.dollarSign) {
      token = effects.enter('mathTextSequence');
      size = 0;
      return sequenceClose(code);
    }
    if (isLineEnding(code)) {
      effects.enter('lineEnding');
      effects.consume(code);
      effects.exit('lineEnding');
      return between;
    }
    effects.enter('mathTextData');
    return data(code);
  }

  function data(code: Code): State | undefined {
    if (code === null || code === codes.dollarSign || isLineEnding(code)) {
      effects.exit('mathTextData');
      return between(code);
    }
    effects.consume(code);
    return data;
  }

  function sequenceClose(code: Code): State | undefined {
    if (code === codes.dollarSign) {
      size++;
      effects.consume(code);
      return sequenceClose;
    }
    if (size === sizeOpen) {
      effects.exit('mathTextSequence');
      effects.exit('mathText');
      return ok(code);
    }
    // Another length: part of the source.
    token.type = 'mathTextData';
    return data(code);
  }
}
