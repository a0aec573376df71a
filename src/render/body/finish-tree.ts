import type { Element, Root, RootContent } from 'hast';
import { emptyIconLibrary } from '../icons/icon-library.ts';
import { createIconRenderer, type IconRenderer } from '../icons/icon-renderer.ts';
import { iconOfElement } from '../icons/icon-slot.ts';
import { isExternalUrl } from '../safe-url.ts';

/** Ids the page's chrome uses start with this; content ids that do are renamed so they cannot clash. */
export const chromeIdPrefix = 'qr-';

// Colours content may ask for: a name, a #hex colour, or a theme token ($primary, $info, …) → its custom property.
const colourName = /^[a-z]{3,20}$/i;
const hexColour = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const themeToken = /^\$(primary|info|success|warning|danger|tint)$/;
const percentage = /^(?:\d{1,2}(?:\.\d+)?|100)%$/;

/**
 * The last pass over a sanitized body: external links open as the customization says (`externalLinks.target`),
 * images load lazily, content ids cannot take the chrome's, the colours of marks and the widths of columns —
 * carried as data attributes through the sanitizer — become styles when they are well-formed, and icons (`<i>`
 * slots of blocks, raw `<i class="fa-…">`) become inline `<svg>`s drawn by `icons`, their `:name:` text dropped.
 * The SVGs are added after sanitizing, which strips every `<svg>` content writes.
 */
export function finishTree(tree: Root, externalTarget: 'self' | 'blank', icons: IconRenderer = createIconRenderer(emptyIconLibrary, undefined)): void {
  const walk = (nodes: RootContent[]) => {
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      if (node.type !== 'element') continue;
      const icon = iconDrawn(node, icons);
      if (icon !== undefined) {
        nodes[index] = icon;
        continue;
      }
      finishElement(node, externalTarget);
      walk(node.children);
    }
  };
  walk(tree.children);
}

/** The `<svg>` that replaces `node` when it is an icon (a slot of a block, a raw `<i class="fa-…">`), in its colour. */
export function iconDrawn(node: Element, icons: IconRenderer): Element | undefined {
  const icon = iconOfElement(node);
  return icon === undefined ? undefined : icons.element(icon, colour(node.properties.dataColor));
}

/** `finishTree` of one element that is not an icon, without its children. */
export function finishElement(node: Element, externalTarget: 'self' | 'blank'): void {
  const { properties } = node;
  if (typeof properties.id === 'string' && properties.id.startsWith(chromeIdPrefix)) properties.id = `user-content-${properties.id}`;
  if (node.tagName === 'a' && typeof properties.href === 'string' && /^(?:https?:)?\/\//i.test(properties.href) && isExternalUrl(properties.href)) {
    properties.rel = ['noopener', 'noreferrer'];
    if (externalTarget === 'blank') properties.target = '_blank';
  } else if (node.tagName === 'img') {
    properties.loading = 'lazy';
    properties.decoding = 'async';
  } else if (node.tagName === 'mark') {
    const declarations = [declaration('color', properties.dataColor), declaration('background-color', properties.dataBackground)].filter(Boolean);
    if (declarations.length) properties.style = declarations.join(';');
  } else if (node.tagName === 'div' && typeof properties.dataWidth === 'string' && percentage.test(properties.dataWidth)) {
    properties.style = `flex-basis:${properties.dataWidth}`;
  }
}

function declaration(property: string, value: unknown): string | undefined {
  const css = colour(value);
  return css === undefined ? undefined : `${property}:${css}`;
}

/** A colour as content writes it, as a CSS value, when it is well-formed: a theme token, a `#hex` colour or a name. */
function colour(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const token = themeToken.exec(value);
  if (token) return `var(--${token[1]})`;
  if (hexColour.test(value)) return value;
  if (colourName.test(value)) return `var(--mark-${value.toLowerCase()},${value.toLowerCase()})`;
  return undefined;
}
