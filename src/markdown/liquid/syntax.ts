// How a Liquid tag line is read: a micromark flow construct for "a line that is one `{% ... %}` tag".
//
// GitBook's exporter writes tag lines directly against the content they wrap, with no blank line
// (`{% hint %}\ntext\n{% endhint %}`, `* item\n{% endtab %}`), so the construct can interrupt a
// paragraph and ends a list item's lazy continuation, as a heading would. It only recognises the
// line; pairing `{% name %}` with `{% endname %}` is a tree transform (nest-liquid-tags.ts).
//
// A quoted attribute value may span lines (integration blocks carry multi-line props), so inside
// quotes a line ending continues the tag; outside quotes the tag must close on its line.
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import { codes, isEndOfLine, isLineEnding, isSpaceOrTab } from '../micromark/character-codes.ts';
import { nonLazyLine } from '../micromark/non-lazy-line.ts';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    /** A whole tag line: the tag and any whitespace after it. */
    liquidTag: 'liquidTag';
    /** The tag's text on one line, from `{%` (or the start of a continuation line) up to `%}`. */
    liquidTagValue: 'liquidTagValue';
  }
}

/** A tag line, from its `{` (after any indentation) to the end of its last line. */
export const liquidTag: Construct = { name: 'liquidTag', tokenize: tokenizeLiquidTag, concrete: true };

/**
 * The first line of a tag line: enough to know that a tag starts there, as when the tag interrupts
 * a paragraph. An HTML block ends before it (html-flow-before-tag.ts) without reading the lines a
 * multi-line tag goes on to, which may lie outside the block's container.
 */
export const liquidTagStart: Construct = { partial: true, tokenize: (effects, ok, nok) => tokenize(effects, ok, nok, true) };

/** The micromark extension: a `{% ... %}` line is a flow construct. */
export const liquidTagSyntax: Extension = { flow: { [codes.leftCurlyBrace]: liquidTag } };

function tokenizeLiquidTag(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  // An interrupt attempt (does this line end a paragraph?) runs the construct with `interrupt` set.
  return tokenize(effects, ok, nok, this.interrupt === true);
}

/** With `firstLineOnly`, a tag whose quoted value goes on past its first line is taken at that line's end. */
function tokenize(effects: Effects, ok: State, nok: State, firstLineOnly: boolean): State {
  /** The quote we are inside of, if any. */
  let quote: Code | undefined;
  let previous: Code = null;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('liquidTag');
    effects.enter('liquidTagValue');
    effects.consume(code);
    return afterBrace;
  }

  function afterBrace(code: Code): State | undefined {
    if (code !== codes.percentSign) return nok(code);
    effects.consume(code);
    previous = code;
    return inside;
  }

  function inside(code: Code): State | undefined {
    if (code === null) return nok(code);
    if (isLineEnding(code)) {
      if (quote === undefined) return nok(code);
      effects.exit('liquidTagValue');
      if (firstLineOnly) return ok(code);
      return effects.check(nonLazyLine, lineEnding, nok)(code);
    }
    if (quote !== undefined) {
      if (code === codes.backslash) {
        effects.consume(code);
        return escaped;
      }
      if (code === quote) quote = undefined;
    } else if (code === codes.quotationMark || code === codes.apostrophe) {
      // Only a quote in value position opens a string: `title="..."`, `include "..."`. An
      // apostrophe inside a word (`{% if user's %}`) is just a character.
      if (previous === codes.equalsTo || isSpaceOrTab(previous)) quote = code;
    } else if (code === codes.percentSign) {
      effects.consume(code);
      previous = code;
      return percent;
    }
    effects.consume(code);
    previous = code;
    return inside;
  }

  function escaped(code: Code): State | undefined {
    if (isEndOfLine(code)) return inside(code);
    effects.consume(code);
    previous = code;
    return inside;
  }

  function percent(code: Code): State | undefined {
    if (code !== codes.rightCurlyBrace) return inside(code);
    effects.consume(code);
    effects.exit('liquidTagValue');
    return after;
  }

  function after(code: Code): State | undefined {
    if (isSpaceOrTab(code)) {
      effects.enter('whitespace');
      return whitespace(code);
    }
    if (!isEndOfLine(code)) return nok(code);
    effects.exit('liquidTag');
    return ok(code);
  }

  function whitespace(code: Code): State | undefined {
    if (isSpaceOrTab(code)) {
      effects.consume(code);
      return whitespace;
    }
    effects.exit('whitespace');
    if (!isEndOfLine(code)) return nok(code);
    effects.exit('liquidTag');
    return ok(code);
  }

  function lineEnding(code: Code): State | undefined {
    effects.enter('lineEnding');
    effects.consume(code);
    effects.exit('lineEnding');
    previous = code;
    return lineStart;
  }

  function lineStart(code: Code): State | undefined {
    if (code === null) return nok(code);
    if (isLineEnding(code)) return effects.check(nonLazyLine, lineEnding, nok)(code);
    effects.enter('liquidTagValue');
    return inside(code);
  }
}
