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
 * `anyScriptSlug` of an ASCII title (most headings), in one pass over its characters: letters and digits are kept
 * (lower-cased), apostrophes dropped, every other run becomes one hyphen between two kept runs. No Unicode
 * normalization or property classes, which cost a third of making a page's heading ids, and no chain of five
 * replaces: 0.3 µs a heading against their 0.7 (issue 17). slug.test.ts holds the two equal.
 */
export function asciiSlug(title: string): string {
  let slug = '';
  let runStart = -1;
  let gap = false;
  for (let index = 0; index <= title.length; index++) {
    const code = index < title.length ? title.charCodeAt(index) : -1;
    const kept = (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
    if (kept) {
      if (runStart < 0) runStart = index;
      continue;
    }
    if (runStart >= 0) {
      slug += (gap && slug !== '' ? '-' : '') + title.slice(runStart, index);
      runStart = -1;
      gap = false;
    }
    if (code !== 0x27) gap = true;
  }
  slug = slug.toLowerCase();
  return slug.length <= 100 ? slug : slug.slice(0, 100).replace(/-+$/, '');
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
