import type { SpacePlan } from '../route-data.ts';

/**
 * The navigation file of a site space: its whole sidebar, loaded by every page of the space through one
 * `<script>` tag (a fetch would fail from `file://`), so that pages do not each carry the tree. Pages name the
 * space (`data-nav`) and their own page id (`data-page`); the site script draws the sidebar from this.
 *
 * @example
 * navigationScript(space) // → 'window.__quireNav=window.__quireNav||{};window.__quireNav["s0"]=[{"t":"Home","h":"index.html","p":"…"}];'
 */
export function navigationScript(space: Pick<SpacePlan, 'key' | 'nav'>): string {
  return `window.__quireNav=window.__quireNav||{};window.__quireNav[${JSON.stringify(space.key)}]=${JSON.stringify(space.nav)};\n`;
}

/** Where a space's navigation file is written, relative to the bundle's root. */
export function navigationPath(space: Pick<SpacePlan, 'key'>): string {
  return `assets/nav-${space.key}.js`;
}
