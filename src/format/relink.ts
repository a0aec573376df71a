import type { RevisionPageDocument } from '@gitbook/api';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { planLayout, type DirectoryLayout } from './directory-layout.ts';
import { decodeTargetPath, isExternalTarget, relativePath, resolveLinkTarget, splitTarget } from './directory-path.ts';
import { splitPageFile } from './page-file.ts';
import { documentIdOf } from './read-directory.ts';
import { encodeTargetPath } from './reference-resolver.ts';
import { rewriteReferences, scanReferences, type Reference } from './references.ts';

/**
 * After pages, files or reusable contents moved between two versions of a bundle, rewrites the relative
 * references that no longer point where they did: links inside a moved page, and links to a moved page from
 * anywhere. Only those spans change (FORMAT.md, fidelity guarantee 5); a body whose references all still
 * resolve is not touched. Returns `after` with rewritten documents and heads.
 *
 * @example
 * const moved = relinkBundle(before, afterTheMove);
 */
export function relinkBundle(before: RevisionBundle, after: RevisionBundle): RevisionBundle {
  const oldLayout = planLayout(before);
  const newLayout = planLayout(after);
  if (!anythingMoved(oldLayout, newLayout)) return after;

  const root = after.source.root;
  const documents = { ...after.documents };
  const heads = { ...after.source.heads };
  const relocate = (text: string, oldBase: string, newBase: string) =>
    rewriteMoved(text, scanReferences(text), oldBase, newBase, oldLayout, newLayout, root);

  const pages = structuredClone(after.revision.pages);
  for (const page of flattenPages(pages)) {
    if (page.type !== 'document') continue;
    const newBase = newLayout.pages.get(page.id)!;
    const oldBase = oldLayout.pages.get(page.id) ?? newBase;
    const documentId = documentIdOfPage(page);
    if (documentId !== undefined) {
      const body = after.documents[documentId] ?? '';
      const rewritten = relocate(body, oldBase, newBase);
      if (rewritten !== body) {
        const id = documentIdOf(rewritten);
        documents[id] = rewritten;
        (page as { documentId?: string }).documentId = id;
      }
    }
    const head = heads[page.id];
    if (head !== undefined) heads[page.id] = rewriteMoved(head, headReferences(head), oldBase, newBase, oldLayout, newLayout, root);
  }

  const reusableContents = after.revision.reusableContents.map((reusable) => {
    const documentId = 'document' in reusable ? reusable.document : undefined;
    if (documentId === undefined) return reusable;
    const newBase = newLayout.reusableContents.get(reusable.id)!;
    const body = after.documents[documentId] ?? '';
    const rewritten = relocate(body, oldLayout.reusableContents.get(reusable.id) ?? newBase, newBase);
    if (rewritten === body) return reusable;
    const id = documentIdOf(rewritten);
    documents[id] = rewritten;
    return { ...reusable, document: id };
  });

  const revision = { ...after.revision, pages, reusableContents };
  return { ...after, revision, documents: pruneDocuments(documents, revision), source: { ...after.source, heads } };
}

function anythingMoved(oldLayout: DirectoryLayout, newLayout: DirectoryLayout): boolean {
  for (const kind of ['pages', 'files', 'reusableContents'] as const) {
    for (const [id, path] of newLayout[kind]) {
      const old = oldLayout[kind].get(id);
      if (old !== undefined && old !== path) return true;
    }
  }
  return false;
}

/** Rewrites the references of `text` (written at `oldBase`, now at `newBase`) whose target is elsewhere now. */
function rewriteMoved(
  text: string,
  references: readonly Reference[],
  oldBase: string,
  newBase: string,
  oldLayout: DirectoryLayout,
  newLayout: DirectoryLayout,
  root: string,
): string {
  const replacements = new Map<Reference, string>();
  for (const reference of references) {
    if (isExternalTarget(reference.target)) continue;
    const { path, suffix } = splitTarget(reference.target);
    if (path === '') continue;
    const resolved = resolveLinkTarget(oldBase, decodeTargetPath(path), root, (candidate) => oldLayout.byPath.has(candidate));
    if (!resolved.ok) continue;
    const target = oldLayout.byPath.get(resolved.path);
    const newTarget = target ? pathOf(newLayout, target.kind, target.id) ?? resolved.path : resolved.path;
    const stillResolves = resolveLinkTarget(newBase, decodeTargetPath(path), root, (candidate) => newLayout.byPath.has(candidate));
    if (stillResolves.ok && stillResolves.path === newTarget) continue;
    // A folder link (`guides/`) stays a folder link while the page is still its folder's README.md.
    const asFolder = path.endsWith('/') && newTarget.endsWith('/README.md');
    const relative = relativePath(newBase, newTarget);
    const written = asFolder ? relative.slice(0, -'README.md'.length) || './' : relative;
    replacements.set(reference, encodeTargetPath(written) + suffix);
  }
  return replacements.size === 0 ? text : rewriteReferences(text, replacements);
}

function pathOf(layout: DirectoryLayout, kind: 'page' | 'file' | 'reusable-content', id: string): string | undefined {
  return (kind === 'page' ? layout.pages : kind === 'file' ? layout.files : layout.reusableContents).get(id);
}

/** References in a page head: the `cover:` path of the frontmatter. */
function headReferences(head: string): Reference[] {
  const parts = splitPageFile(head);
  if (!parts.frontmatter) return [];
  const match = /^cover:[ \t]*(["']?)([^"'\n]+?)\1[ \t]*$/dm.exec(parts.frontmatter.yaml);
  const span = match?.indices?.[2];
  if (!span) return [];
  const start = parts.frontmatter.yamlStart + span[0];
  return [{ syntax: 'html-attribute', target: match![2]!, start, end: start + match![2]!.length, angle: false }];
}

function documentIdOfPage(page: RevisionPageDocument): string | undefined {
  return 'documentId' in page ? page.documentId : undefined;
}

/** Drops bodies no page or reusable content names any more. */
function pruneDocuments(documents: Record<string, string>, revision: RevisionBundle['revision']): Record<string, string> {
  const used = new Set<string>();
  for (const page of flattenPages(revision.pages)) if (page.type === 'document' && 'documentId' in page && page.documentId) used.add(page.documentId);
  for (const reusable of revision.reusableContents) if ('document' in reusable && reusable.document) used.add(reusable.document);
  return Object.fromEntries(Object.entries(documents).filter(([id]) => used.has(id)));
}
