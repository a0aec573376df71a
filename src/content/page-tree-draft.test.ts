import { describe, expect, it } from 'vitest';
import { assignPagePaths } from '../model/page-paths.ts';
import type { RevisionPage } from '@gitbook/api';
import type { SnapshotChildPage, SnapshotDocumentPage, SnapshotPage } from '../model/revision-snapshot.ts';
import type { PageLocation, PageLocator } from '../model/page-locator.ts';
import { sharedPrefixOf } from '../model/shared-prefix.ts';
import { PageTreeDraft } from './page-tree-draft.ts';
import { deepFreeze, documentPage, snapshotOf } from './snapshot-fixture.ts';

const tree = () =>
  snapshotOf([
    documentPage('a', { slug: 'a', pages: [documentPage('a1', { slug: 'one' }), documentPage('a2', { slug: '' })] }),
    { id: 'g', title: 'G', kind: 'group', type: 'group', slug: 'group', path: '', pages: [documentPage('g1', { slug: 'x' })] } as unknown as SnapshotPage,
    documentPage('b', { slug: 'b' }),
  ]).pages;

/** The draft's tree made naively from its answers, every path assigned again: what `build` must give. */
function rebuilt(draft: PageTreeDraft): SnapshotPage[] {
  const make = (id: string): SnapshotPage => {
    const page = draft.page(id)!;
    return page.type === 'document' || page.type === 'group' ? ({ ...page, pages: draft.children(id).map(make) } as SnapshotPage) : page;
  };
  const pages = draft.children(undefined).map(make);
  assignPagePaths(pages as unknown as RevisionPage[]);
  return pages;
}

describe('PageTreeDraft', () => {
  it('knows which slugs are taken under a parent through inserts, moves, renames and removals', () => {
    const draft = new PageTreeDraft(tree());
    // Asked first, so the index exists and every later change must keep it right.
    expect(draft.slugTaken(undefined, 'a')).toBe(true);
    expect(draft.slugTaken(undefined, 'a', 'a')).toBe(false);
    expect(draft.slugTaken('a', 'one')).toBe(true);
    expect(draft.slugTaken('g', 'x')).toBe(true);

    draft.insert(documentPage('c', { slug: 'c' }), undefined);
    expect(draft.slugTaken(undefined, 'c')).toBe(true);
    draft.move('a1', 'g', 0);
    expect(draft.slugTaken('a', 'one')).toBe(false);
    expect(draft.slugTaken('g', 'one')).toBe(true);
    draft.setPage('b', { ...(draft.page('b') as SnapshotDocumentPage), slug: 'bee' });
    expect(draft.slugTaken(undefined, 'b')).toBe(false);
    expect(draft.slugTaken(undefined, 'bee')).toBe(true);
    draft.remove('g');
    expect(draft.slugTaken(undefined, 'group')).toBe(false);
    draft.insert({ id: 'g2', title: 'G2', kind: 'group', type: 'group', slug: 'group', path: '', pages: [] } as unknown as SnapshotPage, undefined);
    expect(draft.slugTaken('g2', 'one')).toBe(false);
    expect(draft.slugTaken(undefined, 'group')).toBe(true);
  });

  it('counts two siblings with one slug (as Git may give them) until both are gone', () => {
    const draft = new PageTreeDraft(snapshotOf([documentPage('p', { slug: 'same' }), documentPage('q', { slug: 'same' })]).pages);
    expect(draft.slugTaken(undefined, 'same', 'p')).toBe(true);
    draft.remove('q');
    expect(draft.slugTaken(undefined, 'same', 'p')).toBe(false);
    expect(draft.slugTaken(undefined, 'same')).toBe(true);
    // One holder again, then two: the index goes from one id to a set and back without losing either.
    draft.insert(documentPage('r', { slug: 'same' }), undefined);
    expect(draft.slugTaken(undefined, 'same', 'r')).toBe(true);
    expect(draft.slugTaken(undefined, 'same', 'p')).toBe(true);
    draft.remove('p');
    expect(draft.slugTaken(undefined, 'same', 'r')).toBe(false);
    draft.remove('r');
    expect(draft.slugTaken(undefined, 'same')).toBe(false);
  });

  it('builds the input itself when nothing changed', () => {
    const pages = tree();
    expect(new PageTreeDraft(pages).build()).toBe(pages);
  });

  it('recomputes paths by the rule of assignPagePaths, copying only what changed', () => {
    const pages = tree();
    const draft = new PageTreeDraft(pages);
    draft.move('a1', 'g', 0);
    draft.setPage('a', { ...(draft.page('a') as SnapshotDocumentPage), slug: 'renamed' });
    const built = draft.build();

    const expected = structuredClone(built) as unknown as RevisionPage[];
    assignPagePaths(expected);
    expect(built).toEqual(expected);
    expect((built[1] as { pages: SnapshotPage[] }).pages.map((page) => page.id)).toEqual(['a1', 'g1']);
    expect((built[1] as { pages: SnapshotPage[] }).pages[1]).toBe((pages[1] as { pages: SnapshotPage[] }).pages[0]);
    expect(built[2]).toBe(pages[2]);
    expect((built[0] as { pages: SnapshotDocumentPage[] }).pages[0]!.path).toBe('renamed');
  });

  it('shares the untouched head of a long root list with the input, and says how long it is', () => {
    const pages = deepFreeze(snapshotOf(Array.from({ length: 300 }, (_, index) => documentPage(`p${index}`, { slug: `p${index}` }))).pages);
    const append = new PageTreeDraft(pages);
    append.insert(documentPage('new', { slug: 'new' }), undefined);
    const appended = append.build();
    expect(appended.slice(0, 300).every((page, index) => page === pages[index])).toBe(true);
    expect(sharedPrefixOf(appended)).toEqual({ base: pages, length: 300 });
    expect(Object.isFrozen(appended)).toBe(true);

    // An edit in the middle ends the shared part at that page; whatever follows is built as before.
    const edit = new PageTreeDraft(pages);
    edit.setPage('p120', { ...(edit.page('p120') as SnapshotDocumentPage), slug: 'renamed' });
    edit.move('p7', 'p250', 0);
    const edited = edit.build();
    expect(sharedPrefixOf(edited)?.length).toBe(7);
    expect(edited).toEqual(rebuilt(edit));
    expect((edited[119] as SnapshotDocumentPage).path).toBe('renamed');

    // An insert at the front shares nothing.
    const front = new PageTreeDraft(pages);
    front.insert(documentPage('first', { slug: 'first' }), undefined, 0);
    expect(sharedPrefixOf(front.build())).toBeUndefined();
  });

  it('shares the untouched head of a long child list while its parent keeps its path', () => {
    const children = Array.from({ length: 300 }, (_, index) => documentPage(`c${index}`, { slug: `c${index}` }));
    const pages = deepFreeze(snapshotOf([documentPage('section', { slug: 'section', pages: children }), documentPage('other', { slug: 'other' })]).pages);
    const original = (pages[0] as { pages: SnapshotPage[] }).pages;
    const childrenOf = (built: SnapshotPage[]) => (built[0] as { pages: SnapshotPage[] }).pages;

    const append = new PageTreeDraft(pages);
    append.insert(documentPage('new', { slug: 'new' }), 'section');
    append.setPage('c250', { ...(append.page('c250') as SnapshotDocumentPage), title: 'Edited' });
    const appended = append.build();
    expect(sharedPrefixOf(childrenOf(appended))).toEqual({ base: original, length: 250 });
    expect(appended).toEqual(rebuilt(append));
    expect(appended[1]).toBe(pages[1]);

    // Renaming the parent moves every child: nothing is shared.
    const renamed = new PageTreeDraft(pages);
    renamed.insert(documentPage('new', { slug: 'new' }), 'section');
    renamed.setPage('section', { ...(renamed.page('section') as SnapshotDocumentPage), slug: 'chapter' });
    const moved = renamed.build();
    expect(sharedPrefixOf(childrenOf(moved))).toBeUndefined();
    expect(moved).toEqual(rebuilt(renamed));
    expect((childrenOf(moved)[0] as SnapshotDocumentPage).path).toBe('chapter/c0');

    // A child edited through its path before its list is read ends the shared head there too.
    const locator: PageLocator = { locate: (id) => (id === 'c9' ? { path: ['section', 'c9'] } : undefined) };
    const deep = new PageTreeDraft(pages, locator);
    deep.setPage('c9', { ...(deep.page('c9') as SnapshotDocumentPage), title: 'Deep edit' });
    deep.insert(documentPage('new', { slug: 'new' }), 'section');
    const built = deep.build();
    expect(sharedPrefixOf(childrenOf(built))?.length).toBe(9);
    expect(built).toEqual(rebuilt(new PageTreeDraft(built)));
    expect((childrenOf(built)[9] as SnapshotDocumentPage).title).toBe('Deep edit');
  });

  it('never writes to the frozen input', () => {
    const pages = deepFreeze(tree());
    const draft = new PageTreeDraft(pages);
    draft.remove('a');
    draft.insert(documentPage('c'), undefined, 0);
    expect(draft.build().map((page) => page.id)).toEqual(['c', 'g', 'b']);
    expect(pages.map((page) => page.id)).toEqual(['a', 'g', 'b']);
  });

  it('knows what is within a page', () => {
    const draft = new PageTreeDraft(tree());
    expect(draft.isWithin('a1', 'a')).toBe(true);
    expect(draft.isWithin('a', 'a1')).toBe(false);
    expect(draft.subtree('a')).toEqual(['a', 'a1', 'a2']);
  });

  it('reaches pages along the paths a locator gives, with the same results as indexing the whole tree', () => {
    // A random tree and random sequences of edits, applied to a draft that indexes everything and to one that
    // reaches pages through a locator (exact, lying or silent): every answer and the tree built must agree.
    // Then a second batch on the tree built: a draft that takes over the first lazy draft's slug indexes
    // against one that starts afresh.
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const locatorOf = (pages: readonly SnapshotPage[], kind: 'exact' | 'lying' | 'silent') => {
      const paths = new Map<string, string[]>();
      const children = new Map<string | undefined, string[]>([[undefined, pages.map((page) => page.id)]]);
      const walk = (list: readonly SnapshotPage[], above: string[]) => {
        for (const page of list) {
          paths.set(page.id, [...above, page.id]);
          const below = (page as { pages?: SnapshotPage[] }).pages;
          if (below !== undefined) children.set(page.id, below.map((child) => child.id));
          walk(below ?? [], [...above, page.id]);
        }
      };
      walk(pages, []);
      const locator: PageLocator = {
        locate: (id): PageLocation => {
          if (kind === 'silent' && random() < 0.3) return undefined;
          if (kind === 'lying' && random() < 0.3) return { path: [pick([...paths.keys()]), id] };
          const path = paths.get(id);
          return path === undefined ? 'absent' : { path };
        },
        // Root ids are given exactly or not at all (a locator that cannot vouch for them says nothing).
        ...(kind === 'exact' ? { childIds: (parent: string | undefined) => children.get(parent) } : {}),
      };
      return { locator, ids: [...paths.keys()] };
    };
    const slugs = (ids: readonly string[]) => [...ids, ...ids.map((id) => `${id}-renamed`), 'nope'];
    const runSteps = (full: PageTreeDraft, lazy: PageTreeDraft, ids: string[], steps: number, tag: string) => {
      for (let step = 0; step < steps; step++) {
        const id = pick(ids);
        const present = full.has(id);
        expect(lazy.has(id), `has ${id}`).toBe(present);
        expect(lazy.page(id)).toEqual(full.page(id));
        const parent = pick([undefined, ...ids.filter((candidate) => full.has(candidate))]);
        const slug = pick(slugs(ids));
        const except = pick([undefined, ...ids]);
        expect(lazy.slugTaken(parent, slug, except), `slugTaken ${parent} ${slug} ${except}`).toBe(full.slugTaken(parent, slug, except));
        if (!present) continue;
        expect(lazy.parentOf(id)).toBe(full.parentOf(id));
        expect(lazy.children(id)).toEqual(full.children(id));
        const other = pick(ids);
        expect(lazy.isWithin(id, other), `isWithin ${id} ${other}`).toBe(full.isWithin(id, other));
        const action = pick(['rename', 'move', 'remove', 'insert', 'insert'] as const);
        if (action === 'rename') {
          for (const draft of [full, lazy]) draft.setPage(id, { ...(draft.page(id) as SnapshotDocumentPage), slug: `${id}-renamed` });
        } else if (action === 'move') {
          const into = pick([undefined, ...ids.filter((candidate) => full.has(candidate) && !full.isWithin(candidate, id))]);
          for (const draft of [full, lazy]) draft.move(id, into, 0);
        } else if (action === 'remove') {
          expect(lazy.remove(id)).toEqual(full.remove(id));
        } else {
          const added = `n${step}-${tag}`;
          const into = pick([id, undefined]);
          for (const draft of [full, lazy]) draft.insert(documentPage(added, { slug: added }), into, into === undefined ? undefined : 1);
          ids.push(added);
        }
      }
      expect(lazy.ids()).toEqual(full.ids());
      expect(lazy.build()).toEqual(full.build());
      expect(full.build()).toEqual(rebuilt(full));
    };
    for (let round = 0; round < 60; round++) {
      let next = 0;
      // Some trees have long lists, so that pages are looked for one by one and then whole lists indexed.
      const width = round % 3 === 0 ? 30 : 4;
      const grow = (depth: number): SnapshotChildPage[] =>
        Array.from({ length: 1 + Math.floor(random() * width) }, () => {
          const id = `p${next++}`;
          return documentPage(id, { slug: id, pages: depth < 3 && random() < 0.5 ? grow(depth + 1) : [] });
        });
      const pages = deepFreeze(snapshotOf(grow(0)).pages);
      const first = locatorOf(pages, pick(['exact', 'lying', 'silent'] as const));
      const full = new PageTreeDraft(pages);
      const lazy = new PageTreeDraft(pages, first.locator);
      const ids = [...first.ids, 'missing'];
      runSteps(full, lazy, ids, 16, `a${round}`);

      const built = deepFreeze(lazy.build());
      const second = locatorOf(built, 'exact');
      runSteps(new PageTreeDraft(built), new PageTreeDraft(built, second.locator, lazy.handOverSlugs()), ids, 16, `b${round}`);
    }
  });
});

