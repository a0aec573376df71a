/**
 * Where pages sit in one page tree, answered without walking the tree: what lets a one-page edit of a large
 * revision find that page in time proportional to its depth (the store answers from the index it keeps of
 * the trees it wrote; the content layer's page tree draft asks).
 */

/** The answer for one page id. */
export type PageLocation =
  /** The ids from a root page down to the page itself (the last one). */
  | { path: readonly string[] }
  /** The tree has no page with that id. */
  | 'absent'
  /** The locator cannot say (it no longer describes the tree): the caller must look for itself. */
  | undefined;

export interface PageLocator {
  /**
   * Where page `id` is.
   *
   * @example
   * locator.locate('p7') // → { path: ['group', 'section', 'p7'] }
   */
  locate(id: string): PageLocation;
  /**
   * The ids of the children of page `parent` (of the root pages when undefined), in order, when the locator
   * still describes the tree and has the page; not to be changed.
   *
   * @example
   * locator.childIds?.(undefined) // → ['group', 'faq']
   */
  childIds?(parent: string | undefined): readonly string[] | undefined;
}
