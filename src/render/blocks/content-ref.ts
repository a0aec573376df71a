import type { Element } from 'hast';
import type { Node } from 'mdast';
import type { ContentRef, PageRef } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { baseOf, type BodyContext } from '../body/body-context.ts';
import { element, text } from '../body/hast-builder.ts';
import { mdastText } from '../body/node-text.ts';
import { findTarget } from '../body/resolve-links.ts';
import { isExternalUrl } from '../safe-url.ts';

/**
 * `{% content-ref url="page.md" %}` and the legacy `{% page-ref page="page.md" %}` → a card linking to the page,
 * titled with the page's title. The link pass resolves (or reports) the URL like any other.
 */
export function createContentRefHandlers(context: BodyContext) {
  const card = (node: Node, url: string, fallback: string): Element => contentRefElement(context, baseOf(context, node), url, fallback);
  return {
    contentRef: (_state: State, node: ContentRef) => card(node, node.url?.trim() ?? '', node.children.map((child) => mdastText(child)).join(' ').trim()),
    pageRef: (_state: State, node: PageRef) => card(node, node.page?.trim() ?? '', ''),
  };
}

/**
 * The card of a page link to `url` (trimmed) written in the file `base`, titled with its target's title, else with
 * `fallback` (the text of the block's content), else with the URL.
 */
export function contentRefElement(context: BodyContext, base: string, url: string, fallback: string): Element {
  const target = url === '' || isExternalUrl(url) ? undefined : findTarget(context.space, base, url);
  const title = target?.title ?? (fallback || url);
  return element('div', { className: ['content-ref'] }, [
    element('a', { className: ['content-ref-link'], href: url === '' ? undefined : url }, [
      element('span', { className: [target?.kind === 'file' ? 'content-ref-file' : 'content-ref-page'], ariaHidden: 'true' }),
      element('span', { className: ['content-ref-title'] }, [text(title)]),
      element('span', { className: ['content-ref-arrow'], ariaHidden: 'true' }, [text('→')]),
    ]),
  ]);
}
