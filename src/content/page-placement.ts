import { uniqueSlug } from '../format/slug.ts';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { PageTreeDraft } from './page-tree-draft.ts';

/**
 * Checks `into` of a change: undefined or null for the root, else the id of a document or group of the tree.
 * Returns the parent id (undefined for the root).
 *
 * @example
 * parentFor(draft, 'guidesId', 0, 'into') // → 'guidesId'
 */
export function parentFor(draft: PageTreeDraft, into: unknown, index: number, field: string): string | undefined {
  if (into === undefined || into === null) return undefined;
  if (typeof into !== 'string') throw invalidChange(index, field, 'must be a page id (a string), or null for the root');
  const parent = draft.page(into);
  if (parent === undefined) throw invalidChange(index, field, `page ${into} is not in the change request`);
  if (parent.type !== 'document' && parent.type !== 'group') {
    throw invalidChange(index, field, `page ${into} is a ${parent.type} page, which cannot have subpages`);
  }
  return into;
}

/**
 * Checks `at` of a change: undefined, or a whole number of 0 or more.
 *
 * @example
 * positionFor(2, 0) // → 2
 */
export function positionFor(at: unknown, index: number): number | undefined {
  if (at === undefined) return undefined;
  if (typeof at !== 'number' || !Number.isInteger(at) || at < 0) throw invalidChange(index, 'at', 'must be a whole number of 0 or more');
  return at;
}

/**
 * Refuses a page whose slug another page under `parent` already has ("any collision is rejected").
 *
 * @example
 * checkSlugIsFree(draft, page, 'guideId', 3, 'slug'); // throws `changes[3].slug: another page under ...`
 */
export function checkSlugIsFree(draft: PageTreeDraft, page: SnapshotPage, parent: string | undefined, index: number, field: string): void {
  if (page.type !== 'document' && page.type !== 'group') return;
  if (!draft.slugTaken(parent, page.slug, page.id)) return;
  const where = parent === undefined ? 'at the root' : `under page ${parent}`;
  throw invalidChange(index, field, `another page ${where} already has the slug "${page.slug}"; slugs must be unique among siblings`);
}

/**
 * A page given with its file in Git (`git`) keeps what Git allows: siblings whose slugs collide (`guide.md`
 * next to `guide/README.md`, or a page inserted before the one it replaces is deleted) are not refused; the page
 * takes the first free slug made from its own (`guide-1`), and its file keeps its path and bytes. Other pages
 * are refused as `checkSlugIsFree` does.
 *
 * @example
 * withFreeSlug(draft, { ...page, slug: 'guide' }, undefined, 2, 'slug', true).slug // → 'guide-1' when a sibling is "guide"
 */
export function withFreeSlug<T extends SnapshotPage>(draft: PageTreeDraft, page: T, parent: string | undefined, index: number, field: string, fromGit: boolean): T {
  if (fromGit && (page.type === 'document' || page.type === 'group')) {
    const taken = (slug: string) => draft.slugTaken(parent, slug, page.id);
    if (taken(page.slug)) return { ...page, slug: uniqueSlug(page.slug, taken) };
  }
  checkSlugIsFree(draft, page, parent, index, field);
  return page;
}

/**
 * Drops the Git path of a page and of its descendants: they leave their folder (the page changed parent or
 * slug), so `git.path` no longer says where they live, and the layout gives them their canonical place (as
 * `movePage` does).
 *
 * @example
 * dropGitPaths(draft, 'movedPageId');
 */
export function dropGitPaths(draft: PageTreeDraft, pageId: string): void {
  for (const id of draft.subtree(pageId)) {
    const page = draft.page(id)!;
    if (page.type !== 'document' || page.git === undefined) continue;
    const { git: _git, ...rest } = page;
    draft.setPage(id, rest as SnapshotPage);
  }
}
