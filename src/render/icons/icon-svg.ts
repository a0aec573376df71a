import type { Element } from 'hast';
import { escapeHtml } from '../chrome/html-escape.ts';
import type { IconSvg } from './icon-library.ts';

/** What an icon Font Awesome Free lacks is drawn as: a small ring, so the layout keeps its place for it. */
export const fallbackIconSvg: IconSvg = {
  viewBox: '0 0 512 512',
  path: 'M256 112a144 144 0 1 0 0 288a144 144 0 1 0 0-288zm0 48a96 96 0 1 1 0 192a96 96 0 1 1 0-192z',
};

/** How an icon is drawn: its drawing, the name it was asked by, a fallback or not, and an optional CSS colour. */
export interface IconDrawing {
  svg: IconSvg;
  name: string;
  missing: boolean;
  /** A CSS colour value already checked as safe (`var(--primary)`, `#f00`). */
  colour?: string;
}

function classes(drawing: IconDrawing): string[] {
  return drawing.missing ? ['quire-icon', 'quire-icon-missing'] : ['quire-icon'];
}

/**
 * An inline `<svg>` for an icon, decorative (`aria-hidden`), filled with the current text colour.
 *
 * @example
 * iconSvgElement({ svg: { viewBox: '0 0 512 512', path: 'M0 0h512v512z' }, name: 'square', missing: false })
 * // → <svg class="quire-icon" data-icon="square" viewBox="0 0 512 512" aria-hidden="true" focusable="false"><path fill="currentColor" d="M0 0h512v512z"/></svg>
 */
export function iconSvgElement(drawing: IconDrawing): Element {
  const properties: Element['properties'] = { className: classes(drawing), dataIcon: drawing.name, viewBox: drawing.svg.viewBox, ariaHidden: 'true', focusable: 'false' };
  if (drawing.colour) properties.style = `color:${drawing.colour}`;
  return {
    type: 'element',
    tagName: 'svg',
    properties,
    children: [{ type: 'element', tagName: 'path', properties: { fill: 'currentColor', d: drawing.svg.path }, children: [] }],
  };
}

/**
 * The same `<svg>` as HTML, for the page's chrome (title, section tabs).
 *
 * @example
 * iconSvgHtml({ svg: fallbackIconSvg, name: 'x', missing: true }) // → '<svg class="quire-icon quire-icon-missing" data-icon="x" …'
 */
export function iconSvgHtml(drawing: IconDrawing): string {
  const style = drawing.colour ? ` style="color:${escapeHtml(drawing.colour)}"` : '';
  return (
    `<svg class="${classes(drawing).join(' ')}" data-icon="${escapeHtml(drawing.name)}" viewBox="${escapeHtml(drawing.svg.viewBox)}" aria-hidden="true" focusable="false"${style}>` +
    `<path fill="currentColor" d="${escapeHtml(drawing.svg.path)}"/></svg>`
  );
}
