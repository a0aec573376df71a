import type { RevisionFile } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { standInFacts } from '../format/file-stand-in.ts';
import type { GitEntryMode, GitTreeEntry } from '../git/index.ts';
import { STAND_IN_MIN_BYTES, unchangedFileStandIns } from './unchanged-file-stand-ins.ts';

const oid = (character: string) => character.repeat(40);
const entry = (path: string, blob: string, mode: GitEntryMode = '100644'): GitTreeEntry => ({ path, oid: blob, mode });
const liveFile = (path: string, blob: string, size = 100_000, dimensions?: { width: number; height: number }): RevisionFile => ({
  id: `file-${path}`,
  name: path.split('/').pop()!,
  contentType: 'image/png',
  downloadURL: '',
  size,
  ...(dimensions ? { dimensions } : {}),
  git: { oid: blob, path },
});

describe('unchangedFileStandIns', () => {
  const assets = '.gitbook/assets/';

  it('stands in for a large asset unchanged in both commits and held as it is by the space, with the space\'s facts', () => {
    const base = [entry('.gitbook/assets/a.png', oid('a')), entry('README.md', oid('1'))];
    const held = unchangedFileStandIns(base, base, [liveFile('.gitbook/assets/a.png', oid('a'), 120_000, { width: 8, height: 6 })], { assetsFolder: assets, touched: new Set() });
    expect([...held.keys()]).toEqual(['.gitbook/assets/a.png']);
    expect(held.get('.gitbook/assets/a.png')!.byteLength).toBe(120_000);
    expect(standInFacts(held.get('.gitbook/assets/a.png')!)).toEqual({ oid: oid('a'), size: 120_000, dimensions: { width: 8, height: 6 } });
  });

  it('reads every other file: changed, moved, touched by the space, not in the space as it is, small, outside the assets, a page or a link', () => {
    const base = [
      entry('.gitbook/assets/changed.png', oid('a')),
      entry('.gitbook/assets/moved.png', oid('b')),
      entry('.gitbook/assets/touched.png', oid('c')),
      entry('.gitbook/assets/other-in-space.png', oid('d')),
      entry('.gitbook/assets/not-in-space.png', oid('e')),
      entry('.gitbook/assets/small.png', oid('f')),
      entry('images/outside.png', oid('0')),
      entry('.gitbook/assets/notes.md', oid('1')),
      entry('.gitbook/assets/link.png', oid('2'), '120000'),
    ];
    const head = base.map((item) =>
      item.path === '.gitbook/assets/changed.png' ? entry(item.path, oid('9')) : item.path === '.gitbook/assets/moved.png' ? entry('.gitbook/assets/renamed.png', item.oid) : item,
    );
    const live = [
      liveFile('.gitbook/assets/changed.png', oid('a')),
      liveFile('.gitbook/assets/moved.png', oid('b')),
      liveFile('.gitbook/assets/touched.png', oid('c')),
      liveFile('.gitbook/assets/other-in-space.png', oid('7')),
      liveFile('.gitbook/assets/small.png', oid('f'), STAND_IN_MIN_BYTES - 1),
      liveFile('images/outside.png', oid('0')),
      liveFile('.gitbook/assets/notes.md', oid('1')),
      liveFile('.gitbook/assets/link.png', oid('2')),
    ];
    const held = unchangedFileStandIns(base, head, live, { assetsFolder: assets, touched: new Set(['.gitbook/assets/touched.png']) });
    expect([...held.keys()]).toEqual([]);
  });

  it('looks in the assets folder of the content root', () => {
    const base = [entry('docs/.gitbook/assets/a.png', oid('a')), entry('.gitbook/assets/b.png', oid('b'))];
    const live = [liveFile('docs/.gitbook/assets/a.png', oid('a')), liveFile('.gitbook/assets/b.png', oid('b'))];
    expect([...unchangedFileStandIns(base, base, live, { assetsFolder: 'docs/.gitbook/assets/', touched: new Set() }).keys()]).toEqual(['docs/.gitbook/assets/a.png']);
  });
});
