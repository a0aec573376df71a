import type { Element, ElementContent } from 'hast';
import type { Details } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';
import { htmlFragment } from '../body/html-fragment.ts';

/** `<details>` with its `<summary>`: an expandable block, open when written `<details open>`. */
export function details(state: State, node: Details): Element {
  return detailsElement(node.summary, node.open === true, state.all(node));
}

/** An expandable of `summary` (HTML, as written) around its rendered content. */
export function detailsElement(summary: string, open: boolean, children: ElementContent[]): Element {
  const title = htmlFragment(summary.trim());
  return element('details', { className: ['expandable'], open: open ? true : undefined }, [
    element('summary', {}, title.length ? title : [text('Details')]),
    element('div', { className: ['expandable-body'] }, children),
  ]);
}
