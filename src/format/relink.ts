import { layoutContentOf, planLayout, walkLayoutPages, type DirectoryLayout, type LayoutContent, type LayoutInput, type LayoutPage } from './directory-layout.ts';
import { decodeTargetPath, isExternalTarget, relativePath, resolveLinkTarget, splitTarget } from './directory-path.ts';
import { coverTargets } from './cover-targets.ts';
import { splitPageFile } from './page-file.ts';
import { documentIdOf } from './read-directory.ts';
import { encodeTargetPath } from './reference-resolver.ts';
import { rewriteReferences, scanReferences, type Reference } from './references.ts';

/** What `relinkBundle` works on: a layout input (a bundle or a snapshot) with the bodies its pages name. */
export type RelinkInput = LayoutInput & { readonly documents: Readonly<Record<string, string>> };

/**
 * After pages, files or reusable contents moved between two versions of a bundle, rewrites the relative
 * references that no longer point where they did: links inside a moved page, and links to a moved page from
 * anywhere. Only those spans change (FORMAT.md, fidelity guarantee 5); a body whose references all still
 * resolve is not touched. Returns `after` with rewritten documents and heads; pages whose body did not change
 * are the same objects as in `after` (so frozen, shared subtrees stay shared).
 *
 * Works on a `RevisionBundle` and on a `RevisionSnapshot` given with its bodies (`{ ...snapshot, documents }`).
 * `after.documents` must hold the body of every page and reusable content of `after`; the result keeps only those.
 *
 * @example
 * const moved = relinkBundle(before, afterTheMove);
 */
export function relinkBundle<T extends RelinkInput>(before: RelinkInput, after: T): T {
  const oldLayout = planLayout(before);
  const newLayout = planLayout(after);
  if (!anythingMoved(oldLayout, newLayout)) return after;

  const content = layoutContentOf(after);
  const root = after.source.root;
  const documents: Record<string, string> = { ...after.documents };
  const heads = { ...after.source.heads };
  const moves: LayoutMoves = { oldLayout, newLayout, root, keptBefore: keptPathsOf(before) };
  const relocate = (text: string, oldBase: string, newBase: string) => rewriteMoved(text, scanReferences(text), oldBase, newBase, moves);

  const relinkPage = (page: LayoutPage): LayoutPage => {
    if (page.type !== 'document') return page;
    const newBase = newLayout.pages.get(page.id)!;
    const oldBase = oldLayout.pages.get(page.id) ?? newBase;
    const head = heads[page.id];
    if (head !== undefined) heads[page.id] = rewriteMoved(head, headReferences(head), oldBase, newBase, moves);
    const documentId = page.documentId;
    if (documentId === undefined) return page;
    const body = after.documents[documentId] ?? '';
    const rewritten = relocate(body, oldBase, newBase);
    if (rewritten === body) return page;
    const id = documentIdOf(rewritten);
    documents[id] = rewritten;
    return { ...page, documentId: id };
  };
  const pages = mapPages(content.pages, relinkPage);

  const reusableContents = content.reusableContents.map((reusable) => {
    const documentId = reusable.document;
    if (documentId === undefined) return reusable;
    const newBase = newLayout.reusableContents.get(reusable.id)!;
    const body = after.documents[documentId] ?? '';
    const rewritten = relocate(body, oldLayout.reusableContents.get(reusable.id) ?? newBase, newBase);
    if (rewritten === body) return reusable;
    const id = documentIdOf(rewritten);
    documents[id] = rewritten;
    return { ...reusable, document: id };
  });

  const relinked = { ...content, pages, reusableContents };
  const source = { ...after.source, heads };
  const kept = pruneDocuments(documents, relinked);
  // The result has the shape of `after`; only page and reusable-content objects were replaced, by copies.
  const result = 'revision' in after ? { ...after, revision: { ...after.revision, pages, reusableContents }, documents: kept, source } : { ...after, pages, reusableContents, documents: kept, source };
  return result as unknown as T;
}

/** The tree with `update` applied to every page, copying only the pages (and their ancestors) that changed. */
function mapPages(pages: readonly LayoutPage[], update: (page: LayoutPage) => LayoutPage): readonly LayoutPage[] {
  let changed = false;
  const mapped = pages.map((page) => {
    let next = update(page);
    if (page.pages !== undefined) {
      const children = mapPages(page.pages, update);
      if (children !== page.pages) next = { ...next, pages: children };
    }
    if (next !== page) changed = true;
    return next;
  });
  return changed ? mapped : pages;
}

/**
 * True when something that both layouts place (a page, a file or a reusable content) is at another path in
 * `newLayout`: the case where links must be rewritten.
 *
 * @example
 * anythingMoved(planLayout(before), planLayout(after)) // → false after a title-only edit
 */
export function anythingMoved(oldLayout: DirectoryLayout, newLayout: DirectoryLayout): boolean {
  for (const kind of ['pages', 'files', 'reusableContents'] as const) {
    for (const [id, path] of newLayout[kind]) {
      const old = oldLayout[kind].get(id);
      if (old !== undefined && old !== path) return true;
    }
  }
  return false;
}

/** The two layouts of a relink, and what else the directory held before (kept files and symlinks). */
interface LayoutMoves {
  oldLayout: DirectoryLayout;
  newLayout: DirectoryLayout;
  root: string;
  keptBefore: ReadonlySet<string>;
}

/**
 * Rewrites the references of `text` (written at `oldBase`, now at `newBase`) whose target is elsewhere now.
 * Only real references are rewritten: a target is one when it resolves, from where it was written, to a page,
 * file or reusable content of the old layout (or a file the directory kept). Anything else is left byte for
 * byte: heading anchors (`<a href="editing" id="editing">`), GitBook's `broken-reference` placeholder, links to
 * files that never existed. A link to something the change deleted is left as written too: there is nothing to
 * point it at. A folder link (`guides/`) stays a folder link while its page is its folder's README.md.
 */
function rewriteMoved(text: string, references: readonly Reference[], oldBase: string, newBase: string, moves: LayoutMoves): string {
  const { oldLayout, newLayout, root, keptBefore } = moves;
  const existedBefore = (candidate: string) => oldLayout.byPath.has(candidate) || keptBefore.has(candidate);
  const replacements = new Map<Reference, string>();
  for (const reference of references) {
    if (isExternalTarget(reference.target)) continue;
    const { path, suffix } = splitTarget(reference.target);
    if (path === '') continue;
    const decoded = decodeTargetPath(path);
    const resolved = resolveLinkTarget(oldBase, decoded, root, existedBefore);
    if (!resolved.ok || !existedBefore(resolved.path)) continue;
    const target = oldLayout.byPath.get(resolved.path);
    const newTarget = target === undefined ? resolved.path : pathOf(newLayout, target.kind, target.id);
    if (newTarget === undefined) continue;
    const stillResolves = resolveLinkTarget(newBase, decoded, root, (candidate) => newLayout.byPath.has(candidate) || keptBefore.has(candidate));
    if (stillResolves.ok && stillResolves.path === newTarget) continue;
    const relative = relativePath(newBase, newTarget);
    replacements.set(reference, encodeTargetPath(writtenAsFolder(decoded, resolved.path) ? folderForm(relative, decoded.endsWith('/')) : relative) + suffix);
  }
  return replacements.size === 0 ? text : rewriteReferences(text, replacements);
}

/** True when `written` named a folder (`guides/`, `guides`) that resolved to its README.md. */
function writtenAsFolder(written: string, resolvedPath: string): boolean {
  return /(^|\/)README\.md$/i.test(resolvedPath) && !/(^|\/)README\.md$/i.test(written.replace(/\/+$/, ''));
}

/** `../guides/README.md` as the folder link `../guides/` (or `../guides` when written without the slash). */
function folderForm(relative: string, trailingSlash: boolean): string {
  if (!/(^|\/)README\.md$/i.test(relative)) return relative;
  const folder = relative.slice(0, -'README.md'.length);
  if (folder === '') return './';
  return trailingSlash ? folder : folder.slice(0, -1);
}

/** Paths the directory holds besides the content (kept files, symlinks): links to them are real references too. */
function keptPathsOf(input: RelinkInput): ReadonlySet<string> {
  return new Set([...Object.keys(input.source.extra), ...Object.keys(input.source.symlinks)]);
}

function pathOf(layout: DirectoryLayout, kind: 'page' | 'file' | 'reusable-content', id: string): string | undefined {
  return (kind === 'page' ? layout.pages : kind === 'file' ? layout.files : layout.reusableContents).get(id);
}

/** References in a page head: the `cover:` path of the frontmatter. */
function headReferences(head: string): Reference[] {
  const parts = splitPageFile(head);
  if (!parts.frontmatter) return [];
  // The cover's one image, or its light and dark images.
  return coverTargets(parts.frontmatter.yaml).map(({ target, start, end }) => ({
    syntax: 'html-attribute',
    target,
    start: parts.frontmatter!.yamlStart + start,
    end: parts.frontmatter!.yamlStart + end,
    angle: false,
  }));
}

/** Drops bodies no page or reusable content names any more. */
function pruneDocuments(documents: Record<string, string>, content: LayoutContent): Record<string, string> {
  const used = new Set<string>();
  walkLayoutPages(content.pages, (page) => {
    if (page.type === 'document' && page.documentId) used.add(page.documentId);
  });
  for (const reusable of content.reusableContents) if (reusable.document) used.add(reusable.document);
  return Object.fromEntries(Object.entries(documents).filter(([id]) => used.has(id)));
}
