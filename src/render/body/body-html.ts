// Serialising a page body. hast-util-to-html handles every HTML and SVG case, with a schema lookup per attribute;
// page bodies use a few dozen elements and attributes, and serialising them was a third of the time of the fast
// body path. `bodyHtml` writes exactly what `toHtml` writes with its defaults for those (double quotes, hexadecimal
// character references for `<` and `&` in text and for NUL, `"`, `&`, `'` and `` ` `` in attribute values, no
// closing tag for void elements), and hands any tree with something else to `toHtml`. body-html.test.ts holds the
// two to the same output.
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';

/** The hast property names of page bodies, and the attribute each is written as. */
export const bodyAttributeNames: Readonly<Record<string, string>> = {
  className: 'class',
  id: 'id',
  href: 'href',
  title: 'title',
  src: 'src',
  alt: 'alt',
  type: 'type',
  style: 'style',
  width: 'width',
  height: 'height',
  loading: 'loading',
  decoding: 'decoding',
  rel: 'rel',
  target: 'target',
  align: 'align',
  start: 'start',
  role: 'role',
  ariaHidden: 'aria-hidden',
  ariaLabel: 'aria-label',
  ariaSelected: 'aria-selected',
  dataStyle: 'data-style',
  dataLineNumbers: 'data-line-numbers',
  dataWrap: 'data-wrap',
  dataExpandable: 'data-expandable',
  dataFullWidth: 'data-full-width',
  // Tabs, columns, inline images, extension and integration blocks (src/render/blocks).
  dataTab: 'data-tab',
  dataWidth: 'data-width',
  dataValign: 'data-valign',
  dataSize: 'data-size',
  dataTag: 'data-tag',
  dataIntegration: 'data-integration',
  dataBlock: 'data-block',
  // OpenAPI blocks (src/render/openapi).
  dataKind: 'data-kind',
  dataMethod: 'data-method',
  dataPath: 'data-path',
  dataIn: 'data-in',
  dataRequired: 'data-required',
  dataStatus: 'data-status',
  dataMediaType: 'data-media-type',
  dataLanguage: 'data-language',
  dataSchema: 'data-schema',
};

/** Boolean attributes: written as their name alone when true (`<details open>`). */
const booleanAttributes: Readonly<Record<string, string>> = { open: 'open', hidden: 'hidden' };

/** Properties whose array values are space-separated. */
const spaceSeparated = new Set(['className', 'rel']);
/** HTML's void elements (an HTML table's `<col>` among them): written without a closing tag. */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose text `toHtml` writes raw: never in a body, and not written here. */
const rawTextElements = new Set(['script', 'style']);

class NotPlain extends Error {}
/** Thrown for a tree only `toHtml` writes: one instance made once, as capturing a stack each time cost more than the fallback. */
const notPlain = new NotPlain('not a plain body tree');

/**
 * The HTML of a rendered page body, as `toHtml(tree)` writes it.
 *
 * @example
 * bodyHtml({ type: 'root', children: [element('p', {}, [text('a < b')])] }) // → '<p>a &#x3C; b</p>'
 */
export function bodyHtml(tree: Root): string {
  try {
    return children(tree.children);
  } catch (error) {
    if (error === notPlain) return toHtml(tree);
    throw error;
  }
}

function children(nodes: ElementContent[] | Root['children']): string {
  let html = '';
  for (const node of nodes) {
    if (node.type === 'text') html += escapeText(node.value);
    else if (node.type === 'element') html += element(node);
    else throw notPlain;
  }
  return html;
}

function element(node: Element): string {
  const open = openTag(node);
  if (open === undefined) throw notPlain;
  if (voidElements.has(node.tagName)) {
    if (node.children.length > 0) throw notPlain;
    return open;
  }
  return `${open}${children(node.children)}</${node.tagName}>`;
}

/**
 * The start tag of `node` as `toHtml` writes it, or undefined for an element only `toHtml` writes (raw text, SVG,
 * MathML, an attribute not in `bodyAttributeNames`).
 */
export function openTag(node: Element): string | undefined {
  const { tagName } = node;
  if (rawTextElements.has(tagName) || tagName === 'template' || tagName === 'svg' || tagName === 'math') return undefined;
  let html = `<${tagName}`;
  for (const key in node.properties) {
    const value = node.properties[key];
    if (value === null || value === undefined || value === false) continue;
    if (value === true && booleanAttributes[key] !== undefined) {
      html += ` ${booleanAttributes[key]}`;
      continue;
    }
    const name = bodyAttributeNames[key];
    if (name === undefined || value === true || (typeof value === 'number' && Number.isNaN(value))) return undefined;
    let written: string;
    if (Array.isArray(value)) {
      if (!spaceSeparated.has(key)) return undefined;
      written = value.join(' ');
    } else written = String(value);
    html += ` ${name}="${escapeAttribute(written)}"`;
  }
  return `${html}>`;
}

/** Whether `toHtml` writes `tagName` without a closing tag (and an element of it with children only `toHtml` writes). */
export function isVoidElement(tagName: string): boolean {
  return voidElements.has(tagName);
}

const textSpecial = /[<&]/g;
const attributeSpecial = /[\0"&'`]/g;
const hasAttributeSpecial = /[\0"&'`]/;

// Most texts and values have nothing to escape, and a replace that finds nothing cost twice what a test costs: with
// these checks, serialising bench/export's 1,000 mixed page bodies took 49 instead of 95 ms.
/** Text as `toHtml` writes it. */
export function escapeText(value: string): string {
  return value.indexOf('<') === -1 && value.indexOf('&') === -1 ? value : value.replace(textSpecial, reference);
}

function escapeAttribute(value: string): string {
  return hasAttributeSpecial.test(value) ? value.replace(attributeSpecial, reference) : value;
}

function reference(character: string): string {
  return `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`;
}
