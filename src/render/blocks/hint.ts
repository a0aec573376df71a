import type { Element, ElementContent } from 'hast';
import type { Hint } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';

const styles = new Set(['info', 'success', 'warning', 'danger']);

/** `{% hint style="warning" %}` → a callout box in the semantic colour of its style (unknown styles: info). */
export function hint(state: State, node: Hint): Element {
  return hintElement(node.style, state.all(node));
}

/** The callout of a hint of `style` around its rendered content. */
export function hintElement(style: string | undefined, children: ElementContent[]): Element {
  return element('div', { className: ['hint'], dataStyle: style !== undefined && styles.has(style) ? style : 'info', role: 'note' }, [
    element('span', { className: ['hint-icon'], ariaHidden: 'true' }),
    element('div', { className: ['hint-body'] }, children),
  ]);
}
