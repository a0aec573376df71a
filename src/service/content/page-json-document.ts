import type { ContentRef } from '@gitbook/api';
import { planLayout, type LaidOutKind } from '../../format/directory-layout.ts';
import { decodeTargetPath, isExternalTarget, resolveLinkTarget, splitTarget } from '../../format/directory-path.ts';
import type { RevisionSnapshot } from '../../model/revision-snapshot.ts';
import { markdownToDocument, type DocumentContext } from '../../render/document/index.ts';
import type { PublishedJsonDocument } from './published-content-shapes.ts';

/** Whose body is converted: a page or a reusable content of the revision. */
export interface DocumentOwner {
  kind: 'page' | 'reusable-content';
  id: string;
}

/**
 * The published JSON document (`JSONDocument`) of a page or reusable-content body, for `format=document` and the
 * `/document` routes: the Markdown converted by `src/render/document`, with its relative links (written in the
 * Git layout, from the owner's file) resolved to the pages, anchors, files and reusable contents of the revision.
 *
 * @example
 * const document = jsonDocumentOf(body, revision, { kind: 'page', id: page.id });
 */
export function jsonDocumentOf(markdown: string, revision: RevisionSnapshot, owner: DocumentOwner): PublishedJsonDocument {
  return markdownToDocument(markdown, documentContextFor(revision, owner)) as unknown as PublishedJsonDocument;
}

/** Resolves the targets written in the owner's file against the revision laid out as a directory. */
function documentContextFor(revision: RevisionSnapshot, owner: DocumentOwner): DocumentContext {
  const layout = planLayout(revision);
  const from = (owner.kind === 'page' ? layout.pages : layout.reusableContents).get(owner.id) ?? '';
  const lookup = (target: string): { kind: LaidOutKind; id: string; anchor?: string } | undefined => {
    if (isExternalTarget(target)) return undefined;
    const { path, suffix } = splitTarget(target);
    if (path === '') return undefined;
    const resolved = resolveLinkTarget(from, decodeTargetPath(path), revision.source.root, (candidate) => layout.byPath.has(candidate));
    const found = resolved.ok ? layout.byPath.get(resolved.path) : undefined;
    if (!found) return undefined;
    return suffix.startsWith('#') && suffix.length > 1 ? { ...found, anchor: decodeURIComponent(suffix.slice(1)) } : found;
  };
  return {
    resolveLink(target): ContentRef | undefined {
      const found = lookup(target);
      if (found?.kind === 'page') return found.anchor === undefined ? { kind: 'page', page: found.id } : { kind: 'anchor', anchor: found.anchor, page: found.id };
      if (found?.kind === 'file') return { kind: 'file', file: found.id };
      return undefined;
    },
    resolveFile(target) {
      const found = lookup(target);
      return found?.kind === 'file' ? { kind: 'file', file: found.id } : undefined;
    },
    resolveReusableContent(target) {
      const found = lookup(target);
      return found?.kind === 'reusable-content' ? { kind: 'reusable-content', reusableContent: found.id } : undefined;
    },
  };
}
