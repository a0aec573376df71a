import { planLayout } from '../format/directory-layout.ts';
import { documentIdOf } from '../format/read-directory.ts';
import { anythingMoved, relinkBundle } from '../format/relink.ts';
import type { RevisionSnapshot } from '../model/revision-snapshot.ts';
import { fetchDocuments, type DocumentLookup } from './document-lookup.ts';
import { documentIdOfPage, withDocumentId } from './page-document.ts';
import { locatePages } from './page-locations.ts';
import { PageTreeDraft } from './page-tree-draft.ts';
import { sameLayout } from './same-layout.ts';

/**
 * After a merge, each body was written for the layout of a snapshot that holds it (the base, ours, theirs): a link
 * in a page the change request added still points where a page was before the other side moved it; a link in a
 * page neither side changed can break when the two sides' moves combine (both moved out the last subpages of a
 * page, whose file goes from `x/README.md` to `x.md`). A body is fine as it is when a snapshot that holds it lays
 * everything out as the merged tree does; otherwise it is relinked from every snapshot that holds it, and the
 * result is taken when they agree (they mean the same pages), else it is kept as it is. Bodies merged as text are
 * kept as they are. Returns the snapshot with the new document ids and adds the new bodies to `documents`.
 *
 * @example
 * const relinked = await relinkMergedBodies(base, ours, theirs, merged, lookup, documents);
 */
export async function relinkMergedBodies(
  base: RevisionSnapshot,
  ours: RevisionSnapshot,
  theirs: RevisionSnapshot,
  merged: RevisionSnapshot,
  lookup: DocumentLookup,
  documents: Map<string, string>,
): Promise<RevisionSnapshot> {
  if (sameLayout(ours, merged) && sameLayout(theirs, merged)) return merged;
  const layout = planLayout(merged);
  const snapshots = [base, ours, theirs].map((snapshot) => ({ snapshot, pages: locatePages(snapshot.pages), stable: !anythingMoved(planLayout(snapshot), layout) }));
  // Both sides lay out as the merged tree: every body is right where it is.
  if (snapshots[1]!.stable && snapshots[2]!.stable) return merged;

  // For each page to relink, the snapshots that hold its merged body.
  const holders = new Map<string, typeof snapshots>();
  const wanted = new Set<string>();
  const mergedPages = locatePages(merged.pages);
  for (const [id, { page }] of mergedPages) {
    const documentId = documentIdOfPage(page);
    if (documentId === undefined) continue;
    const holding = snapshots.filter(({ pages }) => {
      const held = pages.get(id)?.page;
      return held !== undefined && documentIdOfPage(held) === documentId;
    });
    if (holding.length === 0 || holding.some(({ stable }) => stable)) continue;
    holders.set(id, holding);
    wanted.add(documentId);
  }
  if (holders.size === 0) return merged;

  const bodies = await fetchDocuments(lookup, wanted);
  const relinked = snapshots.map(({ snapshot }) => {
    const ids = [...holders].filter(([, holding]) => holding.some((holder) => holder.snapshot === snapshot)).map(([id]) => id);
    if (ids.length === 0) return new Map<string, string>();
    const held = Object.fromEntries(ids.flatMap((id) => {
      const documentId = documentIdOfPage(mergedPages.get(id)!.page)!;
      return bodies[documentId] === undefined ? [] : [[documentId, bodies[documentId]]];
    }));
    const after = relinkBundle({ ...snapshot, documents: {} }, { ...merged, documents: held });
    const texts = new Map<string, string>();
    const afterPages = locatePages(after.pages);
    for (const id of ids) {
      const documentId = documentIdOfPage(afterPages.get(id)!.page);
      if (documentId !== undefined && after.documents[documentId] !== undefined) texts.set(id, after.documents[documentId]);
    }
    return texts;
  });

  const draft = new PageTreeDraft(merged.pages);
  let changed = false;
  for (const [id, holding] of holders) {
    const page = draft.page(id)!;
    const original = bodies[documentIdOfPage(page)!];
    if (original === undefined || page.type !== 'document') continue;
    const candidates = holding.map((holder) => relinked[snapshots.indexOf(holder)]!.get(id) ?? original);
    const text = candidates[0]!;
    if (text === original || candidates.some((candidate) => candidate !== text)) continue;
    const documentId = documentIdOf(text);
    documents.set(documentId, text);
    draft.setPage(id, withDocumentId(page, documentId));
    changed = true;
  }
  return changed ? { ...merged, pages: draft.build() } : merged;
}
