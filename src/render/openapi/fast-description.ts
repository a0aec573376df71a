// The fast path of OpenAPI descriptions. Most descriptions of a specification are a sentence or a few paragraphs
// with emphasis, code spans and links; reading each with micromark (the house parser, remark-parse with GFM and
// GitBook's constructs) and mdast-util-to-hast cost an export of bench/export's 1,000 mixed pages 35 to 70 ms, the
// parser's start included, where the fast body path's markdown-it reader (src/markdown/fast-markdown.ts) is already
// warm from the page bodies. This gives the tree `toHast(parseMarkdown(source))` gives for those, or nothing: the
// differential test (fast-description.test.ts) holds the two to the same tree.
import type { ElementContent, Properties } from 'hast';
import type { Token } from 'markdown-it';
import { parseFast } from '../../markdown/fast-markdown.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';
import { element, text } from '../body/hast-builder.ts';
import { unsupportedText } from '../fast-body/unsupported-text.ts';

/**
 * What sends a description to the full path before it is read: what the house parser reads with a construct the
 * fast reader does not have or has otherwise (Liquid tags and expressions, math, raw HTML and autolinks, GFM tables,
 * strikethrough and footnotes, runs of three emphasis markers and more), a line of dashes and colons alone (a
 * table's delimiter row, which GFM reads without pipes too), and spaces at the end of a line, which micromark keeps
 * in some places where markdown-it drops them.
 */
const fullPathOnly = /[{}$<|~^]|\*\*\*|___|[ \t]$|^[ \t]*:?-[-: \t]*$/m;

/**
 * The hast of a description made only of paragraphs of text, emphasis, strong emphasis, code spans, links and line
 * breaks, as `toHast(parseMarkdown(source))` makes it (without source positions, and without the line endings
 * between paragraphs, which descriptions drop); undefined for any other description.
 *
 * @example
 * fastDescription('Returns **one** pet.') // → [<p>Returns <strong>one</strong> pet.</p>]
 * fastDescription('| a |\n|---|') // → undefined (a table: the full path reads it)
 */
export function fastDescription(source: string): ElementContent[] | undefined {
  if (fullPathOnly.test(source)) return undefined;
  let tokens: Token[];
  try {
    tokens = parseFast(source);
  } catch (error) {
    if (error instanceof FastPathUnsupported || error instanceof RangeError) return undefined;
    throw error;
  }
  const paragraphs: ElementContent[] = [];
  for (let at = 0; at < tokens.length; at += 3) {
    const [open, inline, close] = [tokens[at]!, tokens[at + 1], tokens[at + 2]];
    if (open.type !== 'paragraph_open' || inline?.type !== 'inline' || close?.type !== 'paragraph_close') return undefined;
    const children = phrasing(inline.children ?? []);
    if (children === undefined) return undefined;
    paragraphs.push(element('p', {}, children));
  }
  return paragraphs;
}

/** Elements of the inline tokens this path reads, and what closes each. */
const opened: Readonly<Record<string, { tagName: string; close: string }>> = {
  strong_open: { tagName: 'strong', close: 'strong_close' },
  em_open: { tagName: 'em', close: 'em_close' },
  link_open: { tagName: 'a', close: 'link_close' },
};

/**
 * The hast of a paragraph's inline tokens, as mdast-util-to-hast writes the mdast micromark reads: adjacent text
 * (escapes, references and soft line breaks included) in one text node, a hard break as `<br>` and a text of its
 * own line ending. Undefined at the first token of another kind (an image, raw HTML), and for text the page body's
 * fast path also leaves to the full path (`unsupportedText`: autolink literals, unmatched backticks and markers).
 */
function phrasing(tokens: readonly Token[]): ElementContent[] | undefined {
  const root: ElementContent[] = [];
  const open: Array<{ children: ElementContent[]; close: string }> = [];
  let children = root;
  let pending = '';
  const flush = () => {
    if (pending !== '') children.push(text(pending));
    pending = '';
  };
  for (const token of tokens) {
    if (token.type === 'text') {
      if (unsupportedText.test(token.content)) return undefined;
      pending += token.content;
    }
    else if (token.type === 'softbreak') pending += '\n';
    else if (token.type === 'hardbreak') {
      flush();
      children.push(element('br'), text('\n'));
    } else if (token.type === 'code_inline') {
      // A code span starting or ending with a space (its spaces after a hard break are kept differently by the two).
      if (/^\s|\s$/.test(token.content) || token.content === '') return undefined;
      flush();
      children.push(element('code', {}, [text(token.content)]));
    } else if (opened[token.type] !== undefined) {
      flush();
      const { tagName, close } = opened[token.type]!;
      const properties = token.type === 'link_open' ? linkProperties(token) : {};
      // A backslash or a line ending in a link's destination: the two read it differently.
      if (typeof properties.href === 'string' && /%5C|%0A/i.test(properties.href)) return undefined;
      const node = element(tagName, properties);
      children.push(node);
      open.push({ children, close });
      children = node.children;
    } else if (open.length > 0 && token.type === open.at(-1)!.close) {
      flush();
      children = open.pop()!.children;
    } else return undefined;
  }
  flush();
  return open.length === 0 ? root : undefined;
}

/** A link's `href` (normalized by the reader with micromark's `normalizeUri`, as mdast-util-to-hast does) and its title, if it has one. */
function linkProperties(token: Token): Properties {
  const properties: Properties = { href: token.attrGet('href') ?? '' };
  const title = token.attrGet('title');
  if (title !== null) properties.title = title;
  return properties;
}
