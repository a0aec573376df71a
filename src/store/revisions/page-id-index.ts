/**
 * An index of one valid page tree (a revision's, as encoded): for each page id, its node hash, its parent and
 * its children. It is what lets encoding check page ids in time proportional to the change rather than to the
 * tree (page-tree-encoding.ts): a stored subtree reused as it is, found here with the same hash under the same
 * id, holds exactly the ids it held in this tree, which were unique; so only the new pages' ids and where the
 * reused subtrees sat need checking, not every id below them.
 *
 * A new revision is nearly always its parent with a few pages replaced, so the index of the new tree is made
 * from the parent's by editing it in place: removing the part of the old tree that was rebuilt, adding the new
 * nodes. Copying it would cost the whole tree, so the old index is consumed instead (`derive`): whoever still
 * holds it sees `consumed` and must not use it.
 */
import { QuireError } from '../../errors/index.ts';
import type { PageLocation, PageLocator } from '../../model/index.ts';
import type { ContentHash } from '../blobs/content-hash.ts';

/** One page of an indexed tree. */
export interface PageIndexEntry {
  /** The hash of the page's node object, which covers its whole subtree. */
  hash: ContentHash;
  /** The parent page's id; undefined at the root. */
  parent: string | undefined;
  /** The children's ids, in order. */
  children: readonly string[];
}

/** How a new tree differs from the indexed tree it was made from (see `PageIdIndex.derive`). */
export interface PageTreeEdit {
  /** The new tree's list key (`pageListKey`). */
  key: string;
  /** The new tree's root page ids, in order. */
  roots: readonly string[];
  /** Every page of the new tree that is not inside a reused subtree, the reused subtrees' own pages included (taken over by the index). */
  entries: Map<string, PageIndexEntry>;
  /** The ids of the pages whose subtree was reused from the base tree as it is (same hash). */
  reused: ReadonlySet<string>;
  /**
   * Lists whose first pages are the base tree's in the same places, with their subtrees: how many, by the id of
   * the page holding the list (undefined: the root list). Those pages keep their entries.
   */
  sharedLists?: ReadonlyMap<string | undefined, number> | undefined;
}

export class PageIdIndex implements PageLocator {
  readonly #entries: Map<string, PageIndexEntry>;
  readonly #roots: readonly string[];
  readonly #key: string;
  #consumed = false;

  private constructor(key: string, roots: readonly string[], entries: Map<string, PageIndexEntry>) {
    this.#key = key;
    this.#roots = roots;
    this.#entries = entries;
  }

  /**
   * The index of a new tree. Without a base, `edit.entries` must be the whole tree (nothing reused); with one,
   * the base is turned into the new index (its removed part dropped, the new entries added) and consumed.
   *
   * @example
   * const index = PageIdIndex.derive(parentIndex, { key, roots, entries, reused });
   */
  static derive(base: PageIdIndex | undefined, edit: PageTreeEdit): PageIdIndex {
    const shared = edit.sharedLists ?? new Map<string | undefined, number>();
    if (base === undefined || (edit.reused.size === 0 && shared.size === 0)) return new PageIdIndex(edit.key, edit.roots, edit.entries);
    if (base.#consumed) throw new QuireError('INTERNAL', 'a page index was derived from twice', { key: base.#key });
    base.#consumed = true;
    const entries = base.#entries;
    // What of the old tree is not inside a reused subtree was rebuilt, moved out or removed: drop it. This
    // visits the old nodes on the changed paths and their children, not the reused subtrees.
    // The first pages of shared lists stay as they are, with their subtrees.
    const stale: string[] = base.#roots.slice(shared.get(undefined) ?? 0);
    while (stale.length > 0) {
      const id = stale.pop()!;
      if (edit.reused.has(id)) continue;
      const entry = entries.get(id);
      if (entry === undefined) continue;
      entries.delete(id);
      for (let index = shared.get(id) ?? 0; index < entry.children.length; index++) stale.push(entry.children[index]!);
    }
    for (const [id, entry] of edit.entries) entries.set(id, entry);
    return new PageIdIndex(edit.key, edit.roots, entries);
  }

  /** The list key of the tree indexed. */
  get key(): string {
    return this.#key;
  }

  /** Number of pages indexed. */
  get size(): number {
    return this.#entries.size;
  }

  /** True once `derive` turned this index into another one: it no longer describes its tree. */
  get consumed(): boolean {
    return this.#consumed;
  }

  entry(id: string): PageIndexEntry | undefined {
    return this.#entries.get(id);
  }

  /**
   * Where page `id` is: its path from the root (ids), 'absent', or undefined once consumed (this index then
   * describes another tree). Costs the page's depth.
   *
   * @example
   * index.locate('p7') // → { path: ['s0', 'p7'] }
   */
  locate(id: string): PageLocation {
    if (this.#consumed) return undefined;
    if (!this.#entries.has(id)) return 'absent';
    const path: string[] = [];
    for (let cursor: string | undefined = id; cursor !== undefined; cursor = this.#entries.get(cursor)?.parent) path.push(cursor);
    return { path: path.reverse() };
  }

  /** The root pages' ids, in order; undefined once consumed. */
  rootIds(): readonly string[] | undefined {
    return this.#consumed ? undefined : this.#roots;
  }

  /** The children's ids of page `parent` (the root pages' when undefined), in order; undefined once consumed or when absent. */
  childIds(parent: string | undefined): readonly string[] | undefined {
    if (parent === undefined) return this.rootIds();
    return this.#consumed ? undefined : this.#entries.get(parent)?.children;
  }

  /**
   * The nearest strict ancestor of `id` in this tree that is in `ids`, if any (undefined too when `id` is not
   * in the tree).
   *
   * @example
   * index.ancestorIn(newPageId, reusedSubtrees) // → the reused subtree that already holds this id
   */
  ancestorIn(id: string, ids: ReadonlySet<string>): string | undefined {
    for (let cursor = this.#entries.get(id)?.parent; cursor !== undefined; cursor = this.#entries.get(cursor)?.parent) {
      if (ids.has(cursor)) return cursor;
    }
    return undefined;
  }
}

/**
 * The key of a page list: the tree it heads is the same exactly when the key is (the hashes cover the pages).
 *
 * @example
 * pageListKey({ l: 0, i: ['3f…', 'a9…'] }) // → '0:3f…,a9…'
 */
export function pageListKey(list: { l: number; i: readonly ContentHash[] }): string {
  return `${list.l}:${list.i.join(',')}`;
}
