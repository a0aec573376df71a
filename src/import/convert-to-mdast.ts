import type { Element } from 'hast';
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
 * The main content of a page (chrome removed, links and images resolved) as mdast with Quire's block nodes:
 * rehype-remark's conversion, with handlers for what Quire's dialect has a form for (hints, code languages,
 * heading anchors, figures, expandables, embeds, definition lists, breaks in table cells). Mutates `content`.
 *
 * @example
 * ```ts
 * const tree = contentToMdast(selectMainContent(parseHtmlDocument(html)));
 * ```
 */
export function contentToMdast(content: Element): Root {
  markCallouts(content);
  markCodeLanguages(content);
  markHeadingIds(content);
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
  const root: import('hast').Root = { type: 'root', children: [content] };
  return unified().use(rehypeRemark, { document: true, handlers }).runSync(root) as Root;
}
