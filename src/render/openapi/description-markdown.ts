import type { ElementContent, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHast } from 'mdast-util-to-hast';
import { parseMarkdown } from '../../markdown/index.ts';
import { element, text } from '../body/hast-builder.ts';
import { bodySchema } from '../body/sanitize-schema.ts';
import { fastDescription } from './fast-description.ts';

/**
 * A description of the document (Markdown, as OpenAPI says) as sanitized hast, a safe subset of the page body:
 * Markdown read by the house parser but shown with the plain Markdown handlers only (a GitBook block in a
 * description is shown as its content, so a description cannot pull in another specification), raw HTML dropped,
 * then the page body's sanitizer rules. Headings inside a description are not part of the page's outline. Most
 * descriptions are read by the fast path (fast-description.ts), to the same tree but for source positions.
 *
 * @example
 * descriptionMarkdown('Returns **one** pet.') // → [<p>Returns <strong>one</strong> pet.</p>]
 */
export function descriptionMarkdown(source: string): ElementContent[] {
  const fast = fastDescription(source);
  const tree: Root = fast === undefined ? (toHast(parseMarkdown(source)) as Root) : { type: 'root', children: fast };
  return (sanitize(tree, bodySchema) as Root).children.filter((node): node is ElementContent => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''));
}

/** What each description of a document gave, by document: descriptions repeat across its operations and pages. */
const remembered = new WeakMap<object, Map<string, ElementContent[]>>();

/**
 * `descriptionMarkdown` for the descriptions of `document`, each read once for as long as the document lives; every
 * call answers a copy of the tree, since the page it goes into may change its tree (link and id passes).
 *
 * @example
 * const markdown = documentDescriptions(document);
 * markdown('Returns **one** pet.') // → [<p>Returns <strong>one</strong> pet.</p>], read once for the document
 */
export function documentDescriptions(document: object): (source: string) => ElementContent[] {
  let read = remembered.get(document);
  if (read === undefined) remembered.set(document, (read = new Map()));
  const descriptions = read;
  return (source) => {
    let tree = descriptions.get(source);
    if (tree === undefined) descriptions.set(source, (tree = descriptionMarkdown(source)));
    return tree.map(copy);
  };
}

/**
 * A copy of a hast node deep enough for a page to change it (its children, its properties and their lists), made by
 * the builders the rest of a page body is made by, without the source `position` the Markdown parser gave it. The
 * passes over a page body (links, icons, serialising) then meet nodes of one shape for elements and one for texts:
 * V8 optimizes them for the shapes they have met, and API pages arriving with a third and fourth shape after a few
 * hundred other pages sent about twenty of them back to be optimized again (bench/export, BENCHMARKS.md).
 */
function copy(node: ElementContent): ElementContent {
  if (node.type === 'text') return text(node.value);
  if (node.type !== 'element') return { ...node };
  const properties: typeof node.properties = {};
  for (const key in node.properties) {
    const value = node.properties[key];
    properties[key] = Array.isArray(value) ? [...value] : value;
  }
  return element(node.tagName, properties, node.children.map(copy));
}
