import type { ConvertedPage, ConvertOptions } from './html-to-markdown.ts';
import type { CrawledPage } from './crawl-site.ts';
import { normaliseUrl } from './crawl-site.ts';

/** Converts one page (the converter of `html-to-markdown.ts`, injected so the planner stays testable). */
export type PageConverter = (html: string, options: ConvertOptions) => ConvertedPage;

/**
 * A page of the imported tree: a crawled page, or a folder made for a URL folder that had no index page (so its
 * pages keep their place in the hierarchy). Parents come before their children in `ImportPlan.pages`.
 */
export interface PlannedPage {
  /** The page's place in the URL hierarchy, relative to the crawl's prefix: `''` (the start page), `guide`, `guide/install`. */
  key: string;
  /** The key of the parent page; undefined: a page at the root of the space. */
  parent: string | undefined;
  kind: 'page' | 'folder';
  title: string;
  description?: string | undefined;
  /** The crawled page (pages only). */
  source?: CrawledPage | undefined;
}

/** What a crawl turns into: the page tree, and the site's images the pages show (same origin, absolute). */
export interface ImportPlan {
  pages: PlannedPage[];
  images: string[];
  /** Crawled pages left out because another URL gave the same place in the tree (`/a.html` and `/a/`). */
  duplicates: { url: string; sameAs: string }[];
  /** Crawled pages the converter could not read (one bad page does not end the import). */
  failed: { url: string; reason: string }[];
}

/**
 * Plans the page tree of an import from the crawled pages: each page's place follows its URL path under
 * `prefix` (`/docs/guide/install.html` under `/docs/` → `guide/install`); an index page (`guide/`,
 * `guide/index.html`) is the parent of the pages in its folder; a folder without one gets a folder page titled
 * after it; the start page (key `''`) is the first page at the root, and top-level pages are its siblings.
 * Titles and descriptions come from the converter; only images of the site's own origin are listed (the import
 * fetches nothing elsewhere; other images stay linked where they are).
 *
 * @example
 * planImport(crawl.pages, '/', convertHtmlPage).pages.map((page) => page.key) // → ['', 'guide', 'guide/install', 'faq']
 */
export function planImport(crawled: readonly CrawledPage[], prefix: string, convert: PageConverter): ImportPlan {
  const byKey = new Map<string, PlannedPage>();
  const duplicates: ImportPlan['duplicates'] = [];
  const failed: ImportPlan['failed'] = [];
  const images = new Set<string>();
  for (const page of crawled) {
    const key = pageKey(page.url, prefix);
    const existing = byKey.get(key);
    if (existing !== undefined && existing.kind === 'page') {
      duplicates.push({ url: page.url, sameAs: existing.source?.url ?? existing.key });
      continue;
    }
    let converted: ConvertedPage;
    try {
      converted = convert(page.html, { url: page.url });
    } catch (error) {
      failed.push({ url: page.url, reason: `could not be converted: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    const origin = new URL(page.url).origin;
    for (const image of converted.images) if (sameOrigin(image, origin)) images.add(normaliseUrl(image));
    // A folder for each URL folder above it that has no index page (yet: an index page found later takes the
    // folder's place), so `guide/install` and `guide/configure` stay together where the first of them was.
    const folders: string[] = [];
    for (let folder = parentKey(key); folder !== undefined && folder !== ''; folder = parentKey(folder)) if (!byKey.has(folder)) folders.unshift(folder);
    for (const folder of folders) byKey.set(folder, { key: folder, parent: undefined, kind: 'folder', title: titleOfKey(folder) });
    byKey.set(key, { key, parent: undefined, kind: 'page', title: converted.title.trim() || titleOfKey(key), description: converted.description, source: page });
  }
  for (const page of byKey.values()) {
    const parent = parentKey(page.key);
    page.parent = parent === undefined || parent === '' ? undefined : parent;
  }
  return { pages: parentsFirst([...byKey.values()]), images: [...images], duplicates, failed };
}

/**
 * The place of a page URL in the tree, relative to `prefix`: `index.html` and a trailing slash name the folder,
 * `.html`/`.htm` is dropped, a query string is kept (so distinct pages stay distinct).
 *
 * @example
 * pageKey('https://a.test/docs/guide/index.html', '/docs/') // → 'guide'
 */
export function pageKey(url: string, prefix: string): string {
  const parsed = new URL(url);
  const path = decodeURIComponentSafe(parsed.pathname);
  const relative = path.startsWith(prefix) ? path.slice(prefix.length) : path.replace(/^\/+/, '');
  const key = relative
    .replace(/(^|\/)index\.html?$/i, '$1')
    .replace(/\/+$/, '')
    .replace(/\.html?$/i, '');
  return parsed.search === '' ? key : `${key}${parsed.search}`;
}

function parentKey(key: string): string | undefined {
  if (key === '') return undefined;
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

/** A folder's title from its last segment: `getting-started` → `Getting started`. */
function titleOfKey(key: string): string {
  const last = key.slice(key.lastIndexOf('/') + 1).replace(/[-_]+/g, ' ').trim();
  return last === '' ? 'Home' : last.charAt(0).toUpperCase() + last.slice(1);
}

/** The start page first, then breadth-first by depth (so every parent is inserted before its children), stable. */
function parentsFirst(pages: PlannedPage[]): PlannedPage[] {
  const depth = (page: PlannedPage) => (page.key === '' ? -1 : page.key.split('/').length);
  return pages.map((page, index) => ({ page, index })).sort((a, b) => depth(a.page) - depth(b.page) || a.index - b.index).map(({ page }) => page);
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
  } catch {
    return false;
  }
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Where a page's links and images point once imported: for each URL (normalised, without fragment) of an imported
 * page or image, the target to write (a relative path of the Git layout). Plain maps, so a worker thread can
 * take them.
 */
export interface ImportTargets {
  pages: ReadonlyMap<string, string>;
  images: ReadonlyMap<string, string>;
}

/**
 * The Markdown body of a crawled page, with links to imported pages and images rewritten by `targets` (anything
 * not there stays as the converter wrote it, an absolute URL). A link's `#anchor` is kept after its target
 * (`install.md#storage`), since it names a heading of the imported page.
 *
 * @example
 * importedBody(page.source, convertHtmlPage, { pages: new Map([['https://a.test/guide/install', 'guide/install.md']]), images: new Map() })
 */
export function importedBody(source: { html: string; url: string }, convert: PageConverter, targets: ImportTargets): string {
  return convert(source.html, {
    url: source.url,
    rewriteLink: (url) => {
      const target = targets.pages.get(normaliseUrl(url));
      return target === undefined ? undefined : target + new URL(url).hash;
    },
    rewriteImage: (url) => targets.images.get(normaliseUrl(url)),
  }).markdown;
}

/**
 * The name an imported image is stored under: the last segment of its URL path (decoded, made safe), or
 * `image` when it has none.
 *
 * @example
 * imageFileName('https://a.test/images/logo.png?v=2') // → 'logo.png'
 */
export function imageFileName(url: string): string {
  const last = decodeURIComponentSafe(new URL(url).pathname.split('/').pop() ?? '');
  const safe = last.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
  return safe === '' ? 'image' : safe.slice(0, 200);
}
