import { describe, expect, it } from 'vitest';
import type { SnapshotPage } from '../../model/index.ts';
import { deepFreeze } from '../../store/deep-freeze.ts';
import { pageById, pageByPath } from './page-lookup.ts';

const doc = (id: string, path: string, pages: SnapshotPage[] = []) => ({ kind: 'sheet', type: 'document', id, title: id, slug: id, path, pages }) as unknown as SnapshotPage;
const link = (id: string) => ({ kind: 'link', type: 'link', id, title: id, target: { kind: 'url', url: 'https://example.com' } }) as unknown as SnapshotPage;
const group = (id: string, path: string, pages: SnapshotPage[]) => ({ kind: 'group', type: 'group', id, title: id, slug: id, path, pages }) as unknown as SnapshotPage;

describe('pageById and pageByPath', () => {
  const tree = (): SnapshotPage[] => [doc('a', 'a', [doc('a1', 'a/a1', [link('l1')])]), group('g', 'g', [doc('b', 'g/b')])];

  it('find a page at any depth, by id (links too) or by path (documents and groups)', () => {
    const pages = deepFreeze(tree());
    expect(pageById(pages, 'l1')?.type).toBe('link');
    expect(pageById(pages, 'b')?.id).toBe('b');
    expect(pageByPath(pages, 'a/a1')?.id).toBe('a1');
    expect(pageByPath(pages, 'g')?.id).toBe('g');
    expect(pageById(pages, 'missing')).toBeUndefined();
    expect(pageByPath(pages, 'a/missing')).toBeUndefined();
  });

  it('answer from the tree as it is now when it is not frozen (it may have changed since the last lookup)', () => {
    const pages = tree();
    expect(pageById(pages, 'c')).toBeUndefined();
    (pages[1] as { pages: SnapshotPage[] }).pages.push(doc('c', 'g/c'));
    expect(pageById(pages, 'c')?.id).toBe('c');
    expect(pageByPath(pages, 'g/c')?.id).toBe('c');
  });

  it('answer the first page depth-first when an id or a path appears twice', () => {
    const pages = deepFreeze([doc('x', 'same', [doc('y', 'inner')]), doc('y', 'same')]);
    expect(pageByPath(pages, 'same')?.id).toBe('x');
    expect(pageById(pages, 'y')).toBe((pages[0] as { pages: SnapshotPage[] }).pages[0]);
  });
});
