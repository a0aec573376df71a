import { extendLayout, type AddedLayoutPage, type DirectoryLayout } from '../format/directory-layout.ts';
import type { RevisionSnapshot } from '../model/revision-snapshot.ts';
import type { ContentBatch } from './content-batch.ts';

/**
 * The layout of `laidOut` made from the layout of the batch's input (`context.baseLayout`) when the batch only
 * added pages (the common way a change request is filled): the new pages' paths are worked out, not the whole
 * tree's, so a batch costs the same in a space of 10,000 pages as in an empty one. Undefined when the batch did
 * more (moved, renamed or deleted a page, changed files, reusable contents or the folder's paths) or
 * `extendLayout` cannot tell: lay the tree out then.
 *
 * @example
 * const layout = addedPagesLayout(batch, laidOut) ?? planLayout(laidOut);
 */
export function addedPagesLayout(batch: ContentBatch, laidOut: RevisionSnapshot): DirectoryLayout | undefined {
  const base = batch.context.baseLayout;
  const { snapshot, draft } = batch;
  if (base === undefined || !samePathsOutsidePages(snapshot, laidOut)) return undefined;
  const outcomes = batch.outcomeList();
  if (outcomes.length === 0 || outcomes.some((outcome) => outcome.object !== 'created_page')) return undefined;
  const created = new Set(outcomes.map((outcome) => outcome.page));
  const added = outcomes.map(({ page: id }): AddedLayoutPage => {
    const parentId = draft.parentOf(id);
    const parent = parentId === undefined ? undefined : draft.page(parentId);
    return {
      page: draft.page(id)!,
      hasChildren: draft.children(id).length > 0,
      parent,
      parentWasLeaf: parentId !== undefined && parent?.type === 'document' && !created.has(parentId) && !draft.hadChildren(parentId),
    };
  });
  const firstDocument = draft.children(undefined).find((id) => draft.page(id)?.type === 'document');
  return extendLayout(base, laidOut, added, firstDocument);
}

/** Files, reusable contents and the folder's own paths are the input's, as they were. */
function samePathsOutsidePages(before: RevisionSnapshot, after: RevisionSnapshot): boolean {
  const [a, b] = [before.source, after.source];
  return (
    before.files === after.files &&
    before.reusableContents === after.reusableContents &&
    a.root === b.root &&
    a.structure.readme === b.structure.readme &&
    a.extra === b.extra &&
    a.symlinks === b.symlinks
  );
}
