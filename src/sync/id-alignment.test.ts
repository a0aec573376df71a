import { describe, expect, it } from 'vitest';
import type { Revision, RevisionPage } from '@gitbook/api';
import { readDirectory } from '../format/index.ts';
import { alignIds } from './id-alignment.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('alignIds', () => {
  const files = new Map([
    ['README.md', encode('# Home\n')],
    ['SUMMARY.md', encode('* [Home](README.md)\n* [Made in the space](made.md)\n\n## Group\n\n* [Other](other.md)\n')],
    ['made.md', encode('# Made in the space\n')],
    ['other.md', encode('# Other\n')],
  ]);
  const local = readDirectory(files).bundle;

  it('pairs by Git path first, then by place in the tree for what has no Git path', () => {
    const rename = (pages: readonly RevisionPage[]): RevisionPage[] =>
      pages.map((page) => {
        const copy = { ...page, id: `space-${page.title}` } as RevisionPage;
        if (copy.type === 'document' && page.title === 'Made in the space') delete (copy as { git?: unknown }).git;
        if ('pages' in copy) (copy as { pages: RevisionPage[] }).pages = rename(copy.pages as RevisionPage[]);
        return copy;
      });
    const space = { pages: rename(local.revision.pages), files: [], reusableContents: [] } as unknown as Revision;
    const ids = alignIds(local, space);
    const byTitle = new Map(local.revision.pages.flatMap((page) => [page, ...('pages' in page ? page.pages : [])]).map((page) => [page.title, page.id]));
    expect(ids.get(byTitle.get('Home')!)).toBe('space-Home');
    expect(ids.get(byTitle.get('Made in the space')!)).toBe('space-Made in the space');
    expect(ids.get(byTitle.get('Group')!)).toBe('space-Group');
    expect(ids.get(byTitle.get('Other')!)).toBe('space-Other');
  });

  it('leaves unpaired what the space does not have', () => {
    const ids = alignIds(local, { pages: [], files: [], reusableContents: [] });
    expect(ids.size).toBe(0);
  });
});
