import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyScriptSlug, asciiSlug, slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Getting Started!', 'getting-started'],
    ["Don't panic", 'dont-panic'],
    ['  --Hello,   World--  ', 'hello-world'],
    ['Καλημέρα κόσμε', 'καλημερα-κοσμε'],
    ['Café ﬁle', 'cafe-file'],
    ['!!!', 'untitled'],
    ['', 'untitled'],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('cuts at 100 characters without a trailing hyphen', () => {
    expect(slugify(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });

  it('gives an ASCII title the slug the any-script path gives', () => {
    const asciiTitle = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 140 });
    fc.assert(fc.property(asciiTitle, (title) => asciiSlug(title) === anyScriptSlug(title)), { numRuns: 2000 });
    // Hyphens, apostrophes and digits at the 100-character cut.
    for (const title of ["it's", "'-'", `${'x-'.repeat(50)}y`, `${'9'.repeat(100)}-z`, 'A\u007fB']) expect(asciiSlug(title)).toBe(anyScriptSlug(title));
  });
});
