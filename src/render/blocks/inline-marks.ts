import type { Element, ElementContent } from 'hast';
import type { Button, Icon, Mark } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';
import { colourOfStyle, iconSlot } from '../icons/icon-slot.ts';

/** `<a class="button primary" data-icon="…">` → a button-styled link, its icon before the label. */
export function button(state: State, node: Button): Element {
  return buttonElement(node, state.all(node));
}

/** The button-styled link of `node` around its rendered label. */
export function buttonElement(node: Pick<Button, 'kind' | 'icon' | 'url'>, label: ElementContent[]): Element {
  const kind = node.kind === 'secondary' ? 'secondary' : 'primary';
  const icon = node.icon ? [iconSlot(node.icon)] : [];
  return element('a', { className: ['button', `button-${kind}`], href: node.url ?? '' }, [...icon, ...label]);
}

/**
 * `<i class="fa-github" style="color:$primary;">:github:</i>` → a slot for the icon, in the colour of its style;
 * the finishing pass draws it, and the `:github:` text (what shows where icons are not drawn) is dropped.
 */
export function icon(_state: State, node: Icon): Element {
  return iconElement(node);
}

/** The slot of an inline icon, in the colour of its `style` attribute. */
export function iconElement(node: Pick<Icon, 'name' | 'attributes'>): Element {
  const style = node.attributes?.find((attribute) => attribute.name.toLowerCase() === 'style')?.value;
  return iconSlot(node.name ?? '', typeof style === 'string' ? colourOfStyle(style) : undefined);
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
