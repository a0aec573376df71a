/**
 * Whether a page tree has a page at a given URL path, found along the path's slugs instead of by listing every
 * page's path: a batch that gives its inserted pages `ref`s checks each ref against the paths of the change
 * request's tree, and listing the paths of a 10,000-page tree for each batch of an import made filling a change
 * request quadratic in its size.
 */
import type { SnapshotPage, SnapshotParentPage } from '../model/revision-snapshot.ts';

type PageList = readonly SnapshotPage[];

/**
 * The paths of `pages` (documents' and groups' `path`: their slugs joined by `/`, an empty slug adding nothing,
 * the rule of `joinPagePath`), looked up one at a time. Each list of siblings a lookup passes through is indexed
 * by slug the first time, so a lookup costs the siblings along its path once, and nothing more after that.
 *
 * @example
 * const paths = new PagePathLookup(snapshot.pages);
 * paths.has('guides/install') // → true when a page has that path
 */
export class PagePathLookup {
  readonly #pages: PageList;
  readonly #bySlug = new WeakMap<PageList, Map<string, SnapshotParentPage[]>>();

  constructor(pages: PageList) {
    this.#pages = pages;
  }

  /** True when a document or group of the tree has `path`. */
  has(path: string): boolean {
    return this.#find(this.#pages, path === '' ? [] : path.split('/'), 0);
  }

  /** True when a page of `list` (whose parent's path is `segments` up to `matched`), or one below it, has the whole path. */
  #find(list: PageList, segments: readonly string[], matched: number): boolean {
    const slugs = this.#slugsOf(list);
    // An empty slug adds nothing to the path: such a page has its parent's path, and its children continue it.
    for (const page of slugs.get('') ?? []) {
      if (matched === segments.length || this.#find(page.pages, segments, matched)) return true;
    }
    if (matched === segments.length) return false;
    for (const page of slugs.get(segments[matched]!) ?? []) {
      if (matched + 1 === segments.length || this.#find(page.pages, segments, matched + 1)) return true;
    }
    return false;
  }

  #slugsOf(list: PageList): Map<string, SnapshotParentPage[]> {
    let slugs = this.#bySlug.get(list);
    if (slugs === undefined) {
      slugs = new Map();
      for (const page of list) {
        if (page.type !== 'document' && page.type !== 'group') continue;
        const same = slugs.get(page.slug);
        if (same === undefined) slugs.set(page.slug, [page]);
        else same.push(page);
      }
      this.#bySlug.set(list, slugs);
    }
    return slugs;
  }
}
