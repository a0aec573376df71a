import type { ElementContent, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHast } from 'mdast-util-to-hast';
import { parseMarkdown } from '../../markdown/index.ts';
import { bodySchema } from '../body/sanitize-schema.ts';

/**
 * A description of the document (Markdown, as OpenAPI says) as sanitized hast, a safe subset of the page body:
 * Markdown read by the house parser but shown with the plain Markdown handlers only (a GitBook block in a
 * description is shown as its content, so a description cannot pull in another specification), raw HTML dropped,
 * then the page body's sanitizer rules. Headings inside a description are not part of the page's outline.
 *
 * @example
 * descriptionMarkdown('Returns **one** pet.') // → [<p>Returns <strong>one</strong> pet.</p>]
 */
export function descriptionMarkdown(source: string): ElementContent[] {
  const tree = toHast(parseMarkdown(source)) as Root;
  return (sanitize(tree, bodySchema) as Root).children.filter((node): node is ElementContent => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''));
}
