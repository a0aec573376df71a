import { uniqueSlug } from '../format/slug.ts';
import { maxPageDepth } from '../model/nesting-limits.ts';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { PageTreeDraft } from './page-tree-draft.ts';

/**
 * Checks `into` of a change: undefined or null for the root, else the id of a document or group of the tree under
 * which a page whose subtree spans `height` levels (1: no subpages) stays within `maxPageDepth` levels. Returns
 * the parent id (undefined for the root).
 *
 * @example
 * parentFor(draft, 'guidesId', 0, 'into') // → 'guidesId'
 */
export function parentFor(draft: PageTreeDraft, into: unknown, index: number, field: string, height = 1): string | undefined {
  if (into === undefined || into === null) return undefined;
  if (typeof into !== 'string') throw invalidChange(index, field, 'must be a page id (a string), or null for the root');
  const parent = draft.page(into);
  if (parent === undefined) throw invalidChange(index, field, `page ${into} is not in the change request`);
  if (parent.type !== 'document' && parent.type !== 'group') {
    throw invalidChange(index, field, `page ${into} is a ${parent.type} page, which cannot have subpages`);
  }
  const level = levelOf(draft, into);
  if (level + height > maxPageDepth) {
    throw invalidChange(index, field, `page ${into} is at level ${level}: ${height === 1 ? 'a subpage' : `a page with ${height - 1} levels of subpages`} under it would nest deeper than ${maxPageDepth} levels, the most a page tree may nest`);
  }
  return into;
}

/** How many levels below the root `id` is (a root page is at level 1); iterative. */
function levelOf(draft: PageTreeDraft, id: string): number {
  let level = 1;
  for (let parent = draft.parentOf(id); parent !== undefined; parent = draft.parentOf(parent)) level++;
  return level;
}

/**
 * How many levels the subtree of `id` spans (1: a page without subpages); iterative.
 *
 * @example
 * subtreeHeight(draft, 'guidesId') // → 2 when guides has subpages without their own
 */
export function subtreeHeight(draft: PageTreeDraft, id: string): number {
  let height = 0;
  let level: readonly string[] = [id];
  while (level.length > 0) {
    height++;
    level = level.flatMap((parent) => draft.children(parent));
  }
  return height;
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
