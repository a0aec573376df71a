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
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug === '' ? 'untitled' : slug;
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
