// A quick reader for the plain HTML that pages hold (card cells, HTML tables, captions): well-formed markup of common
// tags, read into the hast that `fromHtml(html, { fragment: true })` gives, without positions. parse5 is a full HTML
// parser (a tokenizer, a tree builder with twenty insertion modes, then hast-util-from-parse5 over its tree); the
// 1,000-page mixed export spent 12 % of its rendering there on such markup. Anything where parse5 would do more than
// nest what is written (an implied end tag, foster parenting, an element it rewrites, a comment, a character
// reference it would read differently, a control character) makes `simpleHtmlFragment` give up (undefined), and the
// caller parses with parse5 as before. simple-html-fragment.test.ts holds the two to the same trees.
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import type { ElementContent, Properties } from 'hast';
import { h } from 'hastscript';

/** Elements with no content or end tag. */
const voidTags = new Set(['br', 'hr', 'img', 'wbr']);
/** Elements read inside the flow of text, with nothing special in how parse5 builds them. */
const inlineTags = ['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var'];
/** Block elements: starting one closes an open `<p>` (in button scope), which this reader leaves to parse5. */
const blockTags = ['article', 'aside', 'blockquote', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'section', 'summary', 'table', 'ul'];
const closesParagraph = new Set(blockTags);
/** Table parts, each allowed only directly in its own parent. */
const tableParents: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['thead', new Set(['table'])],
  ['tbody', new Set(['table'])],
  ['tfoot', new Set(['table'])],
  ['tr', new Set(['table', 'thead', 'tbody', 'tfoot'])],
  ['td', new Set(['tr'])],
  ['th', new Set(['tr'])],
]);
/** Where text other than white space would be moved out of the table by parse5 (foster parenting). */
const tableContexts = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
const knownTags = new Set([...voidTags, ...inlineTags, ...blockTags, ...tableParents.keys()]);
/** parse5's "special" elements among the known ones that hold content: where its search for an open `<li>` (or `<dd>`, `<dt>`) stops. */
const special = new Set([...blockTags, 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot']);
/** Where parse5's search for an open `<p>` "in button scope" stops. */
const buttonScopeBoundaries = new Set(['table', 'td', 'th']);
const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Characters parse5 replaces, reports or reads in ways this reader does not follow: controls, CR, lone surrogates, U+FDD0-U+FDEF, U+FFFE, U+FFFF. */
const unusualCharacter = /[\0-\x08\x0B-\x1F\x7F-\x9F\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const tagName = /[A-Za-z][A-Za-z0-9]*/y;
const attributeName = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const unquotedValue = /[^ \t\n"'<>=`]+/y;
const whiteSpace = /[ \t\n]*/y;
const characterReference = /&(?:#([0-9]{1,7});|#[xX]([0-9A-Fa-f]{1,6});|([A-Za-z][A-Za-z0-9]{0,31});)/y;
const ownProperty = Object.prototype.hasOwnProperty;

/** An element being read: its tag, attributes, what it holds so far, and whether parse5 would have made it up (a `<tbody>`). */
interface OpenElement {
  tagName: string;
  properties: Properties;
  children: ElementContent[];
  implied: boolean;
}

/** Gives up: parse5 would do something this reader does not. */
class NotSimple extends Error {}

/**
 * The hast nodes of an HTML fragment, as `fromHtml(html, { fragment: true }).children` gives them (without
 * positions), when the markup is simple enough to read without parse5; undefined otherwise.
 *
 * @example
 * simpleHtmlFragment('<strong>Tip</strong> &amp; more') // → [<strong>Tip</strong>, text " & more"]
 * simpleHtmlFragment('<p>one<p>two') // → undefined (the second <p> closes the first: parse5's work)
 */
export function simpleHtmlFragment(html: string): ElementContent[] | undefined {
  if (unusualCharacter.test(html)) return undefined;
  try {
    return new SimpleHtmlReader(html).read();
  } catch (error) {
    if (error instanceof NotSimple) return undefined;
    throw error;
  }
}

class SimpleHtmlReader {
  private readonly top: ElementContent[] = [];
  private readonly open: OpenElement[] = [];
  private at = 0;

  constructor(private readonly html: string) {}

  read(): ElementContent[] {
    const { html } = this;
    while (this.at < html.length) {
      const next = html.indexOf('<', this.at);
      const end = next === -1 ? html.length : next;
      if (end > this.at) this.text(this.decode(this.at, end));
      if (next === -1) break;
      this.at = next;
      if (html[next + 1] === '/') this.endTag();
      else this.startTag();
    }
    // Left open at the end: parse5 stops with them as they are.
    while (this.open.length > 0) this.close();
    return this.top;
  }

  private get current(): OpenElement | undefined {
    return this.open[this.open.length - 1];
  }

  private append(node: ElementContent): void {
    (this.current?.children ?? this.top).push(node);
  }

  private text(value: string): void {
    const current = this.current;
    // In a table (not a cell), parse5 moves text other than white space out of the table.
    if (current !== undefined && tableContexts.has(current.tagName) && !/^[ \t\n]*$/.test(value)) throw new NotSimple();
    // Never next to another text: each run of text is all there is between two tags.
    this.append({ type: 'text', value });
  }

  /** The text of html[from, to) with its character references read; `&` alone before white space, a quote, `<` or the end is itself. */
  private decode(from: number, to: number): string {
    const { html } = this;
    let amp = html.indexOf('&', from);
    if (amp === -1 || amp >= to) return html.slice(from, to);
    let out = '';
    let start = from;
    while (amp !== -1 && amp < to) {
      out += html.slice(start, amp);
      const after = html[amp + 1];
      if (amp + 1 >= to || after === ' ' || after === '\t' || after === '\n' || after === '<' || after === '"' || after === "'") {
        out += '&';
        start = amp + 1;
      } else {
        characterReference.lastIndex = amp;
        const match = characterReference.exec(html);
        if (match === null || characterReference.lastIndex > to) throw new NotSimple();
        out += referenced(match);
        start = characterReference.lastIndex;
      }
      amp = html.indexOf('&', start);
    }
    return out + html.slice(start, to);
  }

  private startTag(): void {
    const { html } = this;
    tagName.lastIndex = this.at + 1;
    const name = tagName.exec(html)?.[0].toLowerCase();
    if (name === undefined || !knownTags.has(name)) throw new NotSimple();
    let at = tagName.lastIndex;
    const properties: Properties = {};
    const seen = new Set<string>();
    let selfClosing = false;
    for (;;) {
      const before = at;
      whiteSpace.lastIndex = at;
      whiteSpace.exec(html);
      at = whiteSpace.lastIndex;
      const char = html[at];
      if (char === '>') {
        at++;
        break;
      }
      if (char === '/' && html[at + 1] === '>') {
        selfClosing = true;
        at += 2;
        break;
      }
      // Attributes are set apart by white space.
      if (at === before || char === undefined) throw new NotSimple();
      attributeName.lastIndex = at;
      const attribute = attributeName.exec(html)?.[0].toLowerCase();
      if (attribute === undefined) throw new NotSimple();
      at = attributeName.lastIndex;
      whiteSpace.lastIndex = at;
      whiteSpace.exec(html);
      let value = '';
      if (html[whiteSpace.lastIndex] === '=') {
        whiteSpace.lastIndex++;
        whiteSpace.exec(html);
        at = whiteSpace.lastIndex;
        const quote = html[at];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, at + 1);
          if (close === -1) throw new NotSimple();
          value = this.decode(at + 1, close);
          at = close + 1;
        } else {
          unquotedValue.lastIndex = at;
          const unquoted = unquotedValue.exec(html);
          if (unquoted === null) throw new NotSimple();
          at = unquotedValue.lastIndex;
          // Ends at white space or `>`; a quote, `<`, `=` or a backtick stuck to it parse5 reads in its own ways.
          if (!/[ \t\n>]/.test(html[at] ?? '')) throw new NotSimple();
          value = this.decode(unquoted.index, at);
        }
      }
      // parse5 keeps the first of attributes of one name; hast-util-from-parse5 drops names Object.prototype has.
      if (!seen.has(attribute)) {
        seen.add(attribute);
        if (!ownProperty.call(Object.prototype, attribute)) properties[attribute] = value;
      }
    }
    this.at = at;
    // `<div/>` opens a div in HTML: rare enough to leave to parse5.
    if (selfClosing && !voidTags.has(name)) throw new NotSimple();
    this.checkStart(name);
    if (voidTags.has(name)) this.append(element(name, properties, []));
    else this.open.push({ tagName: name, properties, children: [], implied: false });
  }

  /** Checks that parse5 would put an element `name` starting here inside the current one, as written (opening the tbody it makes for a row straight in a table). */
  private checkStart(name: string): void {
    const current = this.current;
    const parents = tableParents.get(name);
    if (parents !== undefined) {
      if (current === undefined) throw new NotSimple();
      if (name === 'tr' && current.tagName === 'table') {
        // A row straight in a table: parse5 puts it in a tbody of its own making.
        this.open.push({ tagName: 'tbody', properties: {}, children: [], implied: true });
      } else if (!parents.has(current.tagName)) throw new NotSimple();
    } else {
      if (current !== undefined && tableContexts.has(current.tagName)) throw new NotSimple();
      this.checkBlock(name);
      if (name === 'li' || name === 'dd' || name === 'dt') this.checkListItem(name);
      if (headings.has(name) && current !== undefined && headings.has(current.tagName)) throw new NotSimple();
      if (name === 'a' && this.open.some((element) => element.tagName === 'a')) throw new NotSimple();
    }
  }

  /** A block start tag with a `<p>` open in button scope: parse5 closes the paragraph first. */
  private checkBlock(name: string): void {
    if (!closesParagraph.has(name)) return;
    for (let index = this.open.length - 1; index >= 0; index--) {
      const element = this.open[index]!.tagName;
      if (element === 'p') throw new NotSimple();
      if (buttonScopeBoundaries.has(element)) return;
    }
  }

  /** `<li>` (or `<dd>`, `<dt>`) with one open in list item scope: parse5 closes it first. */
  private checkListItem(name: string): void {
    const closes = name === 'li' ? ['li'] : ['dd', 'dt'];
    for (let index = this.open.length - 1; index >= 0; index--) {
      const element = this.open[index]!.tagName;
      if (closes.includes(element)) throw new NotSimple();
      if (special.has(element) && element !== 'div' && element !== 'p') return;
    }
  }

  private endTag(): void {
    const { html } = this;
    tagName.lastIndex = this.at + 2;
    const name = tagName.exec(html)?.[0].toLowerCase();
    if (name === undefined) throw new NotSimple();
    whiteSpace.lastIndex = tagName.lastIndex;
    whiteSpace.exec(html);
    if (html[whiteSpace.lastIndex] !== '>') throw new NotSimple();
    this.at = whiteSpace.lastIndex + 1;
    // The table's own end closes the tbody parse5 made for its rows.
    if (name === 'table' && this.current?.implied === true) this.close();
    if (this.current?.tagName !== name) throw new NotSimple();
    this.close();
  }

  private close(): void {
    const { tagName, properties, children } = this.open.pop()!;
    this.append(element(tagName, properties, children));
  }
}

/**
 * The element `h` (hastscript) makes of a tag read here, its name lowercased and its children read: `h` reads
 * attributes into hast properties (property-information's names and types), and for a tag without any it adds
 * nothing, so those are built directly (`simpleHtmlFragment` 41.7 → 31.6 ms in profiles of the 1,000-page mixed
 * export, BENCHMARKS.md).
 */
function element(tagName: string, properties: Properties, children: ElementContent[]): ElementContent {
  for (const _ in properties) return h(tagName, properties, children) as ElementContent;
  return { type: 'element', tagName, properties: {}, children };
}

/** What a character reference stands for, as parse5 reads it; NotSimple where it would replace or warn. */
function referenced(match: RegExpExecArray): string {
  const [, decimal, hex, name] = match;
  if (name !== undefined) {
    const value = decodeNamedCharacterReference(name);
    if (value === false) throw new NotSimple();
    return value;
  }
  const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
  const plain = code === 0x09 || code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfdcf) || (code >= 0xfdf0 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
  if (!plain) throw new NotSimple();
  return String.fromCodePoint(code);
}
