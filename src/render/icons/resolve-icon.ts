import type { IconLibrary, IconSvg } from './icon-library.ts';
import type { IconReference } from './icon-reference.ts';
import { iconFamilies } from './icon-style.ts';

// Pro-only icons seen in real content, each drawn with the closest Free icon rather than the neutral fallback.
const freeStandIns: Readonly<Record<string, string>> = {
  'circles-overlap': 'object-ungroup',
  'hand-wave': 'hand',
  webhook: 'circle-nodes',
  gitbook: 'book',
};

/**
 * The drawing of a referenced icon: in the family it asks for, else in the families of the site's style, else
 * (for a Pro-only name) its Free stand-in; `undefined` when the library has none of these.
 *
 * @example
 * resolveIcon(library, { name: 'bell' }, 'regular') // → the regular bell's SVG
 */
export function resolveIcon(library: IconLibrary, reference: IconReference, style: string | undefined): IconSvg | undefined {
  const families = iconFamilies(style, reference.family);
  const find = (name: string) => {
    for (const family of families) {
      const svg = library.svg(family, name);
      if (svg) return svg;
    }
    return undefined;
  };
  const standIn = freeStandIns[reference.name];
  return find(reference.name) ?? (standIn === undefined ? undefined : find(standIn));
}
