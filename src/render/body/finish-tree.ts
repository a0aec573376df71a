import type { Element, Root, RootContent } from 'hast';
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
 * images load lazily, content ids cannot take the chrome's, and the colours of marks and the widths of columns —
 * carried as data attributes through the sanitizer — become styles when they are well-formed.
 */
export function finishTree(tree: Root, externalTarget: 'self' | 'blank'): void {
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      finishElement(node, externalTarget);
      walk(node.children);
    }
  };
  walk(tree.children);
}

function finishElement(node: Element, externalTarget: 'self' | 'blank'): void {
  const { properties } = node;
  if (typeof properties.id === 'string' && properties.id.startsWith(chromeIdPrefix)) properties.id = `user-content-${properties.id}`;
  if (node.tagName === 'a' && typeof properties.href === 'string' && /^(?:https?:)?\/\//i.test(properties.href) && isExternalUrl(properties.href)) {
    properties.rel = ['noopener', 'noreferrer'];
    if (externalTarget === 'blank') properties.target = '_blank';
  } else if (node.tagName === 'img') {
    properties.loading = 'lazy';
    properties.decoding = 'async';
  } else if (node.tagName === 'mark') {
    const declarations = [colour('color', properties.dataColor), colour('background-color', properties.dataBackground)].filter(Boolean);
    if (declarations.length) properties.style = declarations.join(';');
  } else if (node.tagName === 'div' && typeof properties.dataWidth === 'string' && percentage.test(properties.dataWidth)) {
    properties.style = `flex-basis:${properties.dataWidth}`;
  }
}

function colour(property: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const token = themeToken.exec(value);
  if (token) return `${property}:var(--${token[1]})`;
  if (hexColour.test(value)) return `${property}:${value}`;
  if (colourName.test(value)) return `${property}:var(--mark-${value.toLowerCase()},${value.toLowerCase()})`;
  return undefined;
}
