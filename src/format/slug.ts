/**
 * Slugs for file and folder names, made from titles when a page is created.
 * Letters of every script are kept (a Greek or Japanese title keeps a readable slug, never `undefined-1`);
 * Latin letters lose their accents; everything else becomes a hyphen.
 *
 * @example
 * slugify('Getting Started!') // → 'getting-started'
 * slugify('Καλημέρα κόσμε') // → 'καλημερα-κοσμε'
 */
export function slugify(title: string): string {
  const slug = ascii.test(title) ? asciiSlug(title) : anyScriptSlug(title);
  return slug === '' ? 'untitled' : slug;
}

const ascii = /^[\0-\x7f]*$/;

/** `slugify` before its `untitled`, for any title. */
export function anyScriptSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/**
 * `anyScriptSlug` of an ASCII title (most headings), without Unicode normalization and property classes, which cost
 * a third of making a page's heading ids. slug.test.ts holds the two equal.
 */
export function asciiSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/**
 * `base`, or `base-1`, `base-2`, ... : the first that `isTaken` refuses.
 *
 * @example
 * uniqueSlug('intro', (slug) => slug === 'intro') // → 'intro-1'
 */
export function uniqueSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let counter = 1; ; counter++) {
    const candidate = `${base}-${counter}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** A title for a page that has none, from its file name: `getting-started.md` → `Getting started`. */
export function titleFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  if (stem === '' || stem.toLowerCase() === 'readme') return 'Introduction';
  return stem.charAt(0).toUpperCase() + stem.slice(1);
}
