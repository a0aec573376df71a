// extendLayout must give exactly what planLayout gives whenever it gives anything: random trees with colliding
// slugs, Git paths and kept files, grown by random insertions, are laid out both ways.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDirectorySource, type DirectorySource } from '../model/revision-bundle.ts';
import { extendLayout, planLayout, type AddedLayoutPage, type DirectoryLayout, type LayoutPage } from './directory-layout.ts';

interface Page {
  id: string;
  type: 'document' | 'group' | 'link';
  title: string;
  slug?: string;
  git?: { path: string };
  pages?: Page[];
}

const slugs = ['a', 'b', 'c', 'a-1', 'readme', 'x', 'guide'];
const gitPaths = ['a.md', 'b/README.md', 'c.md', 'x/a.md', 'guide/README.md', 'a-1.md'];

/** A document or link (a link only as a leaf), with children down to `depth`, slugs unique among siblings. */
function nodeArbitrary(depth: number): fc.Arbitrary<Page> {
  return fc
    .record({
      slug: fc.constantFrom(...slugs),
      git: fc.option(fc.constantFrom(...gitPaths), { freq: 4 }),
      link: fc.boolean(),
      children: depth === 0 ? fc.constant([] as Page[]) : fc.array(nodeArbitrary(depth - 1), { maxLength: 3 }),
    })
    .map(({ slug, git, link, children }) =>
      link && children.length === 0
        ? ({ id: '', type: 'link', title: `Link ${slug}` } as Page)
        : ({ id: '', type: 'document', title: `Page ${slug}`, slug, ...(git === null ? {} : { git: { path: git } }), pages: uniqueSlugs(children) } as Page),
    );
}

const groupArbitrary: fc.Arbitrary<Page> = fc
  .record({ slug: fc.constantFrom(...slugs), children: fc.array(nodeArbitrary(1), { maxLength: 3 }) })
  .map(({ slug, children }) => ({ id: '', type: 'group', title: `Group ${slug}`, slug, pages: uniqueSlugs(children) }));

/** A base tree: documents nested three deep, groups only at the root. */
const treeArbitrary = fc.array(fc.oneof({ weight: 4, arbitrary: nodeArbitrary(2) }, { weight: 1, arbitrary: groupArbitrary }), { maxLength: 5 }).map(uniqueSlugs);

function uniqueSlugs(pages: Page[]): Page[] {
  const seen = new Set<string>();
  return pages.filter((page) => page.slug === undefined || (!seen.has(page.slug) && seen.add(page.slug)));
}

function withIds(pages: Page[], next = { value: 0 }): Page[] {
  return pages.map((page) => ({ ...page, id: `p${next.value++}`, ...(page.pages ? { pages: withIds(page.pages, next) } : {}) }));
}

function allPages(pages: Page[], parent: Page | undefined = undefined, out: Array<{ page: Page; parent: Page | undefined }> = []) {
  for (const page of pages) {
    out.push({ page, parent });
    if (page.pages) allPages(page.pages, page, out);
  }
  return out;
}

/** Inserts `page` under `parentId` (undefined: the root) at `at`, copying the path to it. */
function inserted(pages: Page[], parentId: string | undefined, at: number, page: Page): Page[] {
  if (parentId === undefined) return [...pages.slice(0, at), page, ...pages.slice(at)];
  return pages.map((each) => (each.id === parentId ? { ...each, pages: [...(each.pages ?? []).slice(0, at), page, ...(each.pages ?? []).slice(at)] } : each.pages ? { ...each, pages: inserted(each.pages, parentId, at, page) } : each));
}

const insertion = fc.record({ parentPick: fc.nat(), at: fc.nat(), slug: fc.constantFrom(...slugs, 'new', 'other', 'more'), atRoot: fc.boolean() });

function sameLayout(actual: DirectoryLayout, expected: DirectoryLayout): void {
  expect(new Map([...actual.pages].sort())).toEqual(new Map([...expected.pages].sort()));
  expect(new Map([...actual.byPath].sort())).toEqual(new Map([...expected.byPath].sort()));
}

describe('extendLayout', () => {
  it('lays out a grown tree as planLayout does, whenever it can tell', () => {
    let extended = 0;
    fc.assert(
      fc.property(treeArbitrary, fc.array(insertion, { minLength: 1, maxLength: 4 }), fc.subarray(['a.md', 'c.md', 'notes.txt', 'x/README.md']), (rawTree, insertions, extraPaths) => {
        const source: DirectorySource = { ...emptyDirectorySource(), extra: Object.fromEntries(extraPaths.map((path) => [path, new Uint8Array()])) };
        const base = withIds(rawTree);
        const baseLayout = planLayout({ pages: base, files: [], reusableContents: [], source });
        let tree = base;
        const addedIds: string[] = [];
        insertions.forEach(({ parentPick, at, slug, atRoot }, index) => {
          const candidates = allPages(tree).filter(({ page, parent }) => page.type === 'document' || (page.type === 'group' && parent === undefined));
          const parent = atRoot || candidates.length === 0 ? undefined : candidates[parentPick % candidates.length]!.page;
          const siblings = parent === undefined ? tree : (parent.pages ?? []);
          if (siblings.some((sibling) => sibling.slug === slug)) return;
          const id = `n${index}`;
          tree = inserted(tree, parent?.id, at % (siblings.length + 1), { id, type: 'document', title: `New ${slug}`, slug, pages: [] });
          addedIds.push(id);
        });
        if (addedIds.length === 0) return;
        const located = new Map(allPages(tree).map((entry) => [entry.page.id, entry]));
        const baseIds = new Map(allPages(base).map((entry) => [entry.page.id, entry.page]));
        const added: AddedLayoutPage[] = addedIds.map((id) => {
          const { page, parent } = located.get(id)!;
          const before = parent === undefined ? undefined : baseIds.get(parent.id);
          return { page: page as LayoutPage, hasChildren: (page.pages?.length ?? 0) > 0, parent: parent as LayoutPage | undefined, parentWasLeaf: before?.type === 'document' && (before.pages?.length ?? 0) === 0 };
        });
        const first = tree.find((page) => page.type === 'document')?.id;
        const fast = extendLayout(baseLayout, { source }, added, first);
        // Refused: the base layout (extended in place) is left exactly as it was.
        if (fast === undefined) return sameLayout(baseLayout, planLayout({ pages: base, files: [], reusableContents: [], source }));
        extended++;
        sameLayout(fast, planLayout({ pages: tree, files: [], reusableContents: [], source }));
      }),
      { numRuns: 3000, seed: 20261126 },
    );
    // The property means something only if the quick way is taken often.
    expect(extended).toBeGreaterThan(500);
  });
});
