import type { RevisionPage } from '@gitbook/api';

/**
 * Sets the `path` of every document and group from the slugs of its ancestors and its own
 * (`guides/install`), as the published `RevisionPage.path` is "the complete path to access the page".
 * Changes the pages in place; call it after moving pages around.
 *
 * @example
 * assignPagePaths(revision.pages);
 */
export function assignPagePaths(pages: RevisionPage[], parentPath = ''): void {
  for (const page of pages) {
    if (page.type !== 'document' && page.type !== 'group') continue;
    page.path = parentPath === '' ? page.slug : page.slug === '' ? parentPath : `${parentPath}/${page.slug}`;
    assignPagePaths(page.pages, page.path);
  }
}
