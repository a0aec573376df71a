import type { SnapshotPage } from '../model/revision-snapshot.ts';
import type { MergeConflict } from './merge-conflict.ts';
import { mergeFields, mergeValue, sameFields } from './merge-fields.ts';
import { mergeOrder } from './merge-order.ts';
import { documentIdOfPage } from './page-document.ts';
import { locatePages, type PageLocation } from './page-locations.ts';
import { joinPagePath } from './page-path.ts';

/** Fields merged by the tree itself (`id`, place, `path`) or specially (`documentId`, `git`). */
const mergedElsewhere: ReadonlySet<string> = new Set(['id', 'pages', 'path', 'documentId', 'git']);
/** What does not count as "changed" when the other side deleted the page. */
const notAChange: ReadonlySet<string> = new Set(['pages', 'path', 'git']);

/** A body both sides changed: the three document ids (undefined: an empty page), to merge as text. */
export interface BodyMerge {
  base: string | undefined;
  ours: string | undefined;
  theirs: string | undefined;
}

/** The page tree merged except the bodies both sides changed; `build` finishes it once those are merged. */
export interface PageTreeMerge {
  bodyMerges: Map<string, BodyMerge>;
  /** The merged tree, given the merged body (a document id, or undefined for empty) of each page of `bodyMerges`. */
  build(mergedBodies: ReadonlyMap<string, string | undefined>): SnapshotPage[];
}

/**
 * Three-way merge of page trees, by page id: every field (a change on one side is taken; different changes
 * conflict), the parent (moved to different parents on both sides conflicts), the order of siblings (merged when
 * the moves do not interfere), additions and deletions (deleted on one side and changed on the other conflicts;
 * so does a page added under a page the other side deleted). Slugs must stay unique among siblings. A Git path
 * both sides changed differently is dropped (the layout then places the page canonically). Conflicts are
 * appended to `conflicts`; `build` is only meaningful when there are none.
 *
 * @example
 * const merge = mergePageTree(base.pages, ours.pages, theirs.pages, conflicts);
 */
export function mergePageTree(
  base: readonly SnapshotPage[],
  ours: readonly SnapshotPage[],
  theirs: readonly SnapshotPage[],
  conflicts: MergeConflict[],
): PageTreeMerge {
  const sides = { base: locatePages(base), ours: locatePages(ours), theirs: locatePages(theirs) };
  const fields = new Map<string, SnapshotPage>();
  const parents = new Map<string, string | undefined>();
  const bodyMerges = new Map<string, BodyMerge>();
  const conflict = (pageId: string, field: string, reason: string) => conflicts.push({ pageId, field, reason });

  const ids = new Set([...sides.ours.keys(), ...sides.theirs.keys()]);
  for (const id of ids) {
    const b = sides.base.get(id);
    const o = sides.ours.get(id);
    const t = sides.theirs.get(id);
    if (o === undefined || t === undefined) {
      const kept = (o ?? t)!;
      if (b !== undefined) {
        if (changed(b, kept)) conflict(id, 'page', 'deleted on one side and changed on the other');
        continue;
      }
      fields.set(id, kept.page);
      parents.set(id, kept.parent);
      continue;
    }
    const parent = mergeValue(b?.parent, o.parent, t.parent);
    if (!parent.ok) conflict(id, 'parent', b === undefined ? 'added on both sides under different parents' : 'moved to different parents on both sides');
    // After a conflict, the base's parent (the same whichever side is "ours") stands in for the checks below.
    parents.set(id, parent.ok ? parent.value : b?.parent);
    // Pages one side did not touch are the base's own objects (snapshots share what they did not change).
    if (o.page === t.page || b?.page === t.page) fields.set(id, o.page);
    else if (b?.page === o.page) fields.set(id, t.page);
    else fields.set(id, mergePage(b?.page, o.page, t.page, bodyMerges, conflict));
  }

  // The tree those parents make: every parent must exist, hold subpages, and not be below the page itself.
  const children = new Map<string | undefined, string[]>([[undefined, []]]);
  for (const [id, parent] of parents) {
    if (parent !== undefined && !fields.has(parent)) {
      conflict(id, 'parent', 'its parent page was deleted on the other side');
      continue;
    }
    if (parent !== undefined && !canHaveChildren(fields.get(parent)!)) conflict(id, 'parent', `its parent ${parent} cannot have subpages`);
    else if (parent !== undefined && fields.get(id)!.type === 'group') conflict(id, 'parent', 'a group can only be at the root');
    else if (isOwnAncestor(id, parents)) conflict(id, 'parent', 'the moves on both sides would put the page under itself');
  }
  const inTree = (id: string, parent: string | undefined) => fields.has(id) && parents.get(id) === parent;
  const childCount = new Map<string | undefined, number>();
  for (const [id, parent] of parents) if (fields.has(id)) childCount.set(parent, (childCount.get(parent) ?? 0) + 1);
  for (const parent of [undefined, ...fields.keys()]) {
    if (parent !== undefined && !canHaveChildren(fields.get(parent)!)) continue;
    const [inBase, inOurs, inTheirs] = [childPages(sides.base, base, parent), childPages(sides.ours, ours, parent), childPages(sides.theirs, theirs, parent)];
    const listOf = (list: readonly SnapshotPage[]) => list.map((page) => page.id).filter((id) => inTree(id, parent));
    // A list one side did not change (the same array as the base's, or as the other side's) is the answer when
    // it holds every page the merged tree puts there.
    const taken = inOurs === inTheirs || inBase === inTheirs ? listOf(inOurs) : inBase === inOurs ? listOf(inTheirs) : undefined;
    const order = taken !== undefined && taken.length === (childCount.get(parent) ?? 0) ? taken : mergeOrder(listOf(inBase), listOf(inOurs), listOf(inTheirs));
    if (order === undefined) {
      conflicts.push({ ...(parent === undefined ? {} : { pageId: parent }), field: 'pages', reason: 'the subpages were reordered differently on both sides' });
      continue;
    }
    children.set(parent, order);
    checkSlugs(order, fields, conflict);
  }

  return {
    bodyMerges,
    build(mergedBodies) {
      const buildPage = (id: string, parentPath: string): SnapshotPage => {
        let page = fields.get(id)!;
        if (mergedBodies.has(id)) page = withBody(page, mergedBodies.get(id));
        if (!canHaveChildren(page)) return page;
        const path = joinPagePath(parentPath, (page as { slug: string }).slug);
        // The same object on both sides: so are its subpages, all the way down.
        if (sides.ours.get(id)?.page === page && sides.theirs.get(id)?.page === page && (page as { path: string }).path === path) return page;
        const pages = (children.get(id) ?? []).map((child) => buildPage(child, path));
        for (const side of [sides.ours, sides.theirs]) {
          const same = side.get(id)?.page;
          if (same === page && (same as { path: string }).path === path && sameList((same as { pages: readonly SnapshotPage[] }).pages, pages)) return same;
        }
        return { ...page, path, pages } as SnapshotPage;
      };
      return (children.get(undefined) ?? []).map((id) => buildPage(id, ''));
    },
  };
}

/** The merged fields of a page both sides have (or both added): one side's object when it is that side's. */
function mergePage(
  base: SnapshotPage | undefined,
  ours: SnapshotPage,
  theirs: SnapshotPage,
  bodyMerges: Map<string, BodyMerge>,
  conflict: (pageId: string, field: string, reason: string) => void,
): SnapshotPage {
  const id = ours.id;
  const merged = mergeFields(base, ours, theirs, mergedElsewhere, (field) => {
    conflict(id, field, base === undefined ? 'added on both sides with different values' : 'changed differently on both sides');
    return undefined;
  });
  const git = mergeValue((base as { git?: unknown } | undefined)?.git, (ours as { git?: unknown }).git, (theirs as { git?: unknown }).git);
  if (git.ok && git.value !== undefined) merged.git = git.value;
  const body = mergeValue(base === undefined ? undefined : documentIdOfPage(base), documentIdOfPage(ours), documentIdOfPage(theirs));
  if (!body.ok) {
    bodyMerges.set(id, { base: base === undefined ? undefined : documentIdOfPage(base), ours: documentIdOfPage(ours), theirs: documentIdOfPage(theirs) });
  } else if (body.value !== undefined) {
    merged.documentId = body.value;
  }
  merged.id = id;
  if (!bodyMerges.has(id)) {
    if (sameFields(merged, ours, notAChangeOrPlace)) return ours;
    if (sameFields(merged, theirs, notAChangeOrPlace)) return theirs;
  }
  return merged as unknown as SnapshotPage;
}

const notAChangeOrPlace: ReadonlySet<string> = new Set(['pages', 'path']);

/** Whether a side changed a page the other side deleted: its fields (not its Git metadata) or its parent. */
function changed(base: PageLocation, side: PageLocation): boolean {
  return base.parent !== side.parent || (base.page !== side.page && !sameFields(base.page, side.page, notAChange));
}

const noPages: readonly SnapshotPage[] = [];

function childPages(side: Map<string, PageLocation>, roots: readonly SnapshotPage[], parent: string | undefined): readonly SnapshotPage[] {
  if (parent === undefined) return roots;
  const page = side.get(parent)?.page;
  return page !== undefined && canHaveChildren(page) ? (page as { pages: readonly SnapshotPage[] }).pages : noPages;
}

function isOwnAncestor(id: string, parents: ReadonlyMap<string, string | undefined>): boolean {
  let cursor = parents.get(id);
  for (let steps = 0; cursor !== undefined && steps <= parents.size; steps++) {
    if (cursor === id) return true;
    cursor = parents.get(cursor);
  }
  return cursor !== undefined;
}

function checkSlugs(order: readonly string[], fields: ReadonlyMap<string, SnapshotPage>, conflict: (pageId: string, field: string, reason: string) => void): void {
  const bySlug = new Map<string, string[]>();
  for (const id of order) {
    const page = fields.get(id)!;
    if (!canHaveChildren(page)) continue;
    const slug = (page as { slug: string }).slug;
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), id]);
  }
  for (const [slug, ids] of bySlug) {
    if (ids.length > 1) for (const id of ids) conflict(id, 'slug', `${ids.length} pages under the same parent would have the slug "${slug}"`);
  }
}

function withBody(page: SnapshotPage, documentId: string | undefined): SnapshotPage {
  const { documentId: _old, ...rest } = page as SnapshotPage & { documentId?: string };
  return (documentId === undefined ? rest : { ...rest, documentId }) as SnapshotPage;
}

function canHaveChildren(page: SnapshotPage): boolean {
  return page.type === 'document' || page.type === 'group';
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

