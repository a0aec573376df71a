// changedSearchablePages: the diff of what it keeps is the diff of the whole trees, and a one-page edit of trees
// that share their unchanged subtrees walks only the path to the page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SnapshotPage } from '../model/index.ts';
import { changedSearchablePages, diffSearchablePages, searchablePages } from './search-pages.ts';

type Node = { id: string; type: 'document' | 'group' | 'link'; title: string; path: string; documentId?: string; pages: Node[] };

/** A wide tree: `chapters` groups of `perChapter` pages, each page with one child. */
function wideTree(chapters: number, perChapter: number): Node[] {
  return Array.from({ length: chapters }, (_, c) => ({
    id: `g${c}`, type: 'group' as const, title: `Chapter ${c}`, path: `g${c}`,
    pages: Array.from({ length: perChapter }, (_, p) => ({
      id: `p${c}-${p}`, type: 'document' as const, title: `Page ${c}.${p}`, path: `g${c}/p${p}`, documentId: `d${c}-${p}`,
      pages: [{ id: `k${c}-${p}`, type: 'document' as const, title: `Child ${c}.${p}`, path: `g${c}/p${p}/k`, documentId: `dk${c}-${p}`, pages: [] }],
    })),
  }));
}

/** Replaces the page `id` by `edit(page)`, copying only its ancestors (as revisions share what did not change). */
function editPage(tree: Node[], id: string, edit: (page: Node) => Node | undefined): Node[] {
  return tree.flatMap((page) => {
    if (page.id === id) {
      const edited = edit(page);
      return edited === undefined ? [] : [edited];
    }
    const pages = editPage(page.pages, id, edit);
    return pages.every((child, index) => child === page.pages[index]) && pages.length === page.pages.length ? [page] : [{ ...page, pages }];
  });
}

const pages = (tree: Node[]) => tree as unknown as SnapshotPage[];
const sorted = (diff: ReturnType<typeof diffSearchablePages>) => ({
  reindex: [...diff.reindex].sort((a, b) => a.pageId.localeCompare(b.pageId)),
  relocate: [...diff.relocate].sort((a, b) => a.pageId.localeCompare(b.pageId)),
  remove: [...diff.remove].sort(),
});

describe('changedSearchablePages', () => {
  it('a one-page edit walks the path to the page and its siblings, and gives the whole diff', () => {
    const before = wideTree(100, 50);
    const after = editPage(before, 'p40-7', (page) => ({ ...page, documentId: 'new' }));
    const changed = changedSearchablePages(pages(before), pages(after));
    expect(changed.after.map((page) => page.pageId)).toEqual(['p40-7']);
    expect(changed.before.map((page) => page.pageId)).toEqual(['p40-7']);
    const diff = diffSearchablePages(changed.before, changed.after);
    expect(diff.reindex.map((page) => page.pageId)).toEqual(['p40-7']);
    expect(diff).toEqual(diffSearchablePages(searchablePages(pages(before)), searchablePages(pages(after))));
  });

  it('walks what moved in the order: a page removed early relocates those after it', () => {
    const before = wideTree(3, 2);
    const after = editPage(before, 'p0-0', () => undefined);
    const changed = changedSearchablePages(pages(before), pages(after));
    expect(sorted(diffSearchablePages(changed.before, changed.after))).toEqual(sorted(diffSearchablePages(searchablePages(pages(before)), searchablePages(pages(after)))));
    expect(diffSearchablePages(changed.before, changed.after).remove.sort()).toEqual(['k0-0', 'p0-0']);
  });

  it('gives the same diff as the whole trees for random edits (retitle, move, remove, add, rename a group)', () => {
    const edit = fc.tuple(fc.constantFrom('retitle', 'body', 'remove', 'add', 'move', 'group'), fc.nat(11), fc.nat(11));
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 4 }), (edits) => {
        const before = wideTree(3, 4);
        let after = before;
        const ids = (tree: Node[]): string[] => tree.flatMap((page) => [page.id, ...ids(page.pages)]);
        for (const [kind, at, to] of edits) {
          const all = ids(after).filter((id) => !id.startsWith('g'));
          const id = all[at % Math.max(1, all.length)];
          if (kind === 'group') after = after.map((group, index) => (index === at % after.length ? { ...group, title: `${group.title}!` } : group));
          if (id === undefined) continue;
          if (kind === 'retitle') after = editPage(after, id, (page) => ({ ...page, title: `${page.title}?` }));
          if (kind === 'body') after = editPage(after, id, (page) => ({ ...page, documentId: `${page.documentId}+` }));
          if (kind === 'remove') after = editPage(after, id, () => undefined);
          if (kind === 'add') after = editPage(after, id, (page) => ({ ...page, pages: [...page.pages, { id: `n${at}${to}${page.id}`, type: 'document', title: 'New', path: 'n', documentId: 'dn', pages: [] }] }));
          if (kind === 'move') {
            let moving: Node | undefined;
            after = editPage(after, id, (page) => ((moving = page), undefined));
            const target = after[to % after.length]!;
            after = after.map((group) => (group === target ? { ...group, pages: [moving!, ...group.pages] } : group));
          }
        }
        const changed = changedSearchablePages(pages(before), pages(after));
        expect(sorted(diffSearchablePages(changed.before, changed.after))).toEqual(sorted(diffSearchablePages(searchablePages(pages(before)), searchablePages(pages(after)))));
      }),
      { numRuns: 300 },
    );
  });
});
