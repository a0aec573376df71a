import type { Element } from 'hast';
import type { Hint } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';

const styles = new Set(['info', 'success', 'warning', 'danger']);

/** `{% hint style="warning" %}` → a callout box in the semantic colour of its style (unknown styles: info). */
export function hint(state: State, node: Hint): Element {
  const style = node.style !== undefined && styles.has(node.style) ? node.style : 'info';
  return element('div', { className: ['hint'], dataStyle: style, role: 'note' }, [
    element('span', { className: ['hint-icon'], ariaHidden: 'true' }),
    element('div', { className: ['hint-body'] }, state.all(node)),
  ]);
}
