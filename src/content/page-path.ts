/**
 * The `path` of a page from its parent's path and its own slug: the rule of `assignPagePaths`
 * (`src/model/page-paths.ts`), for code that builds new trees instead of changing one in place (frozen trees
 * from the store cannot be changed). A test keeps the two in step.
 *
 * @example
 * joinPagePath('guides', 'install') // → 'guides/install'
 * joinPagePath('', 'guides') // → 'guides'
 */
export function joinPagePath(parentPath: string, slug: string): string {
  return parentPath === '' ? slug : slug === '' ? parentPath : `${parentPath}/${slug}`;
}
