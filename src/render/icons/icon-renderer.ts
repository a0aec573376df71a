import type { Element } from 'hast';
import type { IconLibrary } from './icon-library.ts';
import { parseIconReference } from './icon-reference.ts';
import { fallbackIconSvg, iconSvgElement, iconSvgHtml, type IconDrawing } from './icon-svg.ts';
import { resolveIcon } from './resolve-icon.ts';

/** Draws the icons of one page in the site's style, and remembers the ones it could only draw as the fallback. */
export interface IconRenderer {
  /** How an icon written in content (`fa-solid fa-bolt`, `bolt`, `:bolt:`) is drawn. */
  drawing(written: string): Omit<IconDrawing, 'colour'>;
  /** The icon as an `<svg>` element, coloured with a CSS colour value that is already safe. */
  element(written: string, colour?: string): Element;
  /** The icon as `<svg>` HTML. */
  html(written: string): string;
  /** What was written for each icon drawn as the fallback, once each, in the order met. */
  readonly missing: string[];
}

/**
 * An icon renderer over `library`, for a site space whose icon style (`styling.icons`) is `style`.
 *
 * @example
 * const icons = createIconRenderer(library, 'regular');
 * icons.html('fa-bell') // → '<svg class="quire-icon" data-icon="bell" viewBox="0 0 448 512" …'
 */
export function createIconRenderer(library: IconLibrary, style: string | undefined): IconRenderer {
  const drawings = new Map<string, Omit<IconDrawing, 'colour'>>();
  const missing: string[] = [];
  const drawing = (written: string) => {
    let found = drawings.get(written);
    if (found === undefined) {
      const reference = parseIconReference(written);
      const svg = reference ? resolveIcon(library, reference, style) : undefined;
      found = svg ? { svg, name: reference!.name, missing: false } : { svg: fallbackIconSvg, name: reference?.name ?? 'unknown', missing: true };
      if (found.missing) missing.push(written.trim());
      drawings.set(written, found);
    }
    return found;
  };
  return {
    drawing,
    element: (written, colour) => iconSvgElement({ ...drawing(written), ...(colour ? { colour } : {}) }),
    html: (written) => iconSvgHtml(drawing(written)),
    missing,
  };
}
