import type { IconFamily } from './icon-library.ts';

/**
 * The site's icon style (`styling.icons`: regular, solid, duotone, light, thin) as the families to look in, first
 * to last. Free has only solid, regular and brands: light and thin are line icons, closest to regular; duotone
 * and anything else draw solid. Brands come last, so `github` or `slack` are found whatever the style.
 *
 * @example
 * iconFamilies('light') // → ['regular', 'solid', 'brands']
 */
export function iconFamilies(style: string | undefined, asked?: IconFamily): IconFamily[] {
  const preferred: IconFamily[] = style === 'regular' || style === 'light' || style === 'thin' ? ['regular', 'solid', 'brands'] : ['solid', 'regular', 'brands'];
  return asked ? [asked, ...preferred.filter((family) => family !== asked)] : preferred;
}
