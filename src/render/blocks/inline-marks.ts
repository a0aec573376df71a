import type { Element, ElementContent } from 'hast';
import type { Button, Icon, Mark } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';
import { iconGlyph } from '../icon-glyph.ts';

/** `<a class="button primary" data-icon="…">` → a button-styled link. */
export function button(state: State, node: Button): Element {
  const kind = node.kind === 'secondary' ? 'secondary' : 'primary';
  const icon = node.icon ? [element('span', { className: ['icon'], dataIcon: node.icon, ariaHidden: 'true' }, [text(iconGlyph(node.icon))])] : [];
  return element('a', { className: ['button', `button-${kind}`], href: node.url ?? '' }, [...icon, ...state.all(node)]);
}

/** `<i class="fa-github">` → the icon's glyph (Font Awesome does not ship with the export); the name is its label. */
export function icon(_state: State, node: Icon): Element {
  const name = (node.name ?? '').replace(/^fa-/, '');
  return element('span', { className: ['icon'], dataIcon: name || undefined, role: 'img', ariaLabel: name || 'icon' }, [text(iconGlyph(name))]);
}

/**
 * `<mark style="color:…;background-color:…">` → coloured text. The colours travel as data attributes and become a
 * style only if they are a colour name, a `#hex` colour or a theme token (`$primary`), when the tree is finished.
 */
export function mark(state: State, node: Mark): Element | ElementContent[] {
  const children = state.all(node);
  if (!node.color && !node.backgroundColor) return children;
  return element('mark', { className: ['mark'], dataColor: node.color, dataBackground: node.backgroundColor }, children);
}
