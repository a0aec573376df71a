// How block math is read: a fence of two or more `$` alone on a line, the TeX source, and a closing
// fence at least as long, like fenced code (and micromark-extension-math, without a meta string:
// a line such as `$$x$$` is a paragraph holding inline math).
import type { Code, Construct, Effects, State, TokenizeContext } from 'micromark-util-types';
import { codes, isEndOfLine, isSpaceOrTab } from '../../micromark/character-codes.ts';
import { nonLazyLine } from '../../micromark/non-lazy-line.ts';
import { spaceOrTab } from '../../micromark/space-or-tab.ts';
import './types.ts';

export const mathFlow: Construct = { name: 'mathFlow', tokenize: tokenizeMathFlow, concrete: true };

function tokenizeMathFlow(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const { events, interrupt } = this;
  const closeStart: Construct = { partial: true, tokenize: tokenizeCloseStart };
  let initialPrefix = 0;
  let sizeOpen = 0;
  return start;

  function start(code: Code): State | undefined {
    const tail = events[events.length - 1];
    initialPrefix = tail && tail[1].type === 'linePrefix' ? tail[2].sliceSerialize(tail[1], true).length : 0;
    effects.enter('mathFlow');
    effects.enter('mathFlowFence');
    effects.enter('mathFlowFenceSequence');
    return sequenceOpen(code);
  }

  function sequenceOpen(code: Code): State | undefined {
    if (code === codes.dollarSign) {
      sizeOpen++;
      effects.consume(code);
      return sequenceOpen;
    }
    if (sizeOpen < 2) return nok(code);
    effects.exit('mathFlowFenceSequence');
    return spaceOrTab(effects, openAfter, 'whitespace')(code);
  }

  function openAfter(code: Code): State | undefined {
    if (!isEndOfLine(code)) return nok(code);
    effects.exit('mathFlowFence');
    // An interrupt check only decides whether the first line starts the construct.
    if (interrupt) return ok(code);
    return effects.check(nonLazyLine, atNonLazyBreak, after)(code);
  }

  function atNonLazyBreak(code: Code): State | undefined {
    return effects.attempt(closeStart, after, contentBefore)(code);
  }

  function contentBefore(code: Code): State | undefined {
    effects.enter('lineEnding');
    effects.consume(code);
    effects.exit('lineEnding');
    return contentStart;
  }

  function contentStart(code: Code): State | undefined {
    // Content lines lose as much indentation as the opening fence had.
    return initialPrefix > 0 && isSpaceOrTab(code) ? spaceOrTab(effects, beforeContentChunk, 'linePrefix', initialPrefix + 1)(code) : beforeContentChunk(code);
  }

  function beforeContentChunk(code: Code): State | undefined {
    if (isEndOfLine(code)) return effects.check(nonLazyLine, atNonLazyBreak, after)(code);
    effects.enter('mathFlowValue');
    return contentChunk(code);
  }

  function contentChunk(code: Code): State | undefined {
    if (isEndOfLine(code)) {
      effects.exit('mathFlowValue');
      return beforeContentChunk(code);
    }
    effects.consume(code);
    return contentChunk;
  }

  function after(code: Code): State | undefined {
    effects.exit('mathFlow');
    return ok(code);
  }

  function tokenizeCloseStart(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    let size = 0;
    return lineEnding;

    function lineEnding(code: Code): State | undefined {
      effects.enter('lineEnding');
      effects.consume(code);
      effects.exit('lineEnding');
      return fenceStart;
    }

    function fenceStart(code: Code): State | undefined {
      effects.enter('mathFlowFence');
      return spaceOrTab(effects, beforeSequence, 'linePrefix', 4)(code);
    }

    function beforeSequence(code: Code): State | undefined {
      if (code !== codes.dollarSign) return nok(code);
      effects.enter('mathFlowFenceSequence');
      return sequence(code);
    }

    function sequence(code: Code): State | undefined {
      if (code === codes.dollarSign) {
        size++;
        effects.consume(code);
        return sequence;
      }
      if (size < sizeOpen) return nok(code);
      effects.exit('mathFlowFenceSequence');
      return spaceOrTab(effects, fenceAfter, 'whitespace')(code);
    }

    function fenceAfter(code: Code): State | undefined {
      if (!isEndOfLine(code)) return nok(code);
      effects.exit('mathFlowFence');
      return ok(code);
    }
  }
}
