import { describe, expect, it } from 'vitest';
import { resolveCustomization } from './customization.ts';
import { languageSwitcher } from './language-switcher.ts';

describe('languageSwitcher', () => {
  it('offers one entry per language, the reader’s own variant for its language, else the first in that language', () => {
    const switcher = languageSwitcher([
      { language: 'en', href: 'v2/a.html', current: false },
      { language: 'fr', href: 'fr/a.html', current: false },
      { language: 'en', href: 'v1/a.html', current: true },
      { language: 'fr', href: 'fr-old/a.html', current: false },
      { language: 'ja', href: 'ja/a.html', current: false },
    ]);
    expect(switcher).toEqual([
      { language: 'en', name: 'English', href: 'v1/a.html', current: true },
      { language: 'fr', name: 'Français', href: 'fr/a.html', current: false },
      { language: 'ja', name: '日本語', href: 'ja/a.html', current: false },
    ]);
  });

  it('is absent when every variant is in one language', () => {
    expect(languageSwitcher([{ language: 'de', href: 'a.html', current: true }, { language: 'de', href: 'v1/a.html', current: false }])).toBeUndefined();
    expect(languageSwitcher([])).toBeUndefined();
  });
});

describe('resolveCustomization: locale', () => {
  it("takes the site space's locale over the site's, and English when neither names a TranslationLanguage", () => {
    expect(resolveCustomization({ internationalization: { locale: 'fr' } }).locale).toBe('fr');
    expect(resolveCustomization({ internationalization: { locale: 'fr' } }, { internationalization: { locale: 'pt-br' } }).locale).toBe('pt-br');
    expect(resolveCustomization({}).locale).toBe('en');
    expect(resolveCustomization({ internationalization: { locale: 'en"><script>' } }).locale).toBe('en');
  });
});
