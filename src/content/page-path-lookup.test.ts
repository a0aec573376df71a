import { describe, expect, it } from 'vitest';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { locatePages } from './page-locations.ts';
import { PagePathLookup } from './page-path-lookup.ts';
import { documentPage, snapshotOf } from './snapshot-fixture.ts';

const group = (id: string, slug: string, pages: SnapshotPage[]) => ({ id, title: id, kind: 'group', type: 'group', slug, path: '', pages }) as unknown as SnapshotPage;
const link = (id: string) => ({ id, title: id, kind: 'link', type: 'link', target: { kind: 'url', url: 'https://example.com' } }) as unknown as SnapshotPage;

/** Every path the tree has, listed the plain way. */
const everyPath = (pages: readonly SnapshotPage[]) =>
  new Set([...locatePages(pages).values()].flatMap(({ page }) => (page.type === 'document' || page.type === 'group' ? [page.path] : [])));

describe('PagePathLookup', () => {
  const { pages } = snapshotOf([
    group('g', 'guides', [documentPage('install', { pages: [documentPage('linux'), documentPage('empty', { slug: '', pages: [documentPage('deep')] })] }), link('l')]),
    group('u', '', [documentPage('faq'), documentPage('install-2', { slug: 'install' })]),
    documentPage('readme', { slug: 'readme' }),
  ]);
  const lookup = new PagePathLookup(pages);

  it('finds every path of the tree, through empty slugs (a group without one, a page without one)', () => {
    const paths = everyPath(pages);
    expect([...paths].sort()).toEqual(['', 'faq', 'guides', 'guides/install', 'guides/install/deep', 'guides/install/linux', 'install', 'readme']);
    for (const path of paths) expect(lookup.has(path), path).toBe(true);
  });

  it('finds no path the tree lacks: a page under the wrong parent, a link page, a part of a slug', () => {
    for (const path of ['linux', 'guides/linux', 'guides/l', 'l', 'guides/install/empty', 'guides/inst', 'guides/', 'readme/x', 'faq/install']) {
      expect(lookup.has(path), path).toBe(false);
    }
  });
});
