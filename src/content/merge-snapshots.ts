import type { RevisionReusableContent, RevisionTag, Variables } from '@gitbook/api';
import { documentIdOf } from '../format/read-directory.ts';
import type { RevisionSnapshot, SnapshotFile } from '../model/revision-snapshot.ts';
import { deepEqual } from './deep-equal.ts';
import { fetchDocuments, type DocumentLookup } from './document-lookup.ts';
import type { MergeConflict } from './merge-conflict.ts';
import { mergeEntities } from './merge-entities.ts';
import { mergeValue } from './merge-fields.ts';
import { mergePageTree, type BodyMerge } from './merge-page-tree.ts';
import { mergeSource } from './merge-source.ts';
import { mergeText } from './merge-text.ts';
import { locatePages } from './page-locations.ts';
import { relinkMergedBodies } from './relink-merged-bodies.ts';

/** The result of a three-way merge: the merged snapshot and the new bodies it names, or the conflicts. */
export type SnapshotMerge =
  | { kind: 'merged'; snapshot: RevisionSnapshot; documents: Map<string, string> }
  | { kind: 'conflicts'; conflicts: MergeConflict[] };

/**
 * Three-way merge of two snapshots that share `base` (merging a change request into the space, or updating a
 * change request with what was merged since): by id, pages (parent, position among siblings, every field, body,
 * slug and title), files, reusable contents, variables and tags, and what the directory held (`source`).
 * A change made on one side only is taken, the same change on both sides is fine, and bodies both sides changed
 * are merged line by line (diff3; clean when the changed lines do not overlap). Anything else is a conflict:
 * different changes to one field, deleted on one side and changed on the other, moved to different parents,
 * overlapping edits of a body, two pages with one slug under one parent, interfering reorders.
 *
 * When one side is the base (the same object, or equal to it), the other side is returned as it is, at once.
 *
 * @example
 * const result = await mergeSnapshots(base, main, changeRequest, (ids) => store.getDocuments(ids));
 * if (result.kind === 'conflicts') return { result: 'conflicts' };
 */
export async function mergeSnapshots(base: RevisionSnapshot, ours: RevisionSnapshot, theirs: RevisionSnapshot, documents: DocumentLookup): Promise<SnapshotMerge> {
  if (theirs === base || theirs === ours) return merged(ours);
  if (ours === base) return merged(theirs);
  if (deepEqual(theirs, base)) return merged(ours);
  if (deepEqual(ours, base)) return merged(theirs);

  const conflicts: MergeConflict[] = [];
  const pages = mergePageTree(base.pages, ours.pages, theirs.pages, conflicts);
  const files = mergeEntities<SnapshotFile>(base.files, ours.files, theirs.files, { keyOf: (file) => file.id, subject: (fileId) => ({ fileId }) }, conflicts);
  const reusables = mergeEntities<RevisionReusableContent>(
    base.reusableContents,
    ours.reusableContents,
    theirs.reusableContents,
    { keyOf: (reusable) => reusable.id, subject: (reusableContentId) => ({ reusableContentId }), bodyField: 'document' },
    conflicts,
  );
  const tags = mergeEntities<RevisionTag>(base.tags, ours.tags, theirs.tags, { keyOf: (tag) => tag.slug, subject: (tag) => ({ tag }) }, conflicts);
  const variables = mergeVariables(base.variables, ours.variables, theirs.variables, conflicts);

  const bodies = await mergeBodies([...pages.bodyMerges, ...prefixed(reusables.bodyMerges)], documents, conflicts);
  if (conflicts.length > 0) return { kind: 'conflicts', conflicts };

  const mergedPages = pages.build(bodies.merged);
  const reusableContents = reusables.order.map((id) => {
    const reusable = reusables.entities.get(id)!;
    const key = `reusable:${id}`;
    if (!bodies.merged.has(key)) return reusable;
    const { document: _old, ...rest } = reusable as RevisionReusableContent & { document?: string };
    const document = bodies.merged.get(key);
    return (document === undefined ? rest : { ...rest, document }) as RevisionReusableContent;
  });
  const live = new Set([...locatePages(mergedPages).keys(), ...reusableContents.map((reusable) => reusable.id)]);
  const source = mergeSource(base.source, ours.source, theirs.source, live, conflicts);
  if (conflicts.length > 0) return { kind: 'conflicts', conflicts };

  const snapshot = await relinkMergedBodies(base, ours, theirs, {
    pages: mergedPages,
    files: files.order.map((id) => files.entities.get(id)!),
    reusableContents,
    tags: tags.order.map((slug) => tags.entities.get(slug)!),
    ...(variables === undefined ? {} : { variables }),
    source,
  }, documents, bodies.documents);
  return { kind: 'merged', snapshot, documents: bodies.documents };
}

function merged(snapshot: RevisionSnapshot): SnapshotMerge {
  return { kind: 'merged', snapshot, documents: new Map() };
}

function prefixed(merges: Map<string, BodyMerge>): Array<[string, BodyMerge]> {
  return [...merges].map(([id, merge]) => [`reusable:${id}`, merge]);
}

/** Merges, line by line, the bodies both sides changed; records a conflict for each that overlaps. */
async function mergeBodies(
  merges: ReadonlyArray<[string, BodyMerge]>,
  lookup: DocumentLookup,
  conflicts: MergeConflict[],
): Promise<{ merged: Map<string, string | undefined>; documents: Map<string, string> }> {
  const merged = new Map<string, string | undefined>();
  const documents = new Map<string, string>();
  if (merges.length === 0) return { merged, documents };
  const ids = merges.flatMap(([, merge]) => [merge.base, merge.ours, merge.theirs]).filter((id): id is string => id !== undefined);
  const bodies = await fetchDocuments(lookup, ids);
  for (const [key, merge] of merges) {
    const subject = key.startsWith('reusable:') ? { reusableContentId: key.slice('reusable:'.length) } : { pageId: key };
    const texts = [merge.base, merge.ours, merge.theirs].map((id) => (id === undefined ? '' : bodies[id]));
    if (texts.some((text) => text === undefined)) {
      conflicts.push({ ...subject, field: 'document', reason: 'a version of the body could not be read to merge it' });
      continue;
    }
    const text = mergeText(texts[0]!, texts[1]!, texts[2]!);
    if (text === undefined) {
      conflicts.push({ ...subject, field: 'document', reason: 'both sides changed the same lines of the body' });
      continue;
    }
    const documentId = text === '' ? undefined : documentIdOf(text);
    if (documentId !== undefined && !(documentId in bodies)) documents.set(documentId, text);
    merged.set(key, documentId);
  }
  return { merged, documents };
}

function mergeVariables(base: Variables | undefined, ours: Variables | undefined, theirs: Variables | undefined, conflicts: MergeConflict[]): Variables | undefined {
  const [b, o, t] = [base ?? {}, ours ?? {}, theirs ?? {}];
  const variables: Variables = {};
  for (const name of new Set([...Object.keys(b), ...Object.keys(o), ...Object.keys(t)])) {
    const result = mergeValue(b[name], o[name], t[name]);
    if (!result.ok) conflicts.push({ variable: name, field: `variables.${name}`, reason: 'changed differently on both sides' });
    else if (result.value !== undefined) variables[name] = result.value;
  }
  return Object.keys(variables).length === 0 && ours === undefined && theirs === undefined ? undefined : variables;
}
