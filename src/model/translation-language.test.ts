import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isTranslationLanguage, translationLanguages } from './translation-language.ts';

const specPath = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
const spec = JSON.parse(readFileSync(specPath, 'utf8')) as { components: { schemas: { TranslationLanguage: { enum: string[] } } } };

describe('translationLanguages', () => {
  it('are the published TranslationLanguage enum, in its order', () => {
    expect(translationLanguages).toEqual(spec.components.schemas.TranslationLanguage.enum);
  });

  it('recognise exactly those values', () => {
    expect(isTranslationLanguage('zh-tw')).toBe(true);
    expect(isTranslationLanguage('zh-TW')).toBe(false);
    expect(isTranslationLanguage('toString')).toBe(false);
    expect(isTranslationLanguage(undefined)).toBe(false);
  });
});
