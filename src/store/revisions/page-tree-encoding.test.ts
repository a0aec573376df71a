// Page ids are checked against the index of the tree a revision was made from, in proportion to the change.
// These tests run the store's own encoding and materializing, in memory: what is written is read back as the
// store hands it out (frozen, with hashes recorded), and edited the way the service edits it.
import { describe, expect, it } from 'vitest';
import { emptyDirectorySource } from '../../model/index.ts';
import type { ContentHash } from '../blobs/content-hash.ts';
import { PageIdIndex } from './page-id-index.ts';
import { PageIndexCache } from './page-index-cache.ts';
import type { KnownContent } from './page-tree-encoding.ts';
import type { StoredChildPage, StoredPage } from './revision-content.ts';
import { materializeContent, type HandedOut, type LoadedContentObject, type SharedHeads } from './revision-decoding.ts';
import { encodeRevision } from './revision-encoding.ts';
import type { ContentObject } from './revision-objects.ts';
import { documentPage } from '../store.contract.ts';
import { recordSharedPrefix } from '../../model/shared-prefix.ts';

type Section = StoredChildPage & { pages: StoredChildPage[] };

/** A store without a database: encodes, keeps the objects, reads revisions back as the store hands them out. */
class MemoryRevisions {
  readonly handedOut: HandedOut = { objects: new WeakMap(), lists: new WeakMap() };
  readonly indexes = new PageIndexCache({ maxIndexes: 4, maxPages: 100_000 });
  readonly #loaded = new Map<ContentHash, LoadedContentObject>();
  /** How the last write was checked. */
  last: { reused: number; checked: number } | undefined;

  /** The pages the last write's lists took as they are, as shared heads. */
  lastShared: SharedHeads | undefined;
  /** How many objects the last write encoded. */
  lastEncoded = 0;

  put(pages: StoredPage[]): ContentHash {
    const stored = (hash: ContentHash) => this.#loaded.get(hash)?.object;
    const known: KnownContent = { ...this.handedOut, pageIndexes: this.indexes.candidates(), stored };
    const encoded = encodeRevision({ parents: [], pages }, { ...emptyDirectorySource(), extra: {} }, known);
    if (encoded.pageIndex !== undefined) this.indexes.remember(PageIdIndex.derive(encoded.pageIndex.base, encoded.pageIndex.edit));
    this.last = encoded.pageIndex === undefined ? undefined : { reused: encoded.pageIndex.edit.reused.size, checked: encoded.pageIndex.edit.entries.size };
    this.lastShared = { roots: encoded.sharedRoots ?? [], children: encoded.sharedChildren ?? new Map() };
    this.lastEncoded = encoded.objects.size;
    for (const object of encoded.objects.values()) this.#loaded.set(object.hash, { object: JSON.parse(object.body) as ContentObject, size: object.body.length });
    return encoded.root;
  }

  read(root: ContentHash, shared?: SharedHeads): StoredPage[] {
    return materializeContent(root, this.#loaded, this.handedOut, new Map(), undefined, shared).pages;
  }

  /** The index held for the tree of `root`. */
  indexOf(root: ContentHash): PageIdIndex | undefined {
    const pages = (this.#loaded.get(root)!.object as { pages: { l: number; i: string[] } }).pages;
    return this.indexes.get(`${pages.l}:${pages.i.join(',')}`);
  }
}

/** 40 sections of 50 pages: 2,040 pages. */
function sections(): StoredPage[] {
  return Array.from({ length: 40 }, (_, section) =>
    documentPage(`s${section}`, { pages: Array.from({ length: 50 }, (_, page) => documentPage(`p${section}-${page}`)) }),
  );
}

/** The tree with page `index` of section `at` replaced by `page` (the way the service edits: the path is copied). */
function withPage(pages: readonly StoredPage[], at: number, index: number, page: StoredChildPage): StoredPage[] {
  const copy = [...pages];
  const section = copy[at] as Section;
  copy[at] = { ...section, pages: section.pages.map((child, position) => (position === index ? page : child)) } as StoredPage;
  return copy;
}

describe('encoding a page tree against the index of the tree it came from', () => {
  it('checks a one-page edit without walking the unchanged sections', () => {
    const store = new MemoryRevisions();
    const first = store.read(store.put(sections()));
    const second = withPage(first, 7, 3, { ...(first[7] as Section).pages[3]!, title: 'Edited' });
    const root = store.put(second);
    // The edited section and page are new; the 39 other sections and the section's 49 other pages are reused
    // as they are, where they were, so the index keeps their entries: two entries are written, not 2,040.
    expect(store.last).toEqual({ reused: 39 + 49, checked: 2 });
    expect(((store.read(root)[7] as Section).pages[3] as { title: string }).title).toBe('Edited');
  });

  it('refuses a new page whose id is deep inside a reused section, or a reused page placed twice', () => {
    const store = new MemoryRevisions();
    const first = store.read(store.put(sections()));
    const deep = (first[5] as Section).pages[11]!;
    expect(() => store.put([{ ...deep, title: 'Same id', pages: [] } as StoredPage, ...first])).toThrow(`repeats page id ${deep.id}`);
    // The same stored page at the root and still inside its section: a reused subtree inside another.
    expect(() => store.put([...first, deep as StoredPage])).toThrow(`repeats page id ${deep.id}`);
    expect(() => store.put([...first, first[3]!])).toThrow(`repeats page id ${first[3]!.id}`);
    // A new page with the id of a reused section, after it or before it.
    const copy = { ...first[3]!, title: 'Copy' } as StoredPage;
    expect(() => store.put([...first, copy])).toThrow(`repeats page id ${copy.id}`);
    expect(() => store.put([copy, ...first])).toThrow(`repeats page id ${copy.id}`);
    // A new page whose child repeats an id of a reused section.
    expect(() => store.put([...first, documentPage('new', { pages: [{ ...deep, pages: [] } as StoredChildPage] })])).toThrow(`repeats page id ${deep.id}`);
  });

  it('finds the same clashes by walking when no index vouches for the stored pages', () => {
    const store = new MemoryRevisions();
    const first = store.read(store.put(sections()));
    const cold = new MemoryRevisions();
    Object.assign(cold.handedOut, store.handedOut); // what was handed out, but no index
    const deep = (first[5] as Section).pages[11]!;
    expect(() => cold.put([{ ...deep, title: 'Same id', pages: [] } as StoredPage, ...first])).toThrow(`repeats page id ${deep.id}`);
    cold.put(withPage(first, 1, 1, { ...(first[1] as Section).pages[1]!, title: 'Edited' }));
    expect(cold.last).toEqual({ reused: 0, checked: 40 * 51 });
  });

  it('keeps the index right across moves and deletions: an id deleted can come back elsewhere', () => {
    const store = new MemoryRevisions();
    const first = store.read(store.put(sections()));
    // Delete p2-5; move section 9 (with its pages) under section 0.
    const moved = [...first];
    moved[2] = { ...(first[2] as Section), pages: (first[2] as Section).pages.filter((page) => page.id !== 'p2-5') } as StoredPage;
    moved[0] = { ...(first[0] as Section), pages: [...(first[0] as Section).pages, first[9] as StoredChildPage] } as StoredPage;
    moved.splice(9, 1);
    const secondRoot = store.put(moved);
    const second = store.read(secondRoot);
    // Section 2, where p2-5 was, is reused as it is now; p2-5 comes back in section 4.
    const third = withPage(second, 4, 0, documentPage('p2-5'));
    const thirdRoot = store.put(third);
    expect(store.last?.reused).toBeGreaterThan(0);

    // The derived index is the one a full check of the same tree builds.
    const derived = store.indexOf(thirdRoot)!;
    const fresh = new MemoryRevisions();
    fresh.put(structuredClone(store.read(thirdRoot)) as StoredPage[]);
    const full = fresh.indexOf(thirdRoot)!;
    expect(derived.size).toBe(full.size);
    const ids = (pages: readonly StoredPage[]): string[] => pages.flatMap((page) => [page.id, ...ids((page as { pages?: StoredPage[] }).pages ?? [])]);
    for (const id of ids(store.read(thirdRoot))) expect(derived.entry(id), id).toEqual(full.entry(id));
    expect(derived.entry('p4-0')).toBeUndefined();
    expect(derived.entry('s9')?.parent).toBe('s0');
  });

  it('takes the head a root list shares with a handed-out one from its index and stored chunks', () => {
    const store = new MemoryRevisions();
    const roots = Array.from({ length: 1500 }, (_, index) => documentPage(`r${index}`, index % 10 === 0 ? { pages: [documentPage(`c${index}`)] } : {}));
    const first = store.read(store.put(roots));
    const added = Array.from({ length: 50 }, (_, index) => documentPage(`new${index}`));
    const appended = [...first, ...added];
    recordSharedPrefix(appended, first, first.length);
    const root = store.put(appended);
    // Only the added pages were visited, and the list is the one encoding every page gives.
    expect(store.last).toEqual({ reused: 0, checked: 50 });
    expect(store.lastEncoded).toBeLessThan(50 + 10);
    expect(root).toBe(new MemoryRevisions().put(structuredClone(appended)));
    // Read back with the head as it is: the same tree, the head's page objects themselves.
    const read = store.read(root, store.lastShared);
    expect(read).toEqual(store.read(root));
    expect(read.slice(0, 1500).every((page, index) => page === first[index])).toBe(true);
    // The derived index is the one a full check of the same tree builds.
    const derived = store.indexOf(root)!;
    const fresh = new MemoryRevisions();
    fresh.put(structuredClone(read) as StoredPage[]);
    const full = fresh.indexOf(root)!;
    expect(derived.size).toBe(full.size);
    expect(derived.rootIds()).toEqual(full.rootIds());
    for (const id of ['r0', 'c10', 'r1499', 'new0', 'new49']) expect(derived.entry(id), id).toEqual(full.entry(id));

    // A head ending inside the list: what follows is given again as it was (reused) or new, and every clash
    // with the head is found, at its root or below.
    const again = () => {
      const list = [...read.slice(0, 700), ...read.slice(701), documentPage('later')];
      recordSharedPrefix(list, read, 700);
      return list;
    };
    const shorter = again();
    const shorterRoot = store.put(shorter);
    expect(store.lastShared?.roots.length).toBe(700);
    expect(shorterRoot).toBe(new MemoryRevisions().put(structuredClone(shorter)));
    const third = store.read(shorterRoot, store.lastShared);
    const clash = (extra: StoredPage) => {
      const list = [...third, extra];
      recordSharedPrefix(list, third, third.length - 5);
      return () => store.put(list);
    };
    expect(clash(documentPage('r3'))).toThrow('repeats page id r3');
    expect(clash(documentPage('c20'))).toThrow('repeats page id c20');
    expect(clash(documentPage('new', { pages: [documentPage('c30')] }))).toThrow('repeats page id c30');
    expect(clash(third[12]!)).toThrow(`repeats page id ${third[12]!.id}`);
    expect(clash((third[20] as Section).pages[0] as StoredPage)).toThrow('repeats page id c20');
    // Ids after the head (r1499 sits in the last five) and ids gone from the tree (r700) are free.
    expect(() => store.put([...third.slice(0, -1), documentPage('r700')])).not.toThrow();
  });

  it('takes the head a child list shares with the base tree from its index and stored chunks', () => {
    const store = new MemoryRevisions();
    const children = Array.from({ length: 1500 }, (_, index) => documentPage(`k${index}`, index % 10 === 0 ? { pages: [documentPage(`g${index}`)] } : {}));
    const first = store.read(store.put([documentPage('intro'), documentPage('section', { pages: children })]));
    const section = first[1] as Section;
    const withChildren = (list: StoredChildPage[], head: number, from = section.pages) => {
      recordSharedPrefix(list, from, head);
      return [first[0]!, { ...section, pages: list } as StoredPage];
    };
    const added = Array.from({ length: 50 }, (_, index) => documentPage(`new${index}`));
    const next = withChildren([...section.pages, ...added], 1500);
    const root = store.put(next);
    // The section and the added pages were visited, not its 1,500 children; the list is the one encoding every page gives.
    expect(store.last).toEqual({ reused: 1, checked: 51 });
    expect(store.lastEncoded).toBeLessThan(51 + 10);
    expect(root).toBe(new MemoryRevisions().put(structuredClone(next)));
    const read = store.read(root, store.lastShared);
    expect(read).toEqual(store.read(root));
    expect((read[1] as Section).pages.slice(0, 1500).every((page, index) => page === section.pages[index])).toBe(true);
    const derived = store.indexOf(root)!;
    const fresh = new MemoryRevisions();
    fresh.put(structuredClone(read) as StoredPage[]);
    const full = fresh.indexOf(root)!;
    expect(derived.size).toBe(full.size);
    for (const id of ['section', 'k0', 'g10', 'k1499', 'new0', 'new49']) expect(derived.entry(id), id).toEqual(full.entry(id));

    // Clashes with the head are found wherever the other page is: in the same list, below a new page, at the root.
    const readSection = read[1] as Section;
    const clash = (list: StoredChildPage[], rootExtra: StoredPage[] = []) => () => {
      recordSharedPrefix(list, readSection.pages, 1000);
      store.put([read[0]!, { ...readSection, pages: list } as StoredPage, ...rootExtra]);
    };
    const head = readSection.pages.slice(0, 1000);
    expect(clash([...head, documentPage('k3')])).toThrow('repeats page id k3');
    expect(clash([...head, documentPage('fresh', { pages: [documentPage('g20')] })])).toThrow('repeats page id g20');
    expect(clash([...head, readSection.pages[12]!])).toThrow('repeats page id k12');
    expect(clash([...head], [documentPage('k999')])).toThrow('repeats page id k999');
    // Pages after the head may come back elsewhere.
    expect(clash([...head], [documentPage('k1000')])).not.toThrow();
  });

  it('reuses a page list handed out as it is, and its index with it', () => {
    const store = new MemoryRevisions();
    const root = store.put(sections());
    const read = store.read(root);
    expect(store.put(read)).toBe(root);
    expect(store.last).toBeUndefined(); // nothing checked: the list is the stored one
    expect(store.indexOf(root)?.size).toBe(40 * 51);
  });
});

describe('PageIdIndex', () => {
  it('derives the index of an edited tree from its base, which is consumed', () => {
    const entry = (hash: string, parent: string | undefined, children: string[] = []) => ({ hash, parent, children });
    const base = PageIdIndex.derive(undefined, {
      key: 'k1',
      roots: ['A', 'B'],
      entries: new Map([
        ['A', entry('a', undefined, ['a1', 'a2'])],
        ['a1', entry('a1', 'A', ['x'])],
        ['x', entry('x', 'a1')],
        ['a2', entry('a2', 'A')],
        ['B', entry('b', undefined, ['b1'])],
        ['b1', entry('b1', 'B')],
      ]),
      reused: new Set(),
    });
    expect(base.ancestorIn('x', new Set(['A']))).toBe('A');
    expect(base.ancestorIn('A', new Set(['A']))).toBeUndefined();
    // A keeps a2, loses a1 (and x), gains n1; B is reused as it is.
    const next = PageIdIndex.derive(base, {
      key: 'k2',
      roots: ['A', 'B'],
      entries: new Map([
        ['A', entry('a2h', undefined, ['a2', 'n1'])],
        ['a2', entry('a2', 'A')],
        ['n1', entry('n1', 'A')],
        ['B', entry('b', undefined, ['b1'])],
      ]),
      reused: new Set(['a2', 'B']),
    });
    expect(base.consumed).toBe(true);
    expect(() => PageIdIndex.derive(base, { key: 'k3', roots: [], entries: new Map(), reused: new Set(['B']) })).toThrow(/derived from twice/);
    expect(next.size).toBe(5);
    expect(next.entry('a1')).toBeUndefined();
    expect(next.entry('x')).toBeUndefined();
    expect(next.entry('b1')).toEqual(entry('b1', 'B'));
    expect(next.entry('A')?.children).toEqual(['a2', 'n1']);
  });

  it('is kept most recent first, without consumed ones, within bounds', () => {
    const make = (key: string, size: number) =>
      PageIdIndex.derive(undefined, { key, roots: [], entries: new Map(Array.from({ length: size }, (_, index) => [`${key}${index}`, { hash: 'h', parent: undefined, children: [] }])), reused: new Set() });
    const cache = new PageIndexCache({ maxIndexes: 2, maxPages: 10 });
    const a = make('a', 3);
    cache.remember(a);
    cache.remember(make('b', 3));
    cache.remember(make('c', 3));
    expect(cache.candidates().map((index) => index.key)).toEqual(['c', 'b']);
    cache.remember(make('d', 8));
    expect(cache.candidates().map((index) => index.key)).toEqual(['d']);
    expect(cache.get('d')?.size).toBe(8);
  });
});
