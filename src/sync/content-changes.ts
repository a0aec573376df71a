/**
 * Git → space: the content changes that turn the space's content (a directory read with the format, its ids
 * lined up with the space's) into another directory read the same way. Pages keep their ids across renames and
 * moves (the format matches them by path, blob oid and similarity). Page files are sent whole, as Git holds
 * them, with their Git blob (`git: { oid, path }`), so the space writes them back byte for byte.
 *
 * Order: files first (pages may show them), reusable contents, then pages in the order of the new tree (a parent
 * before its children, each placed with `into`/`at`), deletes of pages last but for whole subtrees that are gone
 * (first, so their slugs are free), deletes of files and reusable contents, and what the directory holds beyond
 * the content (`quire_set_directory`) at the very end.
 */
import type { ContentRef, RevisionPage } from '@gitbook/api';
import type { ContentChange, QuireSetDirectoryChange } from '../client/index.ts';
import type { RevisionBundle } from '../model/index.ts';
import type { DirectoryBytes } from './directory-delta.ts';
import { assertNotStandIn } from '../format/file-stand-in.ts';
import { fileBytesChange } from './file-bytes-change.ts';
import { fileRefusal, publishedFileLimits, type FileLimits } from './file-limits.ts';
import { pageFieldClears } from './page-field-clears.ts';
import type { PlanItem } from './plan-item.ts';
import { placeholderMark, type PlannedChange } from './planned-change.ts';

/** One side of the comparison: a directory read with the format, and its bytes. */
export interface ContentSide {
  bundle: RevisionBundle;
  files: DirectoryBytes;
}

const maxFilesPerInsert = 20;
const maxInsertWeight = 4 * 1024 * 1024;

const utf8 = new TextDecoder();

type Parent = string; // '' for the root, else a local page id

/**
 * The changes that turn `from` into `to`. `ids` maps `from`'s local ids to the space's ids; what `to` has that
 * `from` lacks gets a placeholder, replaced by `apply` with the id the space gives it.
 *
 * @example
 * const changes = planContentChanges({ bundle: before, files: beforeFiles }, { bundle: after, files: afterFiles }, ids);
 * changes.map((planned) => planned.change.operation) // → ['update_page', 'insert_page', ...]
 */
export function planContentChanges(from: ContentSide, to: ContentSide, ids: ReadonlyMap<string, string>, limits: FileLimits = publishedFileLimits): PlannedChange[] {
  return new ContentChangePlanner(from, to, ids, limits).plan();
}

class ContentChangePlanner {
  private readonly out: PlannedChange[] = [];
  private readonly refs = new Map<string, string>();
  private counter = 0;
  private readonly fromPages = new Map<string, RevisionPage>();
  private readonly toPages = new Map<string, RevisionPage>();
  /** The page tree as it stands after the changes planned so far: parent → children (local ids). */
  private readonly children = new Map<Parent, string[]>();
  private readonly parentOf = new Map<string, Parent>();
  /** Pages whose Git path must be sent again because an ancestor changed folder (the space forgets it on a move). */
  private readonly regit = new Set<string>();
  /** Pages inserted next to a sibling that had their slug then: the space gave them another, given back at the end. */
  private readonly slugsToRestore = new Set<string>();

  constructor(
    private readonly from: ContentSide,
    private readonly to: ContentSide,
    private readonly ids: ReadonlyMap<string, string>,
    private readonly limits: FileLimits,
  ) {
    indexPages(from.bundle.revision.pages, this.fromPages);
    indexPages(to.bundle.revision.pages, this.toPages);
    const fill = (pages: readonly RevisionPage[], parent: Parent) => {
      this.children.set(parent, pages.map((page) => page.id));
      for (const page of pages) {
        this.parentOf.set(page.id, parent);
        fill(childrenOf(page), page.id);
      }
    };
    fill(from.bundle.revision.pages, '');
  }

  plan(): PlannedChange[] {
    this.planFiles();
    this.planReusableContents('upsert');
    this.planGoneSubtrees();
    this.planTree(this.to.bundle.revision.pages, '');
    this.planRemainingDeletes();
    this.planSlugRestores();
    this.planReusableContents('delete');
    this.planFileDeletes();
    this.planDirectory();
    return this.out;
  }

  // ---- files

  private planFiles(): void {
    const before = new Map(this.from.bundle.revision.files.map((file) => [file.id, file]));
    let pending: Array<{ entry: Record<string, unknown>; ref: string; item: PlanItem; weight: number; upload: { blob: string; bytes: Uint8Array } | undefined }> = [];
    const flush = () => {
      if (pending.length === 0) return;
      const uploads = pending.flatMap((file) => (file.upload === undefined ? [] : [file.upload]));
      this.push({
        change: { operation: 'insert_files', files: pending.map((file) => file.entry) } as unknown as ContentChange,
        creates: pending.map((file) => `${placeholderMark}${file.ref}`),
        needs: [],
        items: pending.map((file) => file.item),
        weight: pending.reduce((sum, file) => sum + file.weight, 0),
        ...(uploads.length === 0 ? {} : { uploads }),
      });
      pending = [];
    };
    for (const file of this.to.bundle.revision.files) {
      const path = file.git!.path;
      const bytes = this.to.bundle.files[file.id] ?? this.to.files.get(path)!;
      const old = before.get(file.id);
      if (old !== undefined && old.git?.oid === file.git?.oid && old.git?.path === path) continue;
      const refusal = fileRefusal(bytes.byteLength, this.limits);
      if (refusal !== undefined) {
        this.failed({ outcome: 'failed', side: 'space', kind: 'file', path, detail: refusal });
        continue;
      }
      assertNotStandIn(bytes, path);
      const source = fileBytesChange(bytes, this.limits);
      const git = { oid: file.git!.oid, path };
      if (old === undefined) {
        const ref = this.placeholderFor(file.id, 'file');
        const entry = { ref: ref.slice(placeholderMark.length), name: file.name, contentType: file.contentType, ...source.fields, git };
        if (pending.length === maxFilesPerInsert || pending.reduce((sum, item) => sum + item.weight, 0) + source.weight > maxInsertWeight) flush();
        pending.push({ entry, ref: ref.slice(placeholderMark.length), item: { outcome: 'created', side: 'space', kind: 'file', path }, weight: source.weight, upload: source.upload });
      } else {
        const moved = old.git?.path !== path;
        this.push({
          change: { operation: 'quire_update_file', file: this.spaceId(file.id), ...source.fields, contentType: file.contentType, name: file.name, git },
          creates: [],
          needs: this.needs(file.id),
          items: [{ outcome: moved && old.git?.oid === file.git?.oid ? 'moved' : 'updated', side: 'space', kind: 'file', path }],
          weight: source.weight,
          ...(source.upload === undefined ? {} : { uploads: [source.upload] }),
        });
      }
    }
    flush();
  }

  private planFileDeletes(): void {
    const after = new Set(this.to.bundle.revision.files.map((file) => file.id));
    for (const file of this.from.bundle.revision.files) {
      if (after.has(file.id) || !this.ids.has(file.id)) continue;
      this.push({
        change: { operation: 'quire_delete_file', file: this.ids.get(file.id)! },
        creates: [],
        needs: [],
        items: [{ outcome: 'deleted', side: 'space', kind: 'file', path: file.git?.path ?? file.name }],
        weight: 0,
      });
    }
  }

  // ---- reusable contents

  private planReusableContents(phase: 'upsert' | 'delete'): void {
    const before = new Map(this.from.bundle.revision.reusableContents.map((reusable) => [reusable.id, reusable]));
    const after = new Map(this.to.bundle.revision.reusableContents.map((reusable) => [reusable.id, reusable]));
    if (phase === 'delete') {
      for (const reusable of before.values()) {
        if (after.has(reusable.id) || !this.ids.has(reusable.id)) continue;
        this.push({
          change: { operation: 'quire_delete_reusable_content', reusableContent: this.ids.get(reusable.id)! },
          creates: [],
          needs: [],
          items: [{ outcome: 'deleted', side: 'space', kind: 'reusable-content', path: reusable.git?.path, title: reusable.title }],
          weight: 0,
        });
      }
      return;
    }
    for (const reusable of after.values()) {
      const old = before.get(reusable.id);
      if (old !== undefined && old.git?.oid === reusable.git?.oid && old.git?.path === reusable.git?.path) continue;
      const markdown = this.textOf(reusable);
      const known = old === undefined ? undefined : this.ids.get(reusable.id);
      this.push({
        change: {
          operation: 'quire_upsert_reusable_content',
          ...(known === undefined ? {} : { reusableContent: known }),
          title: reusable.title,
          document: { markdown },
          ...(reusable.git ? { git: { oid: reusable.git.oid, path: reusable.git.path } } : {}),
        },
        creates: [],
        needs: [],
        items: [{ outcome: known === undefined ? 'created' : 'updated', side: 'space', kind: 'reusable-content', path: reusable.git?.path, title: reusable.title }],
        weight: markdown.length,
      });
    }
  }

  // ---- pages

  /** Pages gone together with everything under them are deleted first, topmost only. */
  private planGoneSubtrees(): void {
    const gone = (page: RevisionPage): boolean => !this.toPages.has(page.id) && childrenOf(page).every(gone);
    const walk = (pages: readonly RevisionPage[]) => {
      for (const page of pages) {
        if (!this.toPages.has(page.id) && gone(page)) this.deletePage(page);
        else walk(childrenOf(page));
      }
    };
    walk(this.from.bundle.revision.pages);
  }

  /** Pages gone whose children live on were left until the children moved out; now they go. */
  private planRemainingDeletes(): void {
    const walk = (pages: readonly RevisionPage[]) => {
      for (const page of pages) {
        if (!this.parentOf.has(page.id)) continue;
        if (!this.toPages.has(page.id)) this.deletePage(page);
        else walk(childrenOf(page));
      }
    };
    walk(this.from.bundle.revision.pages);
  }

  /**
   * A page inserted while a sibling still had its slug (`X.md` inserted before `X/README.md`, whose children move
   * into it, is deleted) took another one in the space; once the sibling is gone it gets its own back, with its
   * Git path and its descendants' sent again (a slug change makes the space forget them). A collision Git itself
   * holds (both siblings stay) keeps the space's unique slug.
   */
  private planSlugRestores(): void {
    for (const id of this.slugsToRestore) {
      const page = this.toPages.get(id);
      const parent = this.parentOf.get(id);
      if (page?.type !== 'document' || parent === undefined || this.slugTakenBySibling(id, page.slug, parent)) continue;
      const regit = (target: RevisionPage, extra: Record<string, unknown>) => {
        if (target.type !== 'document' || target.git === undefined) return;
        this.push({
          change: { operation: 'update_page', page: this.spaceId(target.id), ...extra, git: { oid: target.git.oid, path: target.git.path } } as unknown as ContentChange,
          creates: [],
          needs: this.needs(target.id),
          items: [],
          weight: 0,
        });
      };
      regit(page, { slug: page.slug });
      for (const descendant of flattenIds(childrenOf(page))) regit(this.toPages.get(descendant)!, {});
    }
  }

  /** True when another page under `parent`, as the tree stands now, has `slug`. */
  private slugTakenBySibling(id: string, slug: string, parent: Parent): boolean {
    return (this.children.get(parent) ?? []).some((sibling) => {
      if (sibling === id) return false;
      const other = this.toPages.get(sibling) ?? this.fromPages.get(sibling);
      return other !== undefined && 'slug' in other && other.slug === slug;
    });
  }

  private deletePage(page: RevisionPage): void {
    const spaceId = this.ids.get(page.id);
    this.detach(page.id);
    const forget = (id: string) => {
      this.parentOf.delete(id);
      (this.children.get(id) ?? []).forEach(forget);
      this.children.delete(id);
    };
    forget(page.id);
    if (spaceId === undefined) return;
    this.push({
      change: { operation: 'delete_page', page: spaceId },
      creates: [],
      needs: [],
      items: [{ outcome: 'deleted', side: 'space', kind: pageKind(page), path: gitPath(page), title: page.title }],
      weight: 0,
    });
  }

  private planTree(pages: readonly RevisionPage[], parent: Parent): void {
    pages.forEach((page, index) => {
      if (this.fromPages.has(page.id) && this.parentOf.has(page.id)) this.updatePage(page, parent, index);
      else this.insertPage(page, parent, index);
      this.planTree(childrenOf(page), page.id);
    });
  }

  private insertPage(page: RevisionPage, parent: Parent, index: number): void {
    const ref = this.placeholderFor(page.id, 'page');
    const placement = { ...(parent === '' ? {} : { into: this.spaceId(parent) }), at: index };
    const needs = parent === '' ? [] : this.needs(parent);
    let change: ContentChange;
    let weight = 0;
    if (page.type === 'document') {
      const markdown = this.textOf(page);
      weight = markdown.length;
      change = {
        operation: 'insert_page',
        ref: ref.slice(placeholderMark.length),
        ...placement,
        title: page.title,
        slug: page.slug,
        document: { markdown },
        ...(page.git ? { git: { oid: page.git.oid, path: page.git.path } } : {}),
        ...(page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle }),
      } as ContentChange;
    } else {
      const target = page.type === 'link' ? this.mapRef(page.target) : undefined;
      needs.push(...(target?.needs ?? []));
      change = {
        operation: 'quire_insert_page',
        ref: ref.slice(placeholderMark.length),
        ...placement,
        type: page.type,
        title: page.title,
        ...(page.type === 'group' ? { slug: page.slug } : {}),
        ...(target === undefined ? {} : { target: target.ref }),
        ...(page.type === 'link' && page.linkTitle !== undefined ? { linkTitle: page.linkTitle } : {}),
        ...(page.type === 'computed' ? { computed: page.computed } : {}),
      } as unknown as ContentChange;
    }
    if (page.type === 'document' && this.slugTakenBySibling(page.id, page.slug, parent)) this.slugsToRestore.add(page.id);
    this.attach(page.id, parent, index);
    this.push({ change, creates: [ref], needs, items: [{ outcome: 'created', side: 'space', kind: pageKind(page), path: gitPath(page), title: page.title }], weight });
  }

  private updatePage(page: RevisionPage, parent: Parent, index: number): void {
    const old = this.fromPages.get(page.id)!;
    const currentParent = this.parentOf.get(page.id)!;
    const siblings = this.children.get(currentParent)!;
    const changesParent = currentParent !== parent;
    const moves = changesParent || siblings.indexOf(page.id) !== index;
    const update: Record<string, unknown> = { operation: 'update_page', page: this.spaceId(page.id) };
    const needs = this.needs(page.id);
    const items: PlanItem[] = [];
    let weight = 0;
    if (moves) {
      if (changesParent) {
        update['into'] = parent === '' ? null : this.spaceId(parent);
        if (parent !== '') needs.push(...this.needs(parent));
        if (page.type === 'document') for (const descendant of flattenIds(childrenOf(page))) this.regit.add(descendant);
      }
      update['at'] = index;
    }
    if (old.title !== page.title) update['title'] = page.title;
    if ((page.type === 'document' || page.type === 'group') && 'slug' in old && old.slug !== page.slug) update['slug'] = page.slug;
    if (page.type === 'document' && old.type === 'document') {
      const contentChanged = old.git?.oid !== page.git?.oid;
      const pathChanged = old.git?.path !== page.git?.path;
      if (contentChanged) {
        const markdown = this.textOf(page);
        weight = markdown.length;
        update['document'] = { markdown };
        Object.assign(update, pageFieldClears(old, page));
      }
      if (contentChanged || pathChanged || changesParent || this.regit.has(page.id)) {
        if (page.git) update['git'] = { oid: page.git.oid, path: page.git.path };
      }
      if (old.linkTitle !== page.linkTitle) update['linkTitle'] = page.linkTitle ?? null;
      if (contentChanged) items.push({ outcome: 'updated', side: 'space', kind: 'page', path: gitPath(page), title: page.title });
      else if (pathChanged || moves) items.push({ outcome: 'moved', side: 'space', kind: 'page', path: gitPath(page), title: page.title, ...(pathChanged ? { detail: `from ${gitPath(old)}` } : {}) });
    } else if (page.type === 'link' && old.type === 'link' && (JSON.stringify(old.target) !== JSON.stringify(page.target) || old.linkTitle !== page.linkTitle)) {
      // A link's target cannot be changed through the API: the link is replaced.
      this.deletePage(old);
      this.insertPage(page, parent, index);
      return;
    } else if (moves || Object.keys(update).length > 2) {
      items.push({ outcome: moves ? 'moved' : 'updated', side: 'space', kind: pageKind(page), title: page.title });
    }
    this.detach(page.id);
    this.attach(page.id, parent, index);
    if (Object.keys(update).length <= 2) return;
    if (items.length === 0) items.push({ outcome: 'skipped', side: 'space', kind: pageKind(page), path: gitPath(page), title: page.title, detail: 'Git path recorded again' });
    this.push({ change: update as unknown as ContentChange, creates: [], needs, items, weight });
  }

  // ---- what the directory holds beyond the content

  private planDirectory(): void {
    const before = this.from.bundle;
    const after = this.to.bundle;
    const source: QuireSetDirectoryChange['source'] = {};
    const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    if (!same(before.source.config, after.source.config)) source.config = after.source.config ?? null;
    if (before.source.root !== after.source.root) source.root = after.source.root;
    if (!same(before.source.structure, after.source.structure)) source.structure = after.source.structure;
    if (!same(before.source.redirects, after.source.redirects)) source.redirects = after.source.redirects;
    if (before.source.summaryText !== after.source.summaryText) source.summaryText = after.source.summaryText ?? null;
    if (before.source.varsText !== after.source.varsText) source.varsText = after.source.varsText ?? null;
    const needs: string[] = [];
    const titles = (bundle: RevisionBundle, mapped: boolean) =>
      Object.fromEntries(
        Object.entries(bundle.source.summaryTitles).map(([id, value]) => {
          if (mapped) needs.push(...this.needs(id));
          return [mapped ? this.spaceId(id) : id, value];
        }),
      );
    if (!same(before.source.summaryTitles, after.source.summaryTitles)) source.summaryTitles = titles(after, true);
    const extra: Record<string, string | null> = {};
    for (const [path, bytes] of Object.entries(after.source.extra)) {
      const old = before.source.extra[path];
      if (old !== undefined && Buffer.compare(Buffer.from(old), Buffer.from(bytes)) === 0) continue;
      // A file no page shows is held to the same limit as the others (and named on later runs, refused-files.ts).
      const refusal = fileRefusal(bytes.byteLength, this.limits);
      assertNotStandIn(bytes, path);
      if (refusal === undefined) extra[path] = Buffer.from(bytes).toString('base64');
      else this.failed({ outcome: 'failed', side: 'space', kind: 'file', path, detail: refusal });
    }
    for (const path of Object.keys(before.source.extra)) if (!(path in after.source.extra)) extra[path] = null;
    if (Object.keys(extra).length > 0) source.extra = extra;
    if (!same(before.source.symlinks, after.source.symlinks)) source.symlinks = after.source.symlinks;
    const variablesChanged = !same(before.revision.variables, after.revision.variables);
    if (Object.keys(source).length === 0 && !variablesChanged) return;
    const items: PlanItem[] = [];
    for (const [path, value] of Object.entries(extra)) items.push({ outcome: value === null ? 'deleted' : 'updated', side: 'space', kind: 'directory', path });
    if (source.summaryText !== undefined) items.push({ outcome: 'updated', side: 'space', kind: 'directory', path: `${after.source.root}${after.source.structure.summary}` });
    if (source.config !== undefined) items.push({ outcome: 'updated', side: 'space', kind: 'directory', path: '.gitbook.yaml' });
    if (source.varsText !== undefined || variablesChanged) items.push({ outcome: 'updated', side: 'space', kind: 'directory', path: `${after.source.root}.gitbook/vars.yaml` });
    if (items.length === 0) items.push({ outcome: 'updated', side: 'space', kind: 'directory', detail: 'directory settings' });
    this.push({
      change: { operation: 'quire_set_directory', source, ...(variablesChanged ? { variables: after.revision.variables ?? null } : {}) },
      creates: [],
      needs,
      items,
      weight: Object.values(extra).reduce((sum, value) => sum + (value?.length ?? 0), 0) + (source.summaryText?.length ?? 0),
    });
  }

  // ---- helpers

  private push(planned: PlannedChange): void {
    this.out.push(planned);
  }

  /** A failure that does not stop the rest: reported, nothing sent. */
  private failed(item: PlanItem): void {
    this.out.push({ change: undefined, creates: [], needs: [], items: [item], weight: 0 });
  }

  private placeholderFor(localId: string, kind: 'page' | 'file'): string {
    this.counter += 1;
    const placeholder = `${placeholderMark}quire-${kind}-${this.counter}`;
    this.refs.set(localId, placeholder);
    return placeholder;
  }

  /** The space's id of a local id, or its placeholder when the plan creates it. */
  private spaceId(localId: string): string {
    return this.ids.get(localId) ?? this.refs.get(localId) ?? localId;
  }

  private needs(localId: string): string[] {
    return this.ids.has(localId) ? [] : [this.spaceId(localId)];
  }

  private mapRef(ref: ContentRef): { ref: ContentRef; needs: string[] } {
    const map = (id: string) => ({ id: this.spaceId(id), needs: this.needs(id) });
    if (ref.kind === 'page' || ref.kind === 'anchor') {
      if (ref.page === undefined) return { ref, needs: [] };
      const { id, needs } = map(ref.page);
      return { ref: { ...ref, page: id }, needs };
    }
    if (ref.kind === 'file') {
      const { id, needs } = map(ref.file);
      return { ref: { ...ref, file: id }, needs };
    }
    return { ref, needs: [] };
  }

  private textOf(entity: { id: string; git?: { path: string } | undefined }): string {
    const bytes = entity.git === undefined ? undefined : this.to.files.get(entity.git.path);
    return bytes === undefined ? '' : utf8.decode(bytes);
  }

  private detach(id: string): void {
    const parent = this.parentOf.get(id);
    if (parent === undefined) return;
    const siblings = this.children.get(parent);
    const index = siblings?.indexOf(id) ?? -1;
    if (index >= 0) siblings!.splice(index, 1);
  }

  private attach(id: string, parent: Parent, index: number): void {
    const siblings = this.children.get(parent) ?? [];
    this.children.set(parent, siblings);
    siblings.splice(Math.min(index, siblings.length), 0, id);
    this.parentOf.set(id, parent);
    if (!this.children.has(id)) this.children.set(id, []);
  }
}

function childrenOf(page: RevisionPage): RevisionPage[] {
  return 'pages' in page && Array.isArray(page.pages) ? (page.pages as RevisionPage[]) : [];
}

function indexPages(pages: readonly RevisionPage[], into: Map<string, RevisionPage>): void {
  for (const page of pages) {
    into.set(page.id, page);
    indexPages(childrenOf(page), into);
  }
}

function flattenIds(pages: readonly RevisionPage[]): string[] {
  return pages.flatMap((page) => [page.id, ...flattenIds(childrenOf(page))]);
}

function pageKind(page: RevisionPage): PlanItem['kind'] {
  return page.type === 'group' ? 'group' : page.type === 'link' ? 'link' : 'page';
}

function gitPath(page: RevisionPage): string | undefined {
  return page.type === 'document' ? page.git?.path : undefined;
}

