import type { Element } from 'hast';
import type { Details } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';
import { htmlFragment } from '../body/html-fragment.ts';

/** `<details>` with its `<summary>`: an expandable block, open when written `<details open>`. */
export function details(state: State, node: Details): Element {
  const summary = htmlFragment(node.summary.trim());
  return element('details', { className: ['expandable'], open: node.open ? true : undefined }, [
    element('summary', {}, summary.length ? summary : [text('Details')]),
    element('div', { className: ['expandable-body'] }, state.all(node)),
  ]);
}
