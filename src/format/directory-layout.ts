import type { DirectorySource } from '../model/revision-bundle.ts';
import { pathSegmentProblem, repositoryPathProblem } from '../model/git-path-rules.ts';
import { basename, dirname } from './directory-path.ts';
import { slugify, uniqueSlug } from './slug.ts';

/**
 * What laying out a directory needs of a page. A published `RevisionPage` (with `urls`) and a snapshot's page
 * (`SnapshotPage`, as the store keeps it) both have this shape; only document pages have a file.
 */
export interface LayoutPage {
  readonly id: string;
  readonly type: string;
  readonly title: string;
  readonly slug?: string;
  readonly git?: { readonly path: string };
  /** The page's body (read by `relinkBundle`, not by the layout). */
  readonly documentId?: string;
  readonly pages?: readonly LayoutPage[];
}

/** What laying out a directory needs of a file: a published `RevisionFile` or a snapshot's file (with `blob`). */
export interface LayoutFile {
  readonly id: string;
  readonly name: string;
  readonly git?: { readonly path: string };
}

/** What laying out a directory needs of a reusable content. */
export interface LayoutReusableContent {
  readonly id: string;
  readonly title: string;
  readonly git?: { readonly path: string };
  /** The reusable content's body (read by `relinkBundle`, not by the layout). */
  readonly document?: string;
}

/** The content a layout is planned for: a revision's pages, files and reusable contents. */
export interface LayoutContent {
  readonly pages: readonly LayoutPage[];
  readonly files: readonly LayoutFile[];
  readonly reusableContents: readonly LayoutReusableContent[];
}

/**
 * What `planLayout` accepts: a `RevisionBundle` (content under `revision`) or a `RevisionSnapshot` (content at
 * the top), each with its `source`.
 */
export type LayoutInput = ({ readonly revision: LayoutContent } | LayoutContent) & { readonly source: DirectorySource };

/**
 * The content of a layout input, wherever it keeps it.
 *
 * @example
 * layoutContentOf(bundle) === bundle.revision // → true
 */
export function layoutContentOf(input: LayoutInput): LayoutContent {
  return 'revision' in input ? input.revision : input;
}

/**
 * Visits every page of a tree depth-first, parents before children, with its parent (undefined at the root).
 *
 * @example
 * walkLayoutPages(snapshot.pages, (page, parent) => console.log(page.id, parent?.id));
 */
export function walkLayoutPages<P extends LayoutPage>(pages: readonly P[], visit: (page: P, parent: P | undefined) => void): void {
  const walk = (list: readonly P[], parent: P | undefined) => {
    for (const page of list) {
      visit(page, parent);
      if (page.pages !== undefined) walk(page.pages as readonly P[], page);
    }
  };
  walk(pages, undefined);
}

export type LaidOutKind = 'page' | 'file' | 'reusable-content';

/** Where each page, file and reusable content of a revision lives in its directory. */
export interface DirectoryLayout {
  pages: Map<string, string>;
  files: Map<string, string>;
  reusableContents: Map<string, string>;
  /** The reverse: path → what lives there. */
  byPath: Map<string, { kind: LaidOutKind; id: string }>;
}

export const assetsFolder = '.gitbook/assets/';
export const includesFolder = '.gitbook/includes/';

/**
 * Decides the path of every page, file and reusable content. What came from Git stays where it was
 * (`git.path`); what has no Git path gets the canonical one (FORMAT.md, "Page files"):
 * `<folder>/<slug>.md`, `<folder>/<slug>/README.md` for a page with children, `README.md` for the first page,
 * assets in `.gitbook/assets/`, reusable content in `.gitbook/includes/`, with `-1`, `-2` on collisions. A
 * canonical path is always one the path rules (`src/model/git-path-rules.ts`) allow.
 *
 * @example
 * planLayout(bundle).pages.get(pageId) // → 'guides/install.md'
 */
export function planLayout(bundle: LayoutInput): DirectoryLayout {
  const revision = layoutContentOf(bundle);
  const { source } = bundle;
  const root = source.root;
  const layout: DirectoryLayout = { pages: new Map(), files: new Map(), reusableContents: new Map(), byPath: new Map() };
  const taken = new Set<string>([...Object.keys(source.extra), ...Object.keys(source.symlinks)]);
  const claim = (kind: LaidOutKind, id: string, path: string) => {
    taken.add(path);
    layout.byPath.set(path, { kind, id });
    (kind === 'page' ? layout.pages : kind === 'file' ? layout.files : layout.reusableContents).set(id, path);
  };

  // First what has a Git path, so that nothing new takes its place.
  walkLayoutPages(revision.pages, (page) => {
    if (page.type === 'document' && page.git?.path && !taken.has(page.git.path)) claim('page', page.id, page.git.path);
  });
  for (const file of revision.files) if (file.git?.path && !taken.has(file.git.path)) claim('file', file.id, file.git.path);
  for (const reusable of revision.reusableContents) {
    if (reusable.git?.path && !taken.has(reusable.git.path)) claim('reusable-content', reusable.id, reusable.git.path);
  }

  const readmePath = root + source.structure.readme;
  const firstPage = revision.pages.find((page) => page.type === 'document');
  walkLayoutPages(revision.pages, (page, parent) => {
    if (page.type !== 'document' || layout.pages.has(page.id)) return;
    if (page === firstPage && !taken.has(readmePath)) {
      claim('page', page.id, readmePath);
      return;
    }
    const withChildren = (page.pages?.length ?? 0) > 0;
    const pathIn = (folder: string) => pagePathIn(folder, page, withChildren, (candidate) => uniqueSlug(candidate, (slug) => pagePathTaken(taken, folder, slug, withChildren)));
    // A page nested too deep for the path rules (64 segments, 4096 bytes) starts again at the root, and its
    // children under it: the tree itself is in SUMMARY.md, so nothing is lost, and sync can always write it.
    const nested = pathIn(childFolder(parent, layout, root, readmePath));
    claim('page', page.id, repositoryPathProblem(nested) === undefined ? nested : pathIn(root));
  });

  for (const file of revision.files) {
    if (layout.files.has(file.id)) continue;
    const { stem, extension } = splitName(file.name || 'file');
    const name = uniqueSlug(stem, (candidate) => taken.has(`${root}${assetsFolder}${candidate}${extension}`));
    claim('file', file.id, `${root}${assetsFolder}${name}${extension}`);
  }
  for (const reusable of revision.reusableContents) {
    if (layout.reusableContents.has(reusable.id)) continue;
    const name = uniqueSlug(slugify(reusable.title), (candidate) => taken.has(`${root}${includesFolder}${candidate}.md`));
    claim('reusable-content', reusable.id, `${root}${includesFolder}${name}.md`);
  }
  return layout;
}

/** The canonical path of a document in `folder`, its slug made free by `free`. */
function pagePathIn(folder: string, page: LayoutPage, withChildren: boolean, free: (slug: string) => string): string {
  const slug = free(page.slug || slugify(page.title));
  return withChildren ? `${folder}${slug}/README.md` : `${folder}${slug}.md`;
}

/** Whether a document with `slug` in `folder` would collide: a page with children also needs `<slug>.md` free. */
function pagePathTaken(taken: Pick<ReadonlySet<string>, 'has'>, folder: string, slug: string, withChildren: boolean): boolean {
  return withChildren ? taken.has(`${folder}${slug}/README.md`) || taken.has(`${folder}${slug}.md`) : taken.has(`${folder}${slug}.md`);
}

/** A page a batch added to a tree whose layout is known, for `extendLayout`. */
export interface AddedLayoutPage {
  /** The page as it is in the new tree (its `pages` may be stale: `hasChildren` says). */
  page: LayoutPage;
  hasChildren: boolean;
  /** Its parent in the new tree: undefined at the root. */
  parent: LayoutPage | undefined;
  /** The parent is a document of the old tree without children there: gaining one changes its own path. */
  parentWasLeaf: boolean;
}

/**
 * `planLayout` of a tree made from one whose layout is `base` by adding `added` only (no page of `base` moved,
 * renamed or removed; files, reusable contents and the folder's paths unchanged), without laying out the whole
 * tree: each added document takes its canonical path when that path, and the other path its slug could take
 * (`<slug>.md` beside `<slug>/README.md`), is free in `base`, so no page of `base` would have taken another path.
 * Undefined when that cannot be shown (a collision, a leaf parent gaining a child, a new first page, a Git path,
 * a path too deep): lay the tree out then. `added` lists parents before their children.
 *
 * `base` is extended in place (its page maps gain the added pages; the result shares its maps), so that a
 * tree of 10,000 pages is not copied to add one: the caller must own it. When the answer is undefined, `base`
 * is left as it was.
 *
 * @example
 * const layout = extendLayout(previous, snapshot, [{ page, hasChildren: false, parent: undefined, parentWasLeaf: false }], firstDocumentId)
 *   ?? planLayout(snapshot);
 */
export function extendLayout(base: DirectoryLayout, input: { readonly source: DirectorySource }, added: readonly AddedLayoutPage[], firstDocumentId: string | undefined): DirectoryLayout | undefined {
  const { source } = input;
  const root = source.root;
  const readmePath = root + source.structure.readme;
  const placed: Array<{ id: string; path: string }> = [];
  const undo = (): undefined => {
    for (const { id, path } of placed) {
      base.pages.delete(id);
      base.byPath.delete(path);
    }
    return undefined;
  };
  const taken: Pick<ReadonlySet<string>, 'has'> = { has: (path) => base.byPath.has(path) || Object.hasOwn(source.extra, path) || Object.hasOwn(source.symlinks, path) };
  for (const { page, hasChildren, parent, parentWasLeaf } of added) {
    if (page.type !== 'document') continue;
    if (page.id === firstDocumentId || page.git?.path || base.pages.has(page.id) || parentWasLeaf) return undo();
    const folder = childFolder(parent, base, root, readmePath);
    const slug = page.slug || slugify(page.title);
    // Both paths the slug could take must be free, or some page of `base` might have to give way to this one.
    if (pagePathTaken(taken, folder, slug, true)) return undo();
    const path = pagePathIn(folder, page, hasChildren, (free) => free);
    if (repositoryPathProblem(path) !== undefined) return undo();
    base.pages.set(page.id, path);
    base.byPath.set(path, { kind: 'page', id: page.id });
    placed.push({ id: page.id, path });
  }
  return { pages: base.pages, files: base.files, reusableContents: base.reusableContents, byPath: base.byPath };
}

/** The folder a new child of `parent` goes into. */
function childFolder(parent: LayoutPage | undefined, layout: DirectoryLayout, root: string, readmePath: string): string {
  if (parent === undefined) return root;
  if (parent.type === 'group') return `${root}${parent.slug || slugify(parent.title)}/`;
  const parentPath = layout.pages.get(parent.id);
  if (parentPath === undefined || parentPath === readmePath) return `${root}${parent.slug || slugify(parent.title)}/`;
  if (/(^|\/)README\.md$/i.test(parentPath)) return `${dirname(parentPath)}/`;
  // `notes..md` from Git would give its new children the folder `notes.`, which the path rules refuse.
  const folder = parentPath.replace(/\.md$/i, '');
  const name = basename(folder);
  return pathSegmentProblem(name) === undefined ? `${folder}/` : `${folder.slice(0, folder.length - name.length)}${slugify(name)}/`;
}

function splitName(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { stem: name.slice(0, dot), extension: name.slice(dot) } : { stem: name, extension: '' };
}

/** The URL path of each page: its ancestors' slugs and its own, joined by `/` (groups included). */
export function pagePathOf(slugs: readonly string[]): string {
  return slugs.filter((slug) => slug !== '').join('/');
}
