import { QuireError } from '../../errors/index.ts';

/*
 * Site customization (`SiteCustomizationSettingsInput` of the published schema): a checker that names the
 * field it refuses (colours `#rgb`/`#rrggbb` as the published `Color` pattern, the published enums, absolute
 * http(s) URLs for images and fonts, links (`ContentRef`) of a known kind whose URL a browser may open), the
 * defaults that fill what an input leaves out, and the merge of a site space's overrides.
 */

type Rule =
  | 'color'
  | 'url'
  | 'linkUrl'
  | 'boolean'
  | 'contentRef'
  | { enum: readonly string[] }
  | { font: readonly string[] }
  | { text: number; min?: number }
  | { integer: readonly [number, number] }
  | { nullable: Rule }
  | { localized: number }
  | { object: Record<string, Rule>; required?: readonly string[]; atMostOne?: readonly string[] }
  | { array: Rule; min?: number; max?: number };

const themedColor: Rule = { object: { light: 'color', dark: 'color' }, required: ['light', 'dark'] };
const themedUrl: Rule = { object: { light: 'url', dark: 'url' }, required: ['light', 'dark'] };
const codeThemes = [
  'default-light', 'default-dark', 'monochrome-light', 'monochrome-dark', 'andromeeda', 'aurora-x', 'ayu-dark', 'catppuccin-frappe', 'catppuccin-latte',
  'catppuccin-macchiato', 'catppuccin-mocha', 'dark-plus', 'dracula', 'dracula-soft', 'everforest-dark', 'everforest-light', 'github-dark', 'github-dark-default',
  'github-dark-dimmed', 'github-dark-high-contrast', 'github-light', 'github-light-default', 'github-light-high-contrast', 'gruvbox-dark-hard', 'gruvbox-dark-medium',
  'gruvbox-dark-soft', 'gruvbox-light-hard', 'gruvbox-light-medium', 'gruvbox-light-soft', 'houston', 'kanagawa-dragon', 'kanagawa-lotus', 'kanagawa-wave', 'laserwave',
  'light-plus', 'material-theme', 'material-theme-darker', 'material-theme-lighter', 'material-theme-ocean', 'material-theme-palenight', 'min-dark', 'min-light', 'monokai',
  'night-owl', 'nord', 'one-dark-pro', 'one-light', 'plastic', 'poimandres', 'red', 'rose-pine', 'rose-pine-dawn', 'rose-pine-moon', 'slack-dark', 'slack-ochin',
  'snazzy-light', 'solarized-dark', 'solarized-light', 'synthwave-84', 'tokyo-night', 'vesper', 'vitesse-black', 'vitesse-dark', 'vitesse-light',
] as const;
const themedCode: Rule = { object: { light: { enum: codeThemes }, dark: { enum: codeThemes } }, required: ['light', 'dark'] };
const fonts = ['ABCFavorit', 'Inter', 'Roboto', 'RobotoSlab', 'OpenSans', 'SourceSansPro', 'Lato', 'Ubuntu', 'Raleway', 'Merriweather', 'Overpass', 'NotoSans', 'IBMPlexSerif', 'Poppins', 'FiraSans'];
const monospaceFonts = ['FiraCode', 'IBMPlexMono', 'JetBrainsMono', 'SourceCodePro', 'RobotoMono', 'SpaceMono', 'DMMono', 'Inconsolata'];
/** The published `TranslationLanguage`: the locales a `Localized*` value may be keyed by. */
const translationLanguages = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no', 'da', 'fi', 'el', 'cs', 'hu', 'ro',
  'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
];
/** The published `LocalizedString64`, `LocalizedString128`, `LocalizedString` (no limit): strings keyed by a translation language. */
const localized = (maxLength: number): Rule => ({ localized: maxLength });
const contentLink: Rule = { object: { title: { text: 64 }, localizedTitle: localized(64), to: 'contentRef' }, required: ['title', 'to'] };
const id: Rule = { text: 256, min: 1 };
/** Schemes a reader's browser may open from a link of the chrome (header, footer, announcement). */
const linkSchemes = ['http:', 'https:', 'mailto:', 'tel:'];
/** `CustomizationFontDefinitionInput` (and the `permissions` a read adds, so that a read can be written back). */
const fontDefinition: Rule = {
  object: {
    id,
    custom: 'boolean',
    fontFamily: { text: 50, min: 1 },
    fontFaces: {
      array: { object: { weight: { integer: [1, 1000] }, sources: { array: { object: { url: 'url', format: { enum: ['woff2', 'woff'] } }, required: ['url'] }, min: 1 } }, required: ['weight', 'sources'] },
      min: 1,
    },
    permissions: { object: { edit: 'boolean' } },
  },
  required: ['id', 'custom', 'fontFamily', 'fontFaces'],
};
/** A `ContentRef` of one kind: its `kind`, and the fields of that kind. */
const ref = (kind: string, fields: Record<string, Rule>, required: readonly string[]): Rule => ({ object: { kind: { enum: [kind] }, ...fields }, required: ['kind', ...required] });
/** Each kind of `ContentRef`, by `kind`. */
const contentRefKinds: Readonly<Record<string, Rule>> = {
  url: ref('url', { url: 'linkUrl' }, ['url']),
  page: ref('page', { page: id, space: id }, ['page']),
  file: ref('file', { file: id, space: id }, ['file']),
  anchor: ref('anchor', { anchor: id, page: id, space: id }, ['anchor']),
  user: ref('user', { user: id }, ['user']),
  collection: ref('collection', { collection: id }, ['collection']),
  space: ref('space', { space: id }, ['space']),
  'reusable-content': ref('reusable-content', { reusableContent: id, space: id }, ['reusableContent']),
  tag: ref('tag', { tag: id, space: id }, ['tag']),
  openapi: ref('openapi', { spec: id }, ['spec']),
};

const settingsRule: Rule = {
  object: {
    title: { text: 128, min: 2 },
    localizedTitle: localized(128),
    styling: {
      object: {
        theme: { enum: ['clean', 'muted', 'bold', 'gradient'] },
        primaryColor: themedColor,
        tint: { object: { color: themedColor }, required: ['color'] },
        infoColor: themedColor,
        successColor: themedColor,
        warningColor: themedColor,
        dangerColor: themedColor,
        corners: { enum: ['straight', 'rounded', 'circular'] },
        depth: { enum: ['subtle', 'flat'] },
        links: { enum: ['default', 'accent'] },
        font: { font: fonts },
        headingFont: { nullable: { font: fonts } },
        monospaceFont: { font: monospaceFonts },
        background: { enum: ['plain', 'match'] },
        icons: { enum: ['regular', 'solid', 'duotone', 'light', 'thin'] },
        codeTheme: { object: { default: themedCode, openapi: themedCode }, required: ['default', 'openapi'] },
        sidebar: { object: { background: { enum: ['default', 'filled'] }, list: { enum: ['default', 'pill', 'line'] } }, required: ['background', 'list'] },
        search: { enum: ['prominent', 'subtle'] },
      },
    },
    internationalization: { object: { locale: { enum: ['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru'] } }, required: ['locale'] },
    // The published `CustomizationFavicon` is one of { icon }, { emoji } or {}.
    favicon: { object: { icon: themedUrl, emoji: { text: 32, min: 1 } }, atMostOne: ['icon', 'emoji'] },
    header: {
      object: {
        preset: { enum: ['default', 'bold', 'contrast', 'custom', 'none'] },
        logo: themedUrl,
        primaryLink: 'contentRef',
        backgroundColor: themedColor,
        linkColor: themedColor,
        links: {
          array: {
            object: { title: { text: 128 }, localizedTitle: localized(Number.POSITIVE_INFINITY), style: { enum: ['link', 'button-primary', 'button-secondary'] }, to: { nullable: 'contentRef' }, links: { array: contentLink }, condition: { text: 1024 } },
            required: ['title', 'to', 'links'],
          },
        },
      },
    },
    footer: {
      object: {
        logo: themedUrl,
        groups: { array: { object: { title: { text: 128 }, localizedTitle: localized(Number.POSITIVE_INFINITY), links: { array: contentLink } }, required: ['title', 'links'] } },
        copyright: { text: 512 },
      },
    },
    announcement: {
      object: { enabled: 'boolean', message: { text: 128, min: 2 }, localizedMessage: localized(128), link: contentLink, style: { enum: ['info', 'warning', 'danger', 'success'] } },
      required: ['enabled', 'message', 'style'],
    },
    themes: { object: { default: { enum: ['light', 'dark', 'system'] }, toggeable: 'boolean' } },
    feedback: { object: { enabled: 'boolean' } },
    ai: {
      object: { mode: { enum: ['none', 'search', 'assistant'] }, greeting: { text: 256 }, localizedGreeting: localized(128), suggestions: { array: { text: 64, min: 3 }, max: 5 }, instructions: { text: 10000 } },
    },
    advancedCustomization: { object: { enabled: 'boolean' } },
    pageActions: { object: { items: { array: { enum: ['assistant', 'external-ai', 'markdown', 'mcp', 'git', 'pdf'] } } } },
    externalLinks: { object: { target: { enum: ['self', 'blank'] } } },
    pagination: { object: { enabled: 'boolean' } },
    trademark: { object: { enabled: 'boolean' } },
    privacyPolicy: { object: { url: 'url' } },
    socialPreview: { object: { url: 'url' } },
    socialAccounts: {
      array: {
        object: {
          platform: {
            enum: ['twitter', 'instagram', 'facebook', 'linkedin', 'github', 'discord', 'slack', 'youtube', 'tiktok', 'reddit', 'bluesky', 'mastodon', 'threads', 'medium'],
          },
          handle: { text: 128, min: 1 },
          display: { object: { footer: 'boolean', header: 'boolean' } },
        },
        required: ['platform', 'handle', 'display'],
      },
      max: 10,
    },
    insights: { object: { trackingCookie: 'boolean' } },
  },
};

/**
 * The settings of a site that was never customized; every input is merged over them.
 *
 * @example
 * defaultCustomization().styling // → { theme: 'clean', ... }
 */
export function defaultCustomization(): Record<string, unknown> {
  const color = (hex: string) => ({ light: hex, dark: hex });
  const code = { light: 'default-light', dark: 'default-dark' };
  return {
    styling: {
      theme: 'clean',
      primaryColor: color('#346ddb'),
      infoColor: color('#787878'),
      successColor: color('#00c950'),
      warningColor: color('#fe9a00'),
      dangerColor: color('#fb2c36'),
      corners: 'rounded',
      depth: 'subtle',
      links: 'default',
      font: 'Inter',
      monospaceFont: 'IBMPlexMono',
      background: 'plain',
      icons: 'regular',
      codeTheme: { default: code, openapi: code },
      sidebar: { background: 'default', list: 'default' },
      search: 'prominent',
    },
    internationalization: { locale: 'en' },
    favicon: {},
    header: { preset: 'default', links: [] },
    footer: { groups: [] },
    themes: { default: 'light', toggeable: true },
    feedback: { enabled: false },
    ai: { mode: 'none' },
    advancedCustomization: { enabled: true },
    pageActions: { items: [] },
    externalLinks: { target: 'self' },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [],
    insights: { trackingCookie: true },
  };
}

/**
 * Checks customization settings (a whole input, or with `partial` a site space's overrides, where null
 * removes a field), naming the first field that is wrong in an `INVALID_ARGUMENT`.
 *
 * @example
 * checkCustomization({ styling: { primaryColor: { light: '#fff', dark: 'blue' } } }, { partial: true });
 * // throws: styling.primaryColor.dark must be a colour #rgb or #rrggbb
 */
export function checkCustomization(value: unknown, options: { partial?: boolean } = {}): Record<string, unknown> {
  check(settingsRule, value, '', options.partial === true);
  return value as Record<string, unknown>;
}

function fail(field: string, message: string): never {
  throw new QuireError('INVALID_ARGUMENT', `${field || 'body'} ${message}`, { field: field || 'body' });
}

function check(rule: Rule, value: unknown, field: string, partial: boolean): void {
  if (rule === 'color') {
    if (typeof value !== 'string' || !/^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value)) fail(field, 'must be a colour #rgb or #rrggbb');
    return;
  }
  if (rule === 'url') {
    if (typeof value !== 'string' || value.length > 2048 || !hasScheme(value, ['http:', 'https:'])) fail(field, 'must be an absolute http or https URL');
    return;
  }
  if (rule === 'linkUrl') {
    if (typeof value !== 'string' || value.length > 2048 || !hasScheme(value, linkSchemes)) fail(field, 'must be an absolute http, https, mailto or tel URL');
    return;
  }
  if (rule === 'boolean') {
    if (typeof value !== 'boolean') fail(field, 'must be true or false');
    return;
  }
  if (rule === 'contentRef') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, 'must be a content reference { kind, ... }');
    const kind = (value as { kind?: unknown }).kind;
    if (typeof kind !== 'string' || !Object.hasOwn(contentRefKinds, kind)) fail(`${field}.kind`, `must be one of ${Object.keys(contentRefKinds).join(', ')}`);
    check(contentRefKinds[kind]!, value, field, false);
    return;
  }
  if ('nullable' in rule) {
    if (value !== null) check(rule.nullable, value, field, partial);
    return;
  }
  if ('enum' in rule) {
    if (typeof value !== 'string' || !rule.enum.includes(value)) fail(field, `must be one of ${rule.enum.join(', ')}`);
    return;
  }
  if ('font' in rule) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) check(fontDefinition, value, field, false);
    else if (typeof value !== 'string' || !rule.font.includes(value)) fail(field, `must be a font definition or one of ${rule.font.join(', ')}`);
    return;
  }
  if ('text' in rule) {
    if (typeof value !== 'string') fail(field, 'must be a string');
    const length = [...value].length;
    if (length > rule.text || length < (rule.min ?? 0)) fail(field, `must have ${rule.min ?? 0} to ${rule.text} characters`);
    return;
  }
  if ('integer' in rule) {
    const [min, max] = rule.integer;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(field, `must be an integer from ${min} to ${max}`);
    return;
  }
  if ('localized' in rule) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, 'must be an object keyed by locale');
    for (const [locale, text] of Object.entries(value)) {
      if (!translationLanguages.includes(locale)) fail(`${field}.${locale}`, `is not a translation language (${translationLanguages.join(', ')})`);
      if (typeof text !== 'string') fail(`${field}.${locale}`, 'must be a string');
      if ([...text].length > rule.localized) fail(`${field}.${locale}`, `must have at most ${rule.localized} characters`);
    }
    return;
  }
  if ('array' in rule) {
    if (!Array.isArray(value)) fail(field, 'must be an array');
    if (rule.min !== undefined && value.length < rule.min) fail(field, `must have at least ${rule.min} item${rule.min === 1 ? '' : 's'}`);
    if (rule.max !== undefined && value.length > rule.max) fail(field, `must have at most ${rule.max} items`);
    value.forEach((item, index) => check(rule.array, item, `${field}[${index}]`, false));
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, 'must be an object');
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    const path = field === '' ? key : `${field}.${key}`;
    if (field === '' && key === 'updatedAt') continue;
    const childRule = rule.object[key];
    if (childRule === undefined) fail(path, 'is not a customization setting');
    if (partial && child === null) continue;
    check(childRule, child, path, partial);
  }
  if (!partial) for (const key of rule.required ?? []) if (record[key] === undefined) fail(field === '' ? key : `${field}.${key}`, 'is required');
  const present = (rule.atMostOne ?? []).filter((key) => record[key] !== undefined && record[key] !== null);
  if (present.length > 1) fail(field, `takes one of ${rule.atMostOne!.join(', ')}, not ${present.join(' and ')}`);
}

/** True for an absolute URL with one of `schemes` (`new URL` reads it as a browser would: no tab, no newline tricks). */
function hasScheme(value: string, schemes: readonly string[]): boolean {
  if (/[\u0000-\u0020\u007f]/.test(value)) return false;
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * `over` merged onto `base`: objects key by key, anything else (arrays too, and values of one of several shapes)
 * replaced; with `dropNulls`, a null in `over` removes the key, at any depth.
 *
 * @example
 * mergeSettings({ a: { b: 1, c: 2 } }, { a: { c: 3 } }) // → { a: { b: 1, c: 3 } }
 */
export function mergeSettings(base: Record<string, unknown>, over: Record<string, unknown>, dropNulls = false): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null && dropNulls) delete merged[key];
    // With `dropNulls`, an object with nothing under it yet is merged onto {}, so its own nulls go too (they were
    // stored, and read back as null where the published schema wants a value).
    else if (isPlainObject(value) && !isOneOfShapes(key, value) && (isPlainObject(merged[key]) || dropNulls)) merged[key] = mergeSettings(isPlainObject(merged[key]) ? merged[key] : {}, value, dropNulls);
    else merged[key] = value;
  }
  return merged;
}

/**
 * A value that is one of several shapes (a `ContentRef`, by its `kind`; the favicon, an icon or an emoji) replaces
 * the one under it whole: merged field by field, an emoji over an icon, or a page link over a URL link, would be
 * both at once, which the published schema refuses.
 */
function isOneOfShapes(key: string, value: Record<string, unknown>): boolean {
  return key === 'favicon' || 'kind' in value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
