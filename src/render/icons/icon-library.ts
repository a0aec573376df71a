// Icons: GitBook content names Font Awesome icons (`icon: house`, `icon="bolt"`, `<i class="fa-rocket">`). The
// export draws them as inline SVG from Font Awesome Free's files; reading those files is I/O, so the pure renderer
// only sees this interface (src/export/icon-library.ts implements it, tests pass a fake).

/** The families Font Awesome Free ships. */
export type IconFamily = 'solid' | 'regular' | 'brands';

/** What an icon's SVG file holds: its view box and the one path it draws. */
export interface IconSvg {
  viewBox: string;
  path: string;
}

/** A source of icon drawings. */
export interface IconLibrary {
  /**
   * The drawing of `name` (no `fa-` prefix) in `family`, or `undefined` when that family has no such icon. A
   * library may also answer for a name that is an alias of one it has (`home` → `house`).
   */
  svg(family: IconFamily, name: string): IconSvg | undefined;
}

/** A library without icons: every icon is drawn with the neutral fallback. */
export const emptyIconLibrary: IconLibrary = { svg: () => undefined };
