import type { TranslationLanguage } from '@gitbook/api';

/*
 * The published `TranslationLanguage` (openapi.json, components.schemas.TranslationLanguage): the languages a
 * translation is made into, a space is written in, and a site space's `internationalization.locale` names. The
 * package's enum object is not there at run time (a devDependency), so the values are listed here, in the
 * published order, with the name each language calls itself (what a language switcher shows).
 */

/** A value of the published `TranslationLanguage` enum, as a plain string. */
export type TranslationLanguageCode = `${TranslationLanguage}`;

/** Each language's own name (its endonym), by code, in the published enum's order. */
export const translationLanguageNames: Readonly<Record<TranslationLanguageCode, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  'pt-br': 'Português (Brasil)',
  ru: 'Русский',
  ja: '日本語',
  zh: '中文',
  'zh-tw': '中文（台灣）',
  yue: '粵語',
  ko: '한국어',
  ar: 'العربية',
  hi: 'हिन्दी',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  sv: 'Svenska',
  no: 'Norsk',
  da: 'Dansk',
  fi: 'Suomi',
  el: 'Ελληνικά',
  cs: 'Čeština',
  hu: 'Magyar',
  ro: 'Română',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  he: 'עברית',
  uk: 'Українська',
  sk: 'Slovenčina',
  bg: 'Български',
  hr: 'Hrvatski',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  et: 'Eesti',
  sl: 'Slovenščina',
};

/** Every `TranslationLanguage` value, in the published order. */
export const translationLanguages = Object.keys(translationLanguageNames) as readonly TranslationLanguageCode[];

/**
 * Whether `value` is a value of the published `TranslationLanguage` enum.
 *
 * @example
 * isTranslationLanguage('pt-br') // → true
 * isTranslationLanguage('pt-BR') // → false
 */
export function isTranslationLanguage(value: unknown): value is TranslationLanguageCode {
  return typeof value === 'string' && Object.hasOwn(translationLanguageNames, value);
}
