import { QuireError } from '../errors/quire-error.ts';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { joinPagePath } from './page-path.ts';

interface DraftNode {
  /** The page's fields now. Its `pages` is not read: the children are `children`. */
  page: SnapshotPage;
  parent: string | undefined;
  /** Child ids, once the list was read or changed (until then, those of `original.pages`). */
  children: string[] | undefined;
  /** The page object of the input tree, when the page came from it. */
  original: SnapshotPage | undefined;
  fieldsChanged: boolean;
  childrenChanged: boolean;
  /** The page or a page below it changed: `build` must look inside. */
  touched: boolean;
}

/**
 * A page tree being edited: pages by id with their parent and children, so that finding, moving and removing a
 * page costs little. The input tree is never changed (the store hands out deeply frozen trees); `build` makes
 * the new tree and reuses every input subtree in which nothing changed, so a one-page edit of a large space
 * copies only the path from the root to that page (DESIGN.md: "share unchanged parts").
 *
 * @example
 * const draft = new PageTreeDraft(snapshot.pages);
 * draft.move('pageId', 'newParentId', 0);
 * const pages = draft.build();
 */
export class PageTreeDraft {
  private readonly nodes = new Map<string, DraftNode>();
  private readonly input: readonly SnapshotPage[];
  private roots: string[] | undefined;
  private rootsChanged = false;

  constructor(pages: readonly SnapshotPage[]) {
    this.input = pages;
    const add = (list: readonly SnapshotPage[], parent: string | undefined) => {
      for (const page of list) {
        if (this.nodes.has(page.id)) throw new QuireError('INVALID_ARGUMENT', `the page tree has page id ${page.id} twice`, { pageId: page.id });
        this.nodes.set(page.id, { page, parent, children: undefined, original: page, fieldsChanged: false, childrenChanged: false, touched: false });
        if (canHaveChildren(page)) add((page as { pages: readonly SnapshotPage[] }).pages, page.id);
      }
    };
    add(pages, undefined);
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /** The page's fields now (its `pages` is stale: use `children`). */
  page(id: string): SnapshotPage | undefined {
    return this.nodes.get(id)?.page;
  }

  /** The parent's id, undefined at the root. */
  parentOf(id: string): string | undefined {
    return this.node(id).parent;
  }

  /** Ids of the children of `parent` (the root pages when undefined), in order. */
  children(parent: string | undefined): readonly string[] {
    if (parent === undefined) return this.rootList();
    const node = this.node(parent);
    return canHaveChildren(node.page) ? this.childList(node) : [];
  }

  /** Every page id, parents before children, in order. */
  ids(): string[] {
    const ids: string[] = [];
    const walk = (list: readonly string[]) => {
      for (const id of list) {
        ids.push(id);
        walk(this.children(id));
      }
    };
    walk(this.rootList());
    return ids;
  }

  /** The page and its descendants, parents before children. */
  subtree(id: string): string[] {
    const ids: string[] = [id];
    for (let index = 0; index < ids.length; index++) ids.push(...this.children(ids[index]!));
    return ids;
  }

  /** True when `id` is `ancestor` or below it. */
  isWithin(id: string, ancestor: string): boolean {
    for (let cursor: string | undefined = id; cursor !== undefined; cursor = this.nodes.get(cursor)?.parent) {
      if (cursor === ancestor) return true;
    }
    return false;
  }

  /** Replaces the fields of a page (its place in the tree does not change). */
  setPage(id: string, page: SnapshotPage): void {
    const node = this.node(id);
    if (page.type !== node.page.type) throw new QuireError('INTERNAL', `page ${id} cannot change type`, { pageId: id });
    node.page = page;
    node.fieldsChanged = true;
    this.touch(id);
  }

  /** Adds a new page (without children) under `parent` at `index` (clamped; the end when undefined). */
  insert(page: SnapshotPage, parent: string | undefined, index?: number): void {
    if (this.nodes.has(page.id)) throw new QuireError('INTERNAL', `page id ${page.id} is already in the tree`, { pageId: page.id });
    const children = canHaveChildren(page) ? [] : undefined;
    this.nodes.set(page.id, { page, parent, children, original: undefined, fieldsChanged: true, childrenChanged: true, touched: true });
    this.place(page.id, parent, index);
  }

  /** Removes a page and its descendants; returns their ids, parents first. */
  remove(id: string): string[] {
    const removed = this.subtree(id);
    this.unplace(id);
    for (const gone of removed) this.nodes.delete(gone);
    return removed;
  }

  /** Moves a page (with its descendants) under `parent` at `index` (clamped; the end when undefined). */
  move(id: string, parent: string | undefined, index?: number): void {
    this.unplace(id);
    this.node(id).parent = parent;
    this.place(id, parent, index);
    this.touch(id);
  }

  /**
   * The tree as it is now, with every document's and group's `path` recomputed from the slugs (the rule of
   * `assignPagePaths`). Input subtrees are reused where nothing in them changed.
   */
  build(): SnapshotPage[] {
    if (this.roots === undefined) return this.input as SnapshotPage[];
    const built = this.roots.map((id) => this.buildNode(id, ''));
    const same = !this.rootsChanged && built.every((page, index) => page === this.input[index]);
    return same ? (this.input as SnapshotPage[]) : built;
  }

  private buildNode(id: string, parentPath: string): SnapshotPage {
    const node = this.node(id);
    const { page, original } = node;
    if (!canHaveChildren(page)) return page;
    const path = joinPagePath(parentPath, (page as { slug: string }).slug);
    if (original !== undefined && !node.touched && (original as { path: string }).path === path) return original;
    const children = this.childList(node).map((child) => this.buildNode(child, path));
    if (
      original !== undefined &&
      !node.fieldsChanged &&
      !node.childrenChanged &&
      (original as { path: string }).path === path &&
      children.every((child, index) => child === (original as { pages: readonly SnapshotPage[] }).pages[index])
    ) {
      return original;
    }
    return { ...page, path, pages: children } as SnapshotPage;
  }

  private node(id: string): DraftNode {
    const node = this.nodes.get(id);
    if (node === undefined) throw new QuireError('INTERNAL', `page ${id} is not in the tree`, { pageId: id });
    return node;
  }

  private rootList(): string[] {
    this.roots ??= this.input.map((page) => page.id);
    return this.roots;
  }

  private childList(node: DraftNode): string[] {
    node.children ??= ((node.original as { pages?: readonly SnapshotPage[] } | undefined)?.pages ?? []).map((child) => child.id);
    return node.children;
  }

  /** Marks a page and its ancestors as holding a change. */
  private touch(id: string | undefined): void {
    this.rootList();
    for (let cursor = id; cursor !== undefined; cursor = this.nodes.get(cursor)?.parent) {
      const node = this.nodes.get(cursor);
      if (node === undefined) return;
      node.touched = true;
    }
  }

  private place(id: string, parent: string | undefined, index: number | undefined): void {
    const siblings = this.siblingList(parent);
    siblings.splice(index === undefined ? siblings.length : Math.min(index, siblings.length), 0, id);
    this.touch(parent);
  }

  private unplace(id: string): void {
    const parent = this.node(id).parent;
    const siblings = this.siblingList(parent);
    siblings.splice(siblings.indexOf(id), 1);
    this.touch(parent);
  }

  private siblingList(parent: string | undefined): string[] {
    if (parent === undefined) {
      this.rootsChanged = true;
      return this.rootList();
    }
    const node = this.node(parent);
    if (!canHaveChildren(node.page)) throw new QuireError('INTERNAL', `page ${parent} cannot have children`, { pageId: parent });
    node.childrenChanged = true;
    return this.childList(node);
  }
}

function canHaveChildren(page: SnapshotPage): boolean {
  return page.type === 'document' || page.type === 'group';
}
