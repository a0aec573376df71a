import type { PageTreeSlugs } from './page-tree-draft.ts';
import type { ContentRefFile, ContentRefURL, RevisionPageDocument, RevisionPageMetaLinks } from '@gitbook/api';
import { planLayout, type DirectoryLayout } from '../format/directory-layout.ts';
import { isExternalTarget } from '../format/directory-path.ts';
import { canonicalPageHead, metadataOfPage } from '../format/page-head.ts';
import { documentIdOf } from '../format/read-directory.ts';
import type { ReferenceResolver } from '../format/page-metadata.ts';
import { createResolver } from '../format/reference-resolver.ts';
import { scanReferences } from '../format/references.ts';
import { anythingMoved, relinkBundle } from '../format/relink.ts';
import type { RevisionSnapshot, SnapshotDocumentPage } from '../model/revision-snapshot.ts';
import { addedPagesLayout } from './added-pages-layout.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch, ContentChangeOutcome, InsertedFile } from './content-batch.ts';
import { fetchDocuments, type DocumentLookup } from './document-lookup.ts';
import { documentIdOfPage, withDocumentId } from './page-document.ts';
import { locatePages } from './page-locations.ts';
import { sameLayout } from './same-layout.ts';
import { resolveSubmittedLinks, resolveSubmittedTarget, type LinkTargets } from './submitted-links.ts';
import type { SubmittedMarkdown } from './submitted-markdown.ts';

/** What `applyContentChanges` returns. */
export interface AppliedContentChanges {
  /** The content after the batch; the input's unchanged pages, files and records are shared with it. */
  snapshot: RevisionSnapshot;
  /** Bodies the new snapshot names that did not exist before (submitted, or relinked after a move), by document id. */
  documents: Map<string, string>;
  /** Uploaded files, in the order they were inserted: their records (in `snapshot.files`) and bytes to store. */
  files: InsertedFile[];
  /** Files whose bytes `quire_update_file` replaced, in order: their new records and the bytes to store. */
  replacedFiles: InsertedFile[];
  /** One entry per page the batch touched, in the order it first touched it. */
  outcomes: ContentChangeOutcome[];
  /** `planLayout(snapshot)`, when the batch laid the new tree out: give it as `baseLayout` to the next batch. */
  layout?: DirectoryLayout | undefined;
  /** The slug indexes of the new tree: give them as `baseSlugs` to the next batch. */
  slugs: PageTreeSlugs;
  /** The pages whose body the batch set, with the document now holding it (what a links index must extract). */
  bodies: Array<{ page: string; documentId: string }>;
}

/**
 * Finishes a batch once every change is applied: relinks existing bodies if pages or files moved in the Git
 * layout (moves made in the service only), resolves the links of submitted bodies against the final tree, stores those bodies as documents, and
 * builds the new snapshot.
 *
 * @example
 * const applied = await settleBatch(batch, (ids) => store.getDocuments(ids));
 */
export async function settleBatch(batch: ContentBatch, storedLookup: DocumentLookup): Promise<AppliedContentChanges> {
  const { snapshot, draft } = batch;
  const newDocuments = new Map<string, string>(batch.documents);
  // Bodies given in the batch (reusable content) are not stored yet: the lookup sees them first.
  const lookup = withBatchDocuments(batch.documents, storedLookup);
  const files = sameElements(batch.files, snapshot.files) ? snapshot.files : batch.files;
  let reusableContents = sameElements(batch.reusableContents, snapshot.reusableContents) ? snapshot.reusableContents : batch.reusableContents;

  const laidOut = snapshotOf(snapshot, draft.build(), files, reusableContents, batch);
  // Laying out a large space costs more than a small edit: only when the tree or a link needs it.
  let layout: DirectoryLayout | undefined;
  // A batch that only added pages places them without laying out the tree; nothing of the input moved then.
  let extended: { layout: DirectoryLayout | undefined } | undefined;
  const extendedNow = () => (extended ??= { layout: addedPagesLayout(batch, laidOut) }).layout;
  const layoutNow = () => (layout ??= extendedNow() ?? planLayout(laidOut));

  // Existing bodies: links inside pages that moved, and links to them, follow the move (FORMAT.md, guarantee 5).
  // Not when the batch comes from Git: the repository sent every file as it wants it written, moved or not, and
  // each page's recorded blob id must stay the id of the bytes the space writes back.
  let relinked = false;
  if (!batch.fromGit && !sameLayout(snapshot, laidOut) && extendedNow() === undefined && anythingMoved(batch.context.baseLayout ?? planLayout(snapshot), layoutNow())) {
    const bodies = await fetchDocuments(lookup, documentIdsOf(laidOut));
    const after = relinkBundle({ ...snapshot, documents: {} }, { ...laidOut, documents: bodies });
    for (const [id, { page }] of locatePages(after.pages)) {
      const current = draft.page(id)!;
      const documentId = documentIdOfPage(page);
      if (current.type !== 'document' || documentId === documentIdOfPage(current)) continue;
      draft.setPage(id, withDocumentId(current, documentId));
    }
    for (const [id, body] of Object.entries(after.documents)) if (bodies[id] === undefined) newDocuments.set(id, body);
    reusableContents = after.reusableContents;
    Object.assign(batch.heads, after.source.heads);
    relinked = true;
  }

  const bodies: Array<{ page: string; documentId: string }> = [];
  let targets: LinkTargets | undefined;
  const targetsNow = () => (targets ??= linkTargetsOf(laidOut, layoutNow(), batch));
  for (const [pageId, { changeIndex, markdown, asFile }] of batch.submitted) {
    const page = draft.page(pageId) as SnapshotDocumentPage;
    const file = () => layoutNow().pages.get(pageId)!;
    // A page file given with `git` is the repository's own bytes: its links are already paths in the Git layout,
    // and it is kept exactly as written (docs/api-extensions.md), which also spares laying out the whole tree.
    const body = asFile || scanReferences(markdown.body).length === 0 ? markdown.body : resolveSubmittedLinks(markdown.body, file(), targetsNow());
    const documentId = body === '' ? undefined : documentIdOf(body);
    if (documentId !== undefined) {
      newDocuments.set(documentId, body);
      bodies.push({ page: pageId, documentId });
    }
    const next = withDocumentId(markdown.deferredTargets ? withResolvedTargets(page, file(), targetsNow(), changeIndex, asFile) : page, documentId);
    draft.setPage(pageId, next);
    keepHead(batch, next, markdown, asFile, body, lazyResolver(() => createResolver(file(), layoutNow(), snapshot.source.root)));
  }

  const result = snapshotOf(snapshot, draft.build(), files, reusableContents, batch);
  if (relinked || batch.documents.size > 0) {
    const used = new Set(documentIdsOf(result));
    for (const id of newDocuments.keys()) if (!used.has(id)) newDocuments.delete(id);
  }
  // Settling changes bodies, not places: the layout of the tree laid out is the result's, unless relinking renamed something.
  const resultLayout = layout !== undefined && sameLayout(laidOut, result) ? layout : undefined;
  return { snapshot: result, documents: newDocuments, files: batch.insertedFiles, replacedFiles: batch.replacedFiles, outcomes: batch.outcomeList(), layout: resultLayout, slugs: draft.handOverSlugs(), bodies };
}

function withBatchDocuments(documents: ReadonlyMap<string, string>, lookup: DocumentLookup): DocumentLookup {
  if (documents.size === 0) return lookup;
  return async (ids) => {
    const found = new Map<string, string>();
    for (const id of ids) if (documents.has(id)) found.set(id, documents.get(id)!);
    const rest = ids.filter((id) => !found.has(id));
    if (rest.length > 0) for (const [id, body] of await lookup(rest)) found.set(id, body);
    return found;
  };
}

function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** A resolver that makes the real one (which needs the layout) only when a cover or a meta link asks for it. */
function lazyResolver(make: () => ReferenceResolver): ReferenceResolver {
  let resolver: ReferenceResolver | undefined;
  const get = () => (resolver ??= make());
  return {
    fileRef: (target) => get().fileRef(target),
    pageRef: (target) => get().pageRef(target),
    fileTarget: (ref) => get().fileTarget(ref),
    pageTarget: (ref) => get().pageTarget(ref),
  };
}

function snapshotOf(
  snapshot: RevisionSnapshot,
  pages: RevisionSnapshot['pages'],
  files: RevisionSnapshot['files'],
  reusableContents: RevisionSnapshot['reusableContents'],
  batch: ContentBatch,
): RevisionSnapshot {
  const { source } = snapshot;
  const patched = Object.keys(batch.sourcePatch).length > 0;
  const sameSource = !patched && sameRecord(source.heads, batch.heads) && sameRecord(source.summaryTitles, batch.summaryTitles);
  const variables = batch.variables === undefined ? snapshot.variables : (batch.variables ?? undefined);
  return {
    pages,
    files,
    reusableContents,
    tags: snapshot.tags,
    ...(variables === undefined ? {} : { variables }),
    source: sameSource ? source : withoutUndefined({ ...source, ...batch.sourcePatch, heads: { ...batch.heads }, summaryTitles: { ...batch.summaryTitles } }),
  };
}

/** A `quire_set_directory` that removed `config` or `summaryText` leaves the key undefined: drop it. */
function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

function sameRecord(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Every document id the snapshot's pages and reusable contents name. */
function documentIdsOf(snapshot: RevisionSnapshot): string[] {
  const ids: string[] = [];
  for (const { page } of locatePages(snapshot.pages).values()) {
    const id = documentIdOfPage(page);
    if (id !== undefined) ids.push(id);
  }
  for (const reusable of snapshot.reusableContents) if ('document' in reusable && reusable.document) ids.push(reusable.document);
  return ids;
}

function linkTargetsOf(snapshot: RevisionSnapshot, layout: DirectoryLayout, batch: ContentBatch): LinkTargets {
  let byPath: Map<string, string> | undefined;
  const pageByPath = (path: string) => {
    if (byPath === undefined) {
      byPath = new Map();
      for (const { page } of locatePages(snapshot.pages).values()) {
        if ((page.type === 'document' || page.type === 'group') && !byPath.has(page.path)) byPath.set(page.path, page.id);
      }
    }
    return byPath.get(path);
  };
  const { root, structure } = snapshot.source;
  const first = snapshot.pages.find((page) => page.type === 'document');
  const readmePath = (first && layout.pages.get(first.id)) ?? root + structure.readme;
  return { layout, root, readmePath, pageByPath, pageRefs: batch.pageRefs, fileRefs: batch.fileRefs };
}

/**
 * A submitted frontmatter's `cover` (its light and dark images) and `metaLinks`, read as written, resolved to the
 * files and pages they name. A target the change request lacks is refused, except in a page file from Git
 * (`asFile`): there it is left out and the head keeps it as written, as the format's reader does (a warning;
 * FORMAT.md, "Page files": a cover whose image was never committed is common in real repositories).
 */
function withResolvedTargets(page: SnapshotDocumentPage, file: string, targets: LinkTargets, changeIndex: number, asFile: boolean): SnapshotDocumentPage {
  const resolve = (target: string, kind: 'page' | 'file', key: string) => {
    const found = resolveSubmittedTarget(target.replace(/[#?].*$/, ''), file, targets);
    if (found?.kind === kind) return found.id;
    if (asFile) return undefined;
    throw invalidChange(changeIndex, 'document.markdown', `frontmatter ${key} "${target}" is not a ${kind} of the change request`);
  };
  let next = page;
  const cover = page.cover;
  if (cover) {
    const fileRef = (ref: ContentRefFile | ContentRefURL | undefined, key: string): ContentRefFile | ContentRefURL | undefined => {
      if (ref?.kind !== 'url' || isExternalTarget(ref.url)) return ref;
      const id = resolve(ref.url, 'file', key);
      return id === undefined ? undefined : { kind: 'file', file: id };
    };
    const { ref, refDark, ...rest } = cover;
    const light = fileRef(ref, refDark ? 'cover.light' : 'cover');
    const dark = fileRef(refDark, 'cover.dark');
    const resolved = { ...rest, ...(light ? { ref: light } : {}), ...(dark ? { refDark: dark } : {}) };
    next = light || dark ? { ...next, cover: resolved } : withoutCover(next);
  }
  const links = page.metaLinks;
  if (links) {
    const pageRef = (ref: NonNullable<RevisionPageMetaLinks['canonical']>, key: string): RevisionPageMetaLinks['canonical'] => {
      if (ref.kind !== 'url' || isExternalTarget(ref.url)) return ref;
      const id = resolve(ref.url, 'page', key);
      return id === undefined ? undefined : { kind: 'page', page: id };
    };
    const metaLinks: RevisionPageMetaLinks = {};
    const canonical = links.canonical ? pageRef(links.canonical, 'metaLinks.canonical') : undefined;
    if (canonical) metaLinks.canonical = canonical;
    if (links.alternates) metaLinks.alternates = links.alternates.flatMap((ref) => pageRef(ref, 'metaLinks.alternates') ?? []);
    next = { ...next, metaLinks };
  }
  return next;
}

function withoutCover(page: SnapshotDocumentPage): SnapshotDocumentPage {
  const { cover: _cover, ...rest } = page;
  return rest as SnapshotDocumentPage;
}

/**
 * Keeps the head of a submitted page as written (frontmatter with keys Quire does not know, a Setext title...)
 * when it differs from the canonical head; the writer then emits it as it is while the metadata agrees
 * (FORMAT.md, "Source text is kept"). A page file given with `git` (`asFile`) keeps its head exactly as written,
 * an empty one or one without a title line included, as the format's reader does (`source.heads`). Otherwise a
 * head without a title line gets one, so the file keeps its title, and an empty head is the canonical one.
 */
function keepHead(batch: ContentBatch, page: SnapshotDocumentPage, markdown: SubmittedMarkdown, asFile: boolean, body: string, resolver: ReferenceResolver): void {
  let head = markdown.head;
  if (!asFile && !markdown.hasTitleLine && head !== '') head = `${head.endsWith('\n\n') ? head : `${head}\n`}# ${page.title}\n${body === '' ? '' : '\n'}`;
  // `metadataOfPage` reads the metadata fields only, which a snapshot page has like a published one.
  const canonical = canonicalPageHead(page.title, metadataOfPage(page as unknown as RevisionPageDocument), '', resolver, body === '');
  if ((head === '' && !asFile) || head === canonical) delete batch.heads[page.id];
  else batch.heads[page.id] = head;
}
