// Test support: a small icon library, with made-up drawings that name their icon, so a test can tell which family
// and which icon was drawn (`M0 0h1v1H0z solid/rocket`-like paths are not real, only recognisable).
import type { IconFamily, IconLibrary } from './icon-library.ts';

const families: Record<IconFamily, string[]> = {
  solid: ['rocket', 'bolt', 'house', 'gear', 'bell', 'hand', 'object-ungroup'],
  regular: ['bell'],
  brands: ['github'],
};
const aliases: Record<string, string> = { home: 'house', cog: 'gear' };

/** The path drawn for `name` in `family`. */
export function fakePath(family: IconFamily, name: string): string {
  return `M0 0L${family}-${name}`;
}

/**
 * A library of a few icons (solid: rocket, bolt, house, gear, bell, hand, object-ungroup; regular: bell; brands:
 * github; aliases home → house, cog → gear), and every question it was asked.
 *
 * @example
 * fakeIconLibrary().svg('solid', 'rocket') // → { viewBox: '0 0 512 512', path: 'M0 0Lsolid-rocket' }
 */
export function fakeIconLibrary(): IconLibrary & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    svg(family, name) {
      asked.push(`${family}/${name}`);
      const canonical = aliases[name] ?? name;
      return families[family].includes(canonical) ? { viewBox: family === 'brands' ? '0 0 496 512' : '0 0 512 512', path: fakePath(family, canonical) } : undefined;
    },
  };
}
