import type { NavItem } from '../route-data.ts';
import type { IconRenderer } from './icon-renderer.ts';

/** The drawings a navigation file carries, once each: icon name → [view box, path]. */
export type IconDictionary = Record<string, [viewBox: string, path: string]>;

/**
 * Every icon a sidebar names (`i` of its entries), drawn once: the site script builds each entry's `<svg>` from
 * this, so a navigation file of 10,000 entries with the same icon holds its path once.
 *
 * @example
 * iconDictionary([{ t: 'Home', h: 'index.html', i: 'house' }], icons) // → { house: ['0 0 512 512', 'M…'] }
 */
export function iconDictionary(nav: readonly NavItem[], icons: IconRenderer): IconDictionary {
  const dictionary: IconDictionary = {};
  const walk = (items: readonly NavItem[]) => {
    for (const item of items) {
      if (item.i !== undefined && !(item.i in dictionary)) {
        const { svg } = icons.drawing(item.i);
        dictionary[item.i] = [svg.viewBox, svg.path];
      }
      if (item.c) walk(item.c);
    }
  };
  walk(nav);
  return dictionary;
}
