import type { IconFamily } from './icon-library.ts';

/** An icon as content names it: its name without prefix, and the family it asks for, if any. */
export interface IconReference {
  name: string;
  family?: IconFamily;
}

// Family classes, Font Awesome 6 and 7 (`fa-solid`) and 5 (`fas`). Light, thin, duotone and sharp are Pro families:
// they ask for no family Free has, so the icon is looked up like one without a family.
const familyClasses: Readonly<Record<string, IconFamily | null>> = {
  'fa-solid': 'solid', fas: 'solid', 'fa-regular': 'regular', far: 'regular', 'fa-brands': 'brands', fab: 'brands',
  'fa-light': null, fal: null, 'fa-thin': null, fat: null, 'fa-duotone': null, fad: null, 'fa-sharp': null,
  'fa-sharp-duotone': null, 'fa-kit': null, fa: null,
};

// Classes that size, animate or place an icon; none of them is an icon's name.
const modifierClass =
  /^fa-(?:fw|li|ul|border|inverse|pull-(?:left|right|start|end)|stack(?:-[12]x)?|rotate-(?:90|180|270|by)|flip(?:-(?:horizontal|vertical|both))?|spin(?:-pulse|-reverse)?|pulse|beat(?:-fade)?|fade|bounce|shake|swap-opacity|width-auto|(?:2xs|xs|sm|lg|xl|2xl)|\d{1,2}x)$/;

const iconName = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads an icon as written in content: a class list (`fa-rocket`, `fa-solid fa-bolt`, `fab fa-github`), an
 * attribute value (`bolt`, `fa-bolt`) or an emoji-style short code (`:rocket:`). `undefined` when it names no icon.
 *
 * @example
 * parseIconReference('fa-brands fa-github') // → { name: 'github', family: 'brands' }
 * parseIconReference(':rocket:') // → { name: 'rocket' }
 */
export function parseIconReference(written: string): IconReference | undefined {
  let family: IconFamily | undefined;
  let name: string | undefined;
  for (const word of written.trim().toLowerCase().split(/\s+/)) {
    if (word in familyClasses) {
      family = familyClasses[word] ?? family;
      continue;
    }
    if (modifierClass.test(word)) continue;
    const bare = word.replace(/^fa-/, '').replace(/^:(.+):$/, '$1');
    if (name === undefined && bare.length <= 50 && iconName.test(bare)) name = bare;
  }
  if (name === undefined) return undefined;
  return family ? { name, family } : { name };
}

/** Whether a class list names a Font Awesome icon (`<i class="fa-…">`). */
export function isIconClassList(classes: readonly string[]): boolean {
  return classes.some((word) => word.startsWith('fa-') && !(word in familyClasses) && !modifierClass.test(word));
}
