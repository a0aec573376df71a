import type { Element, ElementContent } from 'hast';
import type { Hint } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';
import { iconSlot } from '../icons/icon-slot.ts';

const styles = new Set(['info', 'success', 'warning', 'danger']);

/**
 * `{% hint style="warning" icon="bolt" %}` → a callout box in the semantic colour of its style (unknown styles:
 * info), with its icon when it names one (else the style's own mark, drawn by the stylesheet).
 */
export function hint(state: State, node: Hint): Element {
  return hintElement(node.style, state.all(node), node.icon);
}

/** The callout of a hint of `style` around its rendered content. */
export function hintElement(style: string | undefined, children: ElementContent[], icon?: string): Element {
  const custom = icon !== undefined && icon.trim() !== '';
  return element('div', { className: ['hint'], dataStyle: style !== undefined && styles.has(style) ? style : 'info', role: 'note' }, [
    element('span', { className: custom ? ['hint-icon', 'hint-icon-custom'] : ['hint-icon'], ariaHidden: 'true' }, custom ? [iconSlot(icon)] : []),
    element('div', { className: ['hint-body'] }, children),
  ]);
}
