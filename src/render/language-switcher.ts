import { translationLanguageNames, type TranslationLanguageCode } from '../model/index.ts';
import type { PagePlan } from './route-data.ts';

/** A variant of a section as the language switcher sees it: its language, where the page is in it, whether it is the reader's. */
export interface LanguageVariant {
  language: TranslationLanguageCode;
  href: string;
  current: boolean;
}

/**
 * The language switcher of a page, from the variants of its section in switcher order: one entry per language,
 * named in that language, leading to the reader's own variant for its language and else to the first variant
 * written in it. Undefined when the variants are all in one language (then the variant switcher is enough).
 *
 * @example
 * languageSwitcher([{ language: 'en', href: 'index.html', current: true }, { language: 'fr', href: 'fr/index.html', current: false }])
 * // → [{ language: 'en', name: 'English', href: 'index.html', current: true }, { language: 'fr', name: 'Français', href: 'fr/index.html', current: false }]
 */
export function languageSwitcher(variants: readonly LanguageVariant[]): PagePlan['languages'] {
  const byLanguage = new Map<TranslationLanguageCode, LanguageVariant>();
  for (const variant of variants) {
    const chosen = byLanguage.get(variant.language);
    if (chosen === undefined || (variant.current && !chosen.current)) byLanguage.set(variant.language, variant);
  }
  if (byLanguage.size < 2) return undefined;
  return [...byLanguage.values()].map((variant) => ({
    language: variant.language,
    name: translationLanguageNames[variant.language],
    href: variant.href,
    current: variant.current,
  }));
}
