import type { Element, Root, RootContent } from 'hast';
import { element } from '../body/hast-builder.ts';
import { isIconClassList } from './icon-reference.ts';

// GitBook blocks and raw HTML both leave icons in a page body as `<i>` elements: blocks as a slot naming the icon
// (`<i class="quire-icon-slot" data-icon="bolt">`), raw HTML as Font Awesome writes them (`<i class="fa-solid
// fa-bolt">`). Both pass the sanitizer as they are, and the finishing pass draws each as an `<svg>`.

const slotClass = 'quire-icon-slot';

/**
 * The placeholder a block leaves for the icon `written` (as its attribute holds it), with the colour as written.
 *
 * @example
 * iconSlot('bolt') // → <i class="quire-icon-slot" data-icon="bolt"></i>
 */
export function iconSlot(written: string, colour?: string): Element {
  return element('i', { className: [slotClass], dataIcon: written, dataColor: colour });
}

/** The icon an `<i>` element asks for, as written, or `undefined` when it is not an icon (plain italics). */
export function iconOfElement(node: Element): string | undefined {
  if (node.tagName !== 'i') return undefined;
  const classes = classList(node.properties.className);
  if (classes.includes(slotClass)) return typeof node.properties.dataIcon === 'string' ? node.properties.dataIcon : '';
  return isIconClassList(classes) ? classes.join(' ') : undefined;
}

/** The colour a `style` attribute gives (`color:$primary;`), as written; checked when the tree is finished. */
export function colourOfStyle(style: string): string | undefined {
  const match = /(?:^|;)\s*color\s*:\s*([^;]+?)\s*(?:;|$)/i.exec(style);
  return match?.[1];
}

/**
 * Before sanitizing (which drops every `style`): keeps the text colour of raw `<i class="fa-…" style="color:…">`
 * icons as `data-color`, as marks carry theirs.
 */
export function keepIconColours(tree: Root): void {
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const { style } = node.properties;
      if (typeof style === 'string' && iconOfElement(node) !== undefined) {
        const colour = colourOfStyle(style);
        if (colour !== undefined) node.properties.dataColor = colour;
      }
      walk(node.children);
    }
  };
  walk(tree.children);
}

function classList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}
