import { describe, expect, it } from 'vitest';
import { assignPagePaths } from '../model/page-paths.ts';
import type { RevisionPage } from '@gitbook/api';
import type { SnapshotDocumentPage, SnapshotPage } from '../model/revision-snapshot.ts';
import { PageTreeDraft } from './page-tree-draft.ts';
import { deepFreeze, documentPage, snapshotOf } from './snapshot-fixture.ts';

const tree = () =>
  snapshotOf([
    documentPage('a', { slug: 'a', pages: [documentPage('a1', { slug: 'one' }), documentPage('a2', { slug: '' })] }),
    { id: 'g', title: 'G', kind: 'group', type: 'group', slug: 'group', path: '', pages: [documentPage('g1', { slug: 'x' })] } as unknown as SnapshotPage,
    documentPage('b', { slug: 'b' }),
  ]).pages;

describe('PageTreeDraft', () => {
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
});
