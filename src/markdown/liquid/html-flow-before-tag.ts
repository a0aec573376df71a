// HTML blocks that end at a Liquid tag line. In CommonMark an HTML block of kind 6 or 7 (a block tag
// such as `<table>`, or one complete tag alone on its line) runs until a blank line, so the
// `{% endif %}` that GitBook's exporter writes directly under a card table, a figure or a details
// element would become part of the HTML: the condition never closes and the tag prints as text.
// This construct reads those two kinds as micromark does, with one more end condition: the next
// line is a Liquid tag line (any tag, start or end). It is tried before micromark's own HTML
// construct; the other kinds (`<pre>`, `<!-- -->`, ...) end on their own closing text, where a tag
// line is content, and are left to micromark.
import type { Code, Construct, Effects, Event, Extension, State, TokenizeContext } from 'micromark-util-types';
import { htmlBlockStart } from '../html/html-block-start.ts';
import { codes, isEndOfLine, isLineEnding } from '../micromark/character-codes.ts';
import { nonLazyLine } from '../micromark/non-lazy-line.ts';
import { spaceOrTab } from '../micromark/space-or-tab.ts';
import { liquidTagStart } from './syntax.ts';

const htmlFlowBeforeTag: Construct = { name: 'htmlFlowBeforeLiquidTag', tokenize: tokenizeHtmlFlow, resolveTo: takeIndentation, concrete: true };

/** After a line ending: the next line is blank. */
const blankLineAhead: Construct = { partial: true, tokenize: tokenizeBlankLineAhead };

/** After a line ending: the next line is a Liquid tag line, indented by at most three spaces. */
const tagLineAhead: Construct = { partial: true, tokenize: tokenizeTagLineAhead };

/** The micromark extension: HTML blocks of kinds 6 and 7 also end before a Liquid tag line. */
export const htmlFlowBeforeTagSyntax: Extension = { flow: { [codes.lessThan]: htmlFlowBeforeTag } };

function tokenizeHtmlFlow(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  // An interrupt attempt (does this line end a paragraph?) runs the construct with `interrupt` set.
  const { interrupt, parser, now } = this;
  /** The text of the first line, which decides the kind. */
  let firstLine = '';
  return start;

  function start(code: Code): State | undefined {
    effects.enter('htmlFlow');
    effects.enter('htmlFlowData');
    return inFirstLine(code);
  }

  function inFirstLine(code: Code): State | undefined {
    if (code !== null && !isLineEnding(code)) {
      firstLine += characterOf(code);
      effects.consume(code);
      return inFirstLine;
    }
    const kind = htmlBlockStart(firstLine);
    // As in micromark, a kind 7 block cannot interrupt a paragraph, unless it is on a lazy line.
    const allowed = kind === 'basic' || (kind === 'complete' && (!interrupt || parser.lazy[now().line] === true));
    if (!allowed) return nok(code);
    // An interrupt check only needs to know that a block starts; micromark answers it on the first
    // line for kind 6, and reads a kind 7 block (on a lazy line) to its end, which keeps it in the
    // container (layout/lazy-html-line.ts reads that case again). Both are kept as they are.
    if (interrupt && kind === 'basic') return ok(code);
    effects.exit('htmlFlowData');
    return atLineEnd(code);
  }

  function atLineEnd(code: Code): State | undefined {
    if (code === null) return end(code);
    return effects.check(blankLineAhead, end, effects.check(tagLineAhead, end, effects.check(nonLazyLine, nextLine, end)))(code);
  }

  function nextLine(code: Code): State | undefined {
    effects.enter('lineEnding');
    effects.consume(code);
    effects.exit('lineEnding');
    effects.enter('htmlFlowData');
    return inLine;
  }

  function inLine(code: Code): State | undefined {
    if (isEndOfLine(code)) {
      effects.exit('htmlFlowData');
      return atLineEnd(code);
    }
    effects.consume(code);
    return inLine;
  }

  function end(code: Code): State | undefined {
    effects.exit('htmlFlow');
    return ok(code);
  }
}

function tokenizeBlankLineAhead(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  return lineEnding(effects, spaceOrTab(effects, (code) => (isEndOfLine(code) ? ok(code) : nok(code)), 'linePrefix'));
}

function tokenizeTagLineAhead(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const afterIndentation: State = (code) => (code === codes.leftCurlyBrace ? effects.attempt(liquidTagStart, ok, nok)(code) : nok(code));
  return lineEnding(effects, spaceOrTab(effects, afterIndentation, 'linePrefix', 4));
}

/** Consumes the line ending the check starts on, then goes to `next`. */
function lineEnding(effects: Effects, next: State): State {
  return (code) => {
    if (!isLineEnding(code)) return next(code);
    effects.enter('lineEnding');
    effects.consume(code);
    effects.exit('lineEnding');
    return next;
  };
}

/** Micromark's code for a character as text: a tab is `-2` followed by virtual spaces (`-1`) up to the tab stop. */
function characterOf(code: Exclude<Code, null>): string {
  if (code === codes.horizontalTab) return '\t';
  if (code === codes.virtualSpace) return '';
  return String.fromCharCode(code);
}

/** The indentation before the block is part of it, as in micromark's HTML construct (the tree drops it from the value: layout/html-indentation.ts). */
function takeIndentation(events: Event[]): Event[] {
  let index = events.length;
  while (index--) if (events[index]![0] === 'enter' && events[index]![1].type === 'htmlFlow') break;
  const prefix = events[index - 2];
  if (index > 1 && prefix?.[1].type === 'linePrefix') {
    events[index]![1].start = prefix[1].start;
    events[index + 1]![1].start = prefix[1].start;
    events.splice(index - 2, 2);
  }
  return events;
}
