import type { Element, Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import rehypeRemark from 'rehype-remark';
import { unified } from 'unified';
import { hintHandler, markCallouts } from './convert-callout.ts';
import { codeBlockHandler, markCodeLanguages } from './convert-code-block.ts';
import { definitionListHandler } from './convert-definition-list.ts';
import { detailsHandler } from './convert-details.ts';
import { embedHandler } from './convert-embed.ts';
import { listItemHandler } from './convert-list-item.ts';
import { figureHandler } from './convert-figure.ts';
import { markHeadingIds, headingHandlers } from './convert-heading.ts';
import type { Handle } from './convert-state.ts';
import { breakHandler } from './convert-table-break.ts';

/**
 * Marks what the handlers of `contentToMdast` need to know of the content and cannot see in their clone of it:
 * callouts, code languages, heading ids (before links are resolved, which drops the empty `<a name>` anchors).
 *
 * @example
 * ```ts
 * markContent(content);
 * resolveReferences(content, options);
 * const tree = contentToMdast(content);
 * ```
 */
export function markContent(content: Element): void {
  markCallouts(content);
  markCodeLanguages(content);
  markHeadingIds(content);
}

/**
 * The main content of a page (chrome removed, marked by `markContent`, links and images resolved) as mdast with Quire's block nodes:
 * rehype-remark's conversion, with handlers for what Quire's dialect has a form for (hints, code languages,
 * heading anchors, figures, expandables, embeds, definition lists, breaks in table cells). Mutates `content`.
 *
 * @example
 * ```ts
 * const content = selectMainContent(parseHtmlDocument(html));
 * markContent(content);
 * const tree = contentToMdast(content);
 * ```
 */
export function contentToMdast(content: Element): Root {
  const handlers: Record<string, Handle> = {
    ...headingHandlers(),
    div: hintHandler,
    pre: codeBlockHandler,
    figure: figureHandler,
    details: detailsHandler,
    iframe: embedHandler,
    dl: definitionListHandler,
    li: listItemHandler,
    br: breakHandler,
  };
  const root: HastRoot = { type: 'root', children: [content] };
  return unified().use(rehypeRemark, { document: true, handlers }).runSync(root) as Root;
}
