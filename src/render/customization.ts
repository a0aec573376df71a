import { isTranslationLanguage, type TranslationLanguageCode } from '../model/index.ts';
import type { ContentLinkInput, CustomizationInput, FooterGroupInput, HeaderItemInput, ThemedColor, ThemedUrl } from './site-profile.ts';

/** The customization of one site space with every default filled in: what the chrome and the stylesheet read. */
export interface Customization {
  title: string | undefined;
  colors: {
    primary: ThemedColor;
    tint: ThemedColor | undefined;
    info: ThemedColor;
    success: ThemedColor;
    warning: ThemedColor;
    danger: ThemedColor;
  };
  corners: 'straight' | 'rounded' | 'circular';
  depth: 'subtle' | 'flat';
  links: 'default' | 'accent';
  theme: string;
  font: string | undefined;
  sidebar: { background: 'default' | 'filled'; list: 'default' | 'pill' | 'line' };
  search: 'prominent' | 'subtle';
  /** The icon style (`styling.icons`); src/render/icons/icon-style.ts maps it to Font Awesome Free's families. */
  icons: 'regular' | 'solid' | 'duotone' | 'light' | 'thin';
  favicon: { icon?: ThemedUrl; emoji?: string };
  logo: ThemedUrl | undefined;
  headerLinks: HeaderItemInput[];
  footer: { logo: ThemedUrl | undefined; groups: FooterGroupInput[]; copyright: string | undefined };
  announcement: { message: string; link: ContentLinkInput | undefined; style: 'info' | 'warning' | 'danger' | 'success' } | undefined;
  themes: { default: 'light' | 'dark' | 'system'; toggeable: boolean };
  externalLinksTarget: 'self' | 'blank';
  pagination: boolean;
  privacyPolicyUrl: string | undefined;
  /** The language the site space is written in (`internationalization.locale`, default `en`). */
  locale: TranslationLanguageCode;
}

// The hosted service's defaults (a new site's customization).
const defaultColors = {
  primary: { light: '#346DDB', dark: '#346DDB' },
  info: { light: '#787878', dark: '#787878' },
  success: { light: '#00C950', dark: '#00C950' },
  warning: { light: '#FE9A00', dark: '#FE9A00' },
  danger: { light: '#FB2C36', dark: '#FB2C36' },
} as const;

const hexColor = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/**
 * The customization that applies while reading a site space: the site's, overridden field by field by the site
 * space's own (`customizations.siteSpaces[id]`), with defaults for what neither sets. Invalid values (a colour that
 * is not `#rgb`/`#rrggbb`, an unknown enum) fall back to the default, so nothing from the profile reaches the
 * stylesheet unchecked.
 *
 * @example
 * resolveCustomization({ styling: { primaryColor: { light: '#ff0000', dark: '#ff8080' } } }).colors.primary
 * // → { light: '#ff0000', dark: '#ff8080' }
 */
export function resolveCustomization(site: CustomizationInput, siteSpace?: CustomizationInput): Customization {
  const merged = deepMerge(site, siteSpace ?? {}) as CustomizationInput;
  const styling = merged.styling ?? {};
  const color = (value: ThemedColor | undefined, fallback: ThemedColor): ThemedColor => ({
    light: value && hexColor.test(value.light) ? value.light : fallback.light,
    dark: value && hexColor.test(value.dark) ? value.dark : value && hexColor.test(value.light) ? value.light : fallback.dark,
  });
  const tint = styling.tint?.color;
  const announcement = merged.announcement;
  return {
    title: nonEmpty(merged.title),
    colors: {
      primary: color(styling.primaryColor, defaultColors.primary),
      tint: tint && hexColor.test(tint.light) ? color(tint, { light: tint.light, dark: tint.light }) : undefined,
      info: color(styling.infoColor, defaultColors.info),
      success: color(styling.successColor, defaultColors.success),
      warning: color(styling.warningColor, defaultColors.warning),
      danger: color(styling.dangerColor, defaultColors.danger),
    },
    corners: oneOf(styling.corners, ['straight', 'rounded', 'circular'] as const, 'rounded'),
    depth: oneOf(styling.depth, ['subtle', 'flat'] as const, 'subtle'),
    links: oneOf(styling.links, ['default', 'accent'] as const, 'default'),
    theme: oneOf(styling.theme, ['clean', 'muted', 'bold', 'gradient'] as const, 'clean'),
    font: typeof styling.font === 'string' ? styling.font : fontFamilyOf(styling.font),
    sidebar: {
      background: oneOf(styling.sidebar?.background, ['default', 'filled'] as const, 'default'),
      list: oneOf(styling.sidebar?.list, ['default', 'pill', 'line'] as const, 'default'),
    },
    search: oneOf(styling.search, ['prominent', 'subtle'] as const, 'prominent'),
    icons: oneOf(styling.icons, ['regular', 'solid', 'duotone', 'light', 'thin'] as const, 'regular'),
    favicon: merged.favicon ?? {},
    logo: merged.header?.logo,
    headerLinks: merged.header?.links ?? [],
    footer: { logo: merged.footer?.logo, groups: merged.footer?.groups ?? [], copyright: nonEmpty(merged.footer?.copyright) },
    announcement:
      announcement?.enabled && nonEmpty(announcement.message)
        ? { message: announcement.message, link: announcement.link, style: oneOf(announcement.style, ['info', 'warning', 'danger', 'success'] as const, 'info') }
        : undefined,
    themes: {
      default: oneOf(merged.themes?.default, ['light', 'dark', 'system'] as const, 'system'),
      toggeable: merged.themes?.toggeable ?? true,
    },
    externalLinksTarget: oneOf(merged.externalLinks?.target, ['self', 'blank'] as const, 'self'),
    pagination: merged.pagination?.enabled ?? true,
    privacyPolicyUrl: nonEmpty(merged.privacyPolicy?.url),
    locale: isTranslationLanguage(merged.internationalization?.locale) ? merged.internationalization.locale : 'en',
  };
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A custom font definition (`CustomizationFontDefinitionInput`) names its family. */
function fontFamilyOf(font: unknown): string | undefined {
  if (typeof font !== 'object' || font === null || !('fontFamily' in font)) return undefined;
  const family = (font as { fontFamily: unknown }).fontFamily;
  return typeof family === 'string' ? family : undefined;
}

/** Objects merge key by key; anything else (arrays included) in `override` replaces; `null` and `undefined` keep the base. */
function deepMerge(base: unknown, override: unknown): unknown {
  if (override === undefined || override === null) return base;
  if (!isPlainObject(base) || !isPlainObject(override)) return override;
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) result[key] = deepMerge(base[key], value);
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
