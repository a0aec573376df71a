import { QuireError } from '../errors/quire-error.ts';
import type { PageLocator } from '../model/page-locator.ts';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { recordSharedPrefix } from '../model/shared-prefix.ts';
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
  /** Its index among its parent's children (the root pages when at the root) in the input (see `aligned`). */
  inputIndex?: number | undefined;
}

/**
 * A page tree being edited: pages by id with their parent and children, so that finding, moving and removing a
 * page costs little. The input tree is never changed (the store hands out deeply frozen trees); `build` makes
 * the new tree and reuses every input subtree in which nothing changed, so a one-page edit of a large space
 * copies only the path from the root to that page (DESIGN.md: "share unchanged parts").
 *
 * Pages are indexed as they are reached, not up front: given a `locator` for the input tree (the store keeps
 * one for the trees it wrote), a page asked for by id is found along its path from the root, and a one-page
 * edit reads that path and the siblings on it, whatever the size of the tree. Each path the locator gives is
 * checked against the input tree; when it cannot answer, or there is no locator, the whole input tree is
 * indexed once, on the first page it does not know.
 *
 * @example
 * const draft = new PageTreeDraft(snapshot.pages);
 * draft.move('pageId', 'newParentId', 0);
 * const pages = draft.build();
 */
export class PageTreeDraft {
  private readonly nodes = new Map<string, DraftNode>();
  private readonly input: readonly SnapshotPage[];
  private readonly locator: PageLocator | undefined;
  /** Pages of the input removed from the draft (with their descendants): never looked up in the input again. */
  private readonly removed = new Set<string>();
  /** True once every page of the input not removed is in `nodes`: a page not there is not in the tree. */
  private complete = false;
  private roots: string[] | undefined;
  private rootsChanged = false;
  /**
   * For each child list (by parent; undefined: the root pages), at most how many pages, from the first, are
   * still the input's own in the same places and untouched: `build` copies those from the input instead of
   * visiting each, and records the prefix the new list shares with the input's (shared-prefix.ts) so that the
   * store encodes only what follows. A change request filled batch after batch appends to a list: each batch
   * then costs what it adds, not the length of the list. Lowered by every change in a list, even before the
   * list is read (a page reached by its path and edited).
   */
  private readonly aligned = new Map<string | undefined, number>();
  /**
   * Parents (undefined: the root) whose child list was read but whose children from the input were not all
   * reached: those children are found by a walk of the input list when needed (all at once, on the first
   * lookup of one of them), so adding pages under a parent of 10,000 children does not index the 10,000.
   */
  private readonly unreachedChildren = new Set<string | undefined>();
  /** How many pages were looked for one by one in each such list (a few are; past that, the list is indexed). */
  private readonly lookupsIn = new Map<string | undefined, number>();
  /**
   * For each parent asked about (undefined: the root), which of its document and group children has which slug,
   * kept up to date by every change, so checking a slug costs the same under 10 siblings as under 10,000.
   */
  private readonly slugIndexes: Map<string | undefined, SlugIndex>;

  /**
   * `slugs`: what `handOverSlugs` gave of the draft that built `pages` (the previous batch of a change request):
   * the slug indexes are taken over, not built again from the siblings. This draft owns them from now on.
   */
  constructor(pages: readonly SnapshotPage[], locator?: PageLocator, slugs?: PageTreeSlugs) {
    this.input = pages;
    this.locator = locator;
    this.slugIndexes = slugs?.indexes ?? new Map();
    // Without a locator every lookup of a page not reached would index the tree: do it now, checking the ids.
    if (locator === undefined) this.indexAll();
  }

  has(id: string): boolean {
    return this.find(id) !== undefined;
  }

  /** The page's fields now (its `pages` is stale: use `children`). */
  page(id: string): SnapshotPage | undefined {
    return this.find(id)?.page;
  }

  /** The parent's id, undefined at the root. */
  parentOf(id: string): string | undefined {
    return this.node(id).parent;
  }

  /** True when the page was in the input tree and had children there. */
  hadChildren(id: string): boolean {
    return (originalChildren(this.node(id))?.length ?? 0) > 0;
  }

  /** Ids of the children of `parent` (the root pages when undefined), in order. */
  children(parent: string | undefined): readonly string[] {
    if (parent === undefined) return this.rootList();
    const node = this.node(parent);
    return canHaveChildren(node.page) ? this.childList(parent, node) : [];
  }

  /**
   * True when a document or group under `parent` (the root when undefined), other than `except`, has `slug`.
   *
   * @example
   * draft.slugTaken('guideId', 'install') // → true when a child of guideId has the slug "install"
   */
  slugTaken(parent: string | undefined, slug: string, except?: string): boolean {
    const ids = this.slugIndex(parent).get(slug);
    if (ids === undefined) return false;
    if (typeof ids === 'string') return ids !== except;
    return ids.size > (except !== undefined && ids.has(except) ? 1 : 0);
  }

  /**
   * The slug indexes, for the draft of the next batch made on the tree `build` gives now (they describe that
   * tree). This draft must not change afterwards.
   *
   * @example
   * const next = new PageTreeDraft(built, locator, draft.handOverSlugs());
   */
  handOverSlugs(): PageTreeSlugs {
    return new PageTreeSlugs(this.slugIndexes);
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
    this.find(id);
    for (let cursor: string | undefined = id; cursor !== undefined; cursor = this.nodes.get(cursor)?.parent) {
      if (cursor === ancestor) return true;
    }
    return false;
  }

  /** Replaces the fields of a page (its place in the tree does not change). */
  setPage(id: string, page: SnapshotPage): void {
    const node = this.node(id);
    if (page.type !== node.page.type) throw new QuireError('INTERNAL', `page ${id} cannot change type`, { pageId: id });
    this.unindexSlug(id, node.parent);
    node.page = page;
    this.indexSlug(id, node.parent);
    node.fieldsChanged = true;
    this.touch(id);
  }

  /** Adds a new page (without children) under `parent` at `index` (clamped; the end when undefined). */
  insert(page: SnapshotPage, parent: string | undefined, index?: number): void {
    if (this.find(page.id) !== undefined) throw new QuireError('INTERNAL', `page id ${page.id} is already in the tree`, { pageId: page.id });
    const children = canHaveChildren(page) ? [] : undefined;
    this.nodes.set(page.id, { page, parent, children, original: undefined, fieldsChanged: true, childrenChanged: true, touched: true });
    this.place(page.id, parent, index);
  }

  /** Removes a page and its descendants; returns their ids, parents first. */
  remove(id: string): string[] {
    const removed = this.subtree(id);
    this.unplace(id);
    for (const gone of removed) {
      this.nodes.delete(gone);
      this.removed.add(gone);
      this.slugIndexes.delete(gone);
    }
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
    const shared = this.sharedHead(undefined, this.roots, this.input);
    const rest = this.buildList(undefined, this.roots, this.input, '', shared);
    if (!this.rootsChanged && rest.every((page, index) => page === this.input[shared + index])) return this.input as SnapshotPage[];
    return withHead(this.input, shared, rest);
  }

  /** How many pages, from the first, of the list `ids` of `parent` are `original`'s own, as they were. */
  private sharedHead(parent: string | undefined, ids: readonly string[], original: readonly SnapshotPage[]): number {
    return Math.min(this.aligned.get(parent) ?? 0, ids.length, original.length);
  }

  /** Notes that the list of `parent` may differ from the input's from its `index`th page on. */
  private unalign(parent: string | undefined, index: number): void {
    this.aligned.set(parent, Math.min(this.aligned.get(parent) ?? Infinity, index));
  }

  private buildNode(id: string, parentPath: string): SnapshotPage {
    const node = this.node(id);
    const { page, original } = node;
    if (!canHaveChildren(page)) return page;
    const path = joinPagePath(parentPath, (page as { slug: string }).slug);
    const samePath = original !== undefined && (original as { path: string }).path === path;
    if (samePath && !node.touched) return original;
    const ids = this.childList(id, node);
    const originalList = originalChildren(node) ?? [];
    // Children keep their paths only while their parent's path stays.
    const shared = samePath ? this.sharedHead(id, ids, originalList) : 0;
    const rest = this.buildList(id, ids, originalList, path, shared);
    const sameChildren = ids.length === originalList.length && rest.every((child, index) => child === originalList[shared + index]);
    if (samePath && !node.fieldsChanged && !node.childrenChanged && sameChildren) return original!;
    return { ...page, path, pages: withHead(originalList, shared, rest) } as SnapshotPage;
  }

  /**
   * Builds the children `ids` of `parent`, from the `from`th (the ones before are `original`'s own, as they
   * were). Children never reached are the input's (`original`) as they were, in the same order among
   * themselves: a walk along `original` finds each without indexing the list.
   */
  private buildList(parent: string | undefined, ids: readonly string[], original: readonly SnapshotPage[], parentPath: string, from = 0): SnapshotPage[] {
    const built: SnapshotPage[] = [];
    if (!this.unreachedChildren.has(parent)) {
      for (let index = from; index < ids.length; index++) built.push(this.buildNode(ids[index]!, parentPath));
      return built;
    }
    let cursor = from;
    for (let index = from; index < ids.length; index++) {
      const id = ids[index]!;
      if (this.nodes.has(id)) {
        built.push(this.buildNode(id, parentPath));
        continue;
      }
      while (cursor < original.length && original[cursor]!.id !== id) cursor++;
      const page = original[cursor++];
      if (page === undefined) throw new QuireError('INTERNAL', `page ${id} is not among the children it had`, { pageId: id });
      if (!canHaveChildren(page) || (page as { path: string }).path === joinPagePath(parentPath, (page as { slug: string }).slug)) {
        built.push(page);
        continue;
      }
      // Its parent's path changed: its subtree's paths change too.
      this.adopt(page, parent, cursor - 1);
      built.push(this.buildNode(id, parentPath));
    }
    return built;
  }

  private node(id: string): DraftNode {
    const node = this.find(id);
    if (node === undefined) throw new QuireError('INTERNAL', `page ${id} is not in the tree`, { pageId: id });
    return node;
  }

  /** The page's node, reaching it in the input tree if it was not reached yet; undefined when it is not in the tree. */
  private find(id: string): DraftNode | undefined {
    const known = this.nodes.get(id);
    if (known !== undefined || this.complete || this.removed.has(id)) return known;
    const location = this.locator?.locate(id);
    if (location === 'absent') return undefined;
    if (location !== undefined && location.path.at(-1) === id) {
      const parent = location.path.length > 1 ? location.path.at(-2) : undefined;
      const lookups = (this.lookupsIn.get(parent) ?? 0) + 1;
      this.lookupsIn.set(parent, lookups);
      const listed = this.unreachedChildren.has(parent) && (parent === undefined || this.nodes.has(parent));
      if (!listed || lookups <= maxLookupsBeforeIndexing) {
        if (this.reach(location.path)) return this.nodes.get(id);
      }
      // A page never reached never moved: it is still among the children its parent had (which may have moved).
      if (listed) {
        this.adoptChildren(parent);
        const found = this.nodes.get(id);
        if (found !== undefined) return found;
      }
    }
    this.indexAll();
    return this.nodes.get(id);
  }

  /**
   * Adds the nodes on `path` (root first) that are not in `nodes`, each found among its parent's children in
   * the input tree. A page not reached yet never moved, so the path the input tree gives is still its path
   * below the deepest page of it reached already. False, adding nothing, when the path does not match the
   * input tree.
   */
  private reach(path: readonly string[]): boolean {
    const found: Array<{ page: SnapshotPage; parent: string | undefined; inputIndex: number }> = [];
    let parent: string | undefined;
    let siblings: readonly SnapshotPage[] | undefined = this.input;
    for (const id of path) {
      const known = this.nodes.get(id);
      if (known !== undefined) {
        siblings = originalChildren(known);
      } else {
        if (this.removed.has(id)) return false;
        const at = siblings?.findIndex((candidate) => candidate.id === id) ?? -1;
        if (at < 0) return false;
        const page = siblings![at]!;
        found.push({ page, parent, inputIndex: at });
        siblings = (page as { pages?: readonly SnapshotPage[] }).pages;
      }
      parent = id;
    }
    for (const { page, parent: above, inputIndex } of found) this.adopt(page, above, inputIndex);
    return true;
  }

  /** Indexes every page of the input tree not reached or removed yet, checking that no id is there twice. */
  private indexAll(): void {
    const seen = new Set<string>();
    const add = (list: readonly SnapshotPage[], parent: string | undefined) => {
      for (const [index, page] of list.entries()) {
        if (seen.has(page.id)) throw new QuireError('INVALID_ARGUMENT', `the page tree has page id ${page.id} twice`, { pageId: page.id });
        seen.add(page.id);
        // Below a removed page may sit pages moved out of it before, with children never reached: look there too.
        if (!this.removed.has(page.id) && !this.nodes.has(page.id)) this.adopt(page, parent, index);
        if (canHaveChildren(page)) add((page as { pages: readonly SnapshotPage[] }).pages, page.id);
      }
    };
    add(this.input, undefined);
    this.complete = true;
    this.unreachedChildren.clear();
  }

  private adopt(page: SnapshotPage, parent: string | undefined, inputIndex: number): DraftNode {
    const node: DraftNode = { page, parent, children: undefined, original: page, fieldsChanged: false, childrenChanged: false, touched: false, inputIndex };
    this.nodes.set(page.id, node);
    return node;
  }

  private rootList(): string[] {
    if (this.roots === undefined) {
      this.roots = this.idsOf(undefined, this.input);
      this.unalign(undefined, this.roots.length); // at most the whole list, once read
      if (!this.complete) this.unreachedChildren.add(undefined);
    }
    return this.roots;
  }

  /** The node's child ids; the first time, from the input tree, whose children are reached with them. */
  private childList(id: string, node: DraftNode): string[] {
    if (node.children === undefined) {
      const original = originalChildren(node) ?? [];
      node.children = node.original === undefined ? [] : this.idsOf(id, original);
      this.unalign(id, node.children.length); // at most the whole list, once read
      if (!this.complete && original.length > 0) this.unreachedChildren.add(id);
    }
    return node.children;
  }

  /**
   * The ids of the input's list `pages` of `parent`: copied from the locator when it knows them (sparing a read
   * of every page of a long list), else read.
   */
  private idsOf(parent: string | undefined, pages: readonly SnapshotPage[]): string[] {
    const known = this.locator?.childIds?.(parent);
    const agrees = known !== undefined && known.length === pages.length && known[0] === pages[0]?.id && known.at(-1) === pages.at(-1)?.id;
    return agrees ? known.slice() : pages.map((page) => page.id);
  }

  /** Reaches the pages of the input under `parent` not reached yet (none of them moved or was removed). */
  private adoptChildren(parent: string | undefined): void {
    if (!this.unreachedChildren.delete(parent)) return;
    const pages = parent === undefined ? this.input : (originalChildren(this.nodes.get(parent)!) ?? []);
    for (const [index, page] of pages.entries()) if (!this.nodes.has(page.id) && !this.removed.has(page.id)) this.adopt(page, parent, index);
  }

  /** Marks a page and its ancestors as holding a change. */
  private touch(id: string | undefined): void {
    this.rootList();
    for (let cursor = id; cursor !== undefined; cursor = this.nodes.get(cursor)?.parent) {
      const node = this.nodes.get(cursor);
      if (node === undefined) return;
      node.touched = true;
      // A page of the input that has not moved sits at its input index (one that moved lowered its old list's
      // `aligned` below that index when it left, and its new list's below where it landed).
      if (node.inputIndex !== undefined) this.unalign(node.parent, node.inputIndex);
    }
  }

  private place(id: string, parent: string | undefined, index: number | undefined): void {
    const siblings = this.siblingList(parent);
    const at = index === undefined ? siblings.length : Math.min(index, siblings.length);
    siblings.splice(at, 0, id);
    this.unalign(parent, at);
    this.indexSlug(id, parent);
    this.touch(parent);
  }

  private unplace(id: string): void {
    const parent = this.node(id).parent;
    const siblings = this.siblingList(parent);
    const at = siblings.indexOf(id);
    siblings.splice(at, 1);
    this.unalign(parent, at);
    this.unindexSlug(id, parent);
    this.touch(parent);
  }

  /** The slug index of `parent`'s children, built on first use from its child list. */
  private slugIndex(parent: string | undefined): SlugIndex {
    let index = this.slugIndexes.get(parent);
    if (index === undefined) {
      index = new Map();
      const ids = this.children(parent);
      if (this.unreachedChildren.has(parent)) {
        // Children not reached are the input's, still under `parent`; the others are nodes.
        const original = parent === undefined ? this.input : (originalChildren(this.node(parent)) ?? []);
        for (const page of original) if (!this.nodes.has(page.id) && !this.removed.has(page.id)) addSlug(index, page, page.id);
        for (const id of ids) {
          const node = this.nodes.get(id);
          if (node !== undefined) addSlug(index, node.page, id);
        }
      } else {
        for (const id of ids) addSlug(index, this.node(id).page, id);
      }
      this.slugIndexes.set(parent, index);
    }
    return index;
  }

  /** Records the page's slug under `parent`, when that parent's index was built. */
  private indexSlug(id: string, parent: string | undefined): void {
    const index = this.slugIndexes.get(parent);
    if (index !== undefined) addSlug(index, this.node(id).page, id);
  }

  /** Forgets the page's slug under `parent`, when that parent's index was built. */
  private unindexSlug(id: string, parent: string | undefined): void {
    const index = this.slugIndexes.get(parent);
    const slug = slugOf(this.node(id).page);
    if (index === undefined || slug === undefined) return;
    const ids = index.get(slug);
    if (ids === id) index.delete(slug);
    else if (typeof ids === 'object') {
      ids.delete(id);
      if (ids.size === 1) index.set(slug, ids.values().next().value!);
    }
  }

  private siblingList(parent: string | undefined): string[] {
    if (parent === undefined) {
      this.rootsChanged = true;
      return this.rootList();
    }
    const node = this.node(parent);
    if (!canHaveChildren(node.page)) throw new QuireError('INTERNAL', `page ${parent} cannot have children`, { pageId: parent });
    node.childrenChanged = true;
    return this.childList(parent, node);
  }
}

/**
 * `rest` after the first `shared` pages of `original`: the head is copied as a slice, and recorded as shared
 * with `original` (shared-prefix.ts).
 */
function withHead(original: readonly SnapshotPage[], shared: number, rest: SnapshotPage[]): SnapshotPage[] {
  if (shared === 0) return rest;
  const built = original.slice(0, shared).concat(rest);
  recordSharedPrefix(built, original, shared);
  return built;
}

/**
 * Pages of one list found one by one (a walk of the list each) before the whole list is indexed: a batch that
 * adds pages beside 10,000 siblings and looks at the first of them indexes none.
 */
const maxLookupsBeforeIndexing = 8;

function originalChildren(node: DraftNode): readonly SnapshotPage[] | undefined {
  return (node.original as { pages?: readonly SnapshotPage[] } | undefined)?.pages;
}

function slugOf(page: SnapshotPage): string | undefined {
  return page.type === 'document' || page.type === 'group' ? page.slug : undefined;
}

/** The slug indexes of a draft, handed to the draft of the next batch (`handOverSlugs`). */
export class PageTreeSlugs {
  constructor(readonly indexes: Map<string | undefined, SlugIndex>) {}

  /** How many slugs the indexes hold (what keeping them costs). */
  get size(): number {
    let size = 0;
    for (const index of this.indexes.values()) size += index.size;
    return size;
  }
}

/**
 * Which children of one parent have which slug: the id when one child has it (nearly always: no set is made
 * for it, which keeps the index of 10,000 siblings cheap to build), a set when several do.
 */
type SlugIndex = Map<string, string | Set<string>>;

function addSlug(index: SlugIndex, page: SnapshotPage, id: string): void {
  const slug = slugOf(page);
  if (slug === undefined) return;
  const ids = index.get(slug);
  if (ids === undefined || ids === id) index.set(slug, id);
  else if (typeof ids === 'string') index.set(slug, new Set([ids, id]));
  else ids.add(id);
}

function canHaveChildren(page: SnapshotPage): boolean {
  return page.type === 'document' || page.type === 'group';
}
