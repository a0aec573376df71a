import { iconDictionary } from '../icons/icon-dictionary.ts';
import { emptyIconLibrary, type IconLibrary } from '../icons/icon-library.ts';
import { createIconRenderer } from '../icons/icon-renderer.ts';
import type { SpacePlan } from '../route-data.ts';

/**
 * The navigation file of a site space: its whole sidebar, loaded by every page of the space through one
 * `<script>` tag (a fetch would fail from `file://`), so that pages do not each carry the tree. Pages name the
 * space (`data-nav`) and their own page id (`data-page`); the site script draws the sidebar from this. Entries
 * name their icon (`i`); the file holds each icon's drawing once, in `window.__quireIcons[key]`.
 *
 * @example
 * navigationScript(space, library) // → 'window.__quireNav=window.__quireNav||{};window.__quireNav["s0"]=[{"t":"Home","h":"index.html","p":"…","i":"house"}];\nwindow.__quireIcons=…'
 */
export function navigationScript(space: Pick<SpacePlan, 'key' | 'nav'> & { customization?: Pick<SpacePlan['customization'], 'icons'> }, icons: IconLibrary = emptyIconLibrary): string {
  const key = JSON.stringify(space.key);
  const nav = `window.__quireNav=window.__quireNav||{};window.__quireNav[${key}]=${JSON.stringify(space.nav)};\n`;
  const dictionary = iconDictionary(space.nav, createIconRenderer(icons, space.customization?.icons));
  if (Object.keys(dictionary).length === 0) return nav;
  return `${nav}window.__quireIcons=window.__quireIcons||{};window.__quireIcons[${key}]=${JSON.stringify(dictionary)};\n`;
}

/** Where a space's navigation file is written, relative to the bundle's root. */
export function navigationPath(space: Pick<SpacePlan, 'key'>): string {
  return `assets/nav-${space.key}.js`;
}
