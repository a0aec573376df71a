import type { RevisionSnapshot, SnapshotPage } from '../model/revision-snapshot.ts';
import { sharedPrefixOf } from '../model/shared-prefix.ts';

/**
 * True when `planLayout` would place everything of `a` and `b` at the same paths, judged from what the layout
 * reads (the tree's shape and order, ids, types, slugs (titles where there is no slug), Git paths, file names, reusable-content titles,
 * the folder and the paths the directory already holds). Subtrees and lists shared by both are skipped, so after
 * an edit that shares what it did not touch this costs as little as the edit, where `planLayout` costs the space.
 * A `false` only means "lay them out to know".
 *
 * @example
 * if (!sameLayout(before, after)) relink(before, after);
 */
export function sameLayout(a: RevisionSnapshot, b: RevisionSnapshot): boolean {
  if (a === b) return true;
  return samePages(a.pages, b.pages) && sameFiles(a, b) && sameSourcePaths(a, b);
}

type LaidOutPage = SnapshotPage & { slug?: string; git?: { path: string }; pages?: SnapshotPage[] };

function samePages(a: readonly SnapshotPage[], b: readonly SnapshotPage[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = commonHead(a, b); index < a.length; index++) {
    const left = a[index] as LaidOutPage;
    const right = b[index] as LaidOutPage;
    if (left === right) continue;
    // The layout names a page by its slug, or by its title when it has none.
    if (left.id !== right.id || left.type !== right.type || left.slug !== right.slug || left.git?.path !== right.git?.path) return false;
    if (!left.slug && left.title !== right.title) return false;
    if ((left.pages === undefined) !== (right.pages === undefined)) return false;
    if (left.pages !== undefined && !samePages(left.pages, right.pages!)) return false;
  }
  return true;
}

/** How many pages, from the first, the two lists are known to share (see shared-prefix.ts) without comparing them. */
function commonHead(a: readonly SnapshotPage[], b: readonly SnapshotPage[]): number {
  const [left, right] = [sharedPrefixOf(a), sharedPrefixOf(b)];
  if (left !== undefined && right !== undefined && left.base === right.base) return Math.min(left.length, right.length);
  if (right?.base === a) return right.length;
  if (left?.base === b) return left.length;
  return 0;
}

function sameFiles(a: RevisionSnapshot, b: RevisionSnapshot): boolean {
  const sameList = <T extends { id: string; git?: { path: string } }>(left: readonly T[], right: readonly T[], key: (item: T) => string) =>
    left === right || (left.length === right.length && left.every((item, index) => item === right[index] || (item.id === right[index]!.id && item.git?.path === right[index]!.git?.path && key(item) === key(right[index]!))));
  return sameList(a.files, b.files, (file) => file.name) && sameList(a.reusableContents, b.reusableContents, (reusable) => reusable.title);
}

function sameSourcePaths(a: RevisionSnapshot, b: RevisionSnapshot): boolean {
  const [left, right] = [a.source, b.source];
  if (left === right) return true;
  const sameKeys = (x: Readonly<Record<string, unknown>>, y: Readonly<Record<string, unknown>>) => {
    if (x === y) return true;
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((key) => key in y);
  };
  return left.root === right.root && left.structure.readme === right.structure.readme && sameKeys(left.extra, right.extra) && sameKeys(left.symlinks, right.symlinks);
}
