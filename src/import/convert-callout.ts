import type { Element, ElementContent } from 'hast';
import type { BlockContent, DefinitionContent } from 'mdast';
import type { HintStyle } from '../markdown/index.ts';
import { marks, type Handle } from './convert-state.ts';
import { collapseWhitespace } from './convert-page-meta.ts';
import { nodeText } from './convert-text.ts';
import { classNames, walkElements } from './convert-walk.ts';

/*
 * Callouts become hints (`{% hint style="..." %}`). A callout is a block element (`div`, `aside`, `section`,
 * `blockquote`, `p`) with a class the generators use for them: `admonition` (MkDocs, Sphinx, Docusaurus),
 * `callout`, `alert` (Bootstrap), `markdown-alert` (GitHub), `hint`, `notice`, or a kind alone (`note`,
 * `warning`, `tip`, ...). Its style comes from the kind named in its classes; its title ("Note", "Warning") is
 * dropped when it only names the kind, and kept as a bold first line otherwise.
 */

const calloutElements = new Set(['div', 'aside', 'section', 'blockquote', 'p']);

/** Class names that make an element a callout by themselves, and prefixes of the `<name>-<kind>` forms. */
const calloutClasses = ['admonition', 'callout', 'alert', 'markdown-alert', 'hint', 'notice', 'theme-admonition', 'admonition-block'];

/** Kinds, and the hint style each maps to; the first style found in this order wins. */
const kindStyles: Array<[HintStyle, string[]]> = [
  ['danger', ['danger', 'error', 'failure', 'fail', 'bug']],
  ['warning', ['warning', 'warn', 'caution', 'attention', 'important']],
  ['success', ['tip', 'tips', 'success', 'check', 'done']],
  ['info', ['note', 'info', 'information', 'seealso', 'abstract', 'summary', 'todo', 'question', 'example']],
];
const kinds = new Set(kindStyles.flatMap(([, names]) => names));

/** The lower-cased class names of an element, and their `-`/`_` separated parts. */
function classWords(element: Element): { names: string[]; parts: string[] } {
  const names = classNames(element).map((name) => name.toLowerCase());
  return { names, parts: names.flatMap((name) => name.split(/[-_]+/)) };
}

/**
 * Whether `element` is a callout box (see above).
 *
 * @example
 * ```ts
 * isCallout(h('div.admonition.warning', [])); // true
 * ```
 */
export function isCallout(element: Element): boolean {
  if (!calloutElements.has(element.tagName)) return false;
  const { names } = classWords(element);
  return names.some((name) => kinds.has(name) || calloutClasses.some((prefix) => name === prefix || name.startsWith(`${prefix}-`) || name.startsWith(`${prefix}_`)));
}

/**
 * The hint style of a callout: the first kind its classes name (`danger`, then `warning`, `success`, `info`), or
 * `info` when they name none.
 *
 * @example
 * ```ts
 * calloutStyle(h('div.alert.alert-danger', [])); // 'danger'
 * ```
 */
export function calloutStyle(element: Element): HintStyle {
  const { parts } = classWords(element);
  for (const [style, names] of kindStyles) if (parts.some((part) => names.includes(part))) return style;
  return 'info';
}

/**
 * Marks the callouts under `root` with their hint style (`marks.hint`); each one is made a `div` (the one element
 * the hint handler looks at) and its title is dropped or made a bold first paragraph.
 *
 * @example
 * ```ts
 * markCallouts(content);
 * const handlers = { div: hintHandler };
 * ```
 */
export function markCallouts(root: Element): void {
  walkElements(root, (element) => {
    if (!isCallout(element)) return 'continue';
    element.properties[marks.hint] = calloutStyle(element);
    element.tagName = 'div';
    replaceTitle(element);
    return 'continue';
  });
}

/** The first child that is a callout's title: its class says `title` or `heading`. */
function replaceTitle(callout: Element): void {
  const index = callout.children.findIndex((child) => child.type === 'element' && classNames(child).some((name) => /title|heading/i.test(name)));
  if (index === -1) return;
  const title = collapseWhitespace(nodeText(callout.children[index]!));
  const bare = title.toLowerCase().replace(/[:.!]$/, '');
  if (bare === '' || kinds.has(bare) || bare === 'hint' || bare === 'callout') {
    callout.children.splice(index, 1);
    return;
  }
  const strong: ElementContent = { type: 'element', tagName: 'strong', properties: {}, children: [{ type: 'text', value: title }] };
  callout.children[index] = { type: 'element', tagName: 'p', properties: {}, children: [strong] };
}

/**
 * The handler of `div`: a hint for a marked callout, the content as blocks otherwise (the default for `div`).
 * Inside a table cell, where blocks cannot go, the content alone.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { div: hintHandler } });
 * ```
 */
export const hintHandler: Handle = (state, element) => {
  const style = element.properties[marks.hint];
  if (typeof style !== 'string' || state.inTable) return state.toFlow(state.all(element));
  const children = state.toFlow(state.all(element)) as Array<BlockContent | DefinitionContent>;
  if (children.length === 0) return undefined;
  return { type: 'hint', style, children };
};

