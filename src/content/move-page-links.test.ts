import { describe, expect, it } from 'vitest';
import { asText, directory } from '../../test/support/repositories.ts';
import { movePage } from './move-page.ts';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { readDirectory } from '../format/read-directory.ts';
import { scanReferences } from '../format/references.ts';
import { relinkBundle } from '../format/relink.ts';
import { writeDirectory } from '../format/write-directory.ts';

const summary = [
  '# Table of contents',
  '',
  '* [Home](README.md)',
  '* [Moving](moving.md)',
  '* [Guides](guides/README.md)',
  '  * [Editing](guides/editing.md)',
  '* [Other](other/README.md)',
  '  * [Sub](other/sub.md)',
  '',
].join('\n');

function space(pages: Record<string, string>): RevisionBundle {
  return readDirectory(directory({ 'SUMMARY.md': summary, 'other/README.md': '# Other\n', 'other/sub.md': '# Sub\n', ...pages })).bundle;
}

const idAt = (bundle: RevisionBundle, gitPath: string) =>
  flattenPages(bundle.revision.pages).find((page) => page.type === 'document' && page.git?.path === gitPath)!.id;

/** Moves `moving.md` under Guides (to guides/moving.md) and returns the files written after the move. */
function moveUnderGuides(bundle: RevisionBundle): Record<string, string> {
  return asText(writeDirectory(movePage(bundle, idAt(bundle, 'moving.md'), { parentId: idAt(bundle, 'guides/README.md'), index: 0 })));
}

const base = {
  'README.md': '# Home\n\n[moving](moving.md)\n',
  'guides/README.md': '# Guides\n',
  'guides/editing.md': '# Editing\n',
};

describe('relinking after a move made in the service', () => {
  it('rewrites real page references in the moved page and in pages that point at it', () => {
    const after = moveUnderGuides(space({ ...base, 'moving.md': '# Moving\n\n[sub](other/sub.md) and [editing](guides/editing.md)\n' }));
    expect(after['guides/moving.md']).toBe('# Moving\n\n[sub](../other/sub.md) and [editing](editing.md)\n');
    expect(after['README.md']).toBe('# Home\n\n[moving](guides/moving.md)\n');
  });

  it('leaves a heading anchor whose href is its id alone, even when a page of that name exists', () => {
    const anchor = '## Editing <a href="editing" id="editing"></a>\n';
    const after = moveUnderGuides(space({ ...base, 'moving.md': `# Moving\n\n${anchor}`, 'editing.md': '# Top editing\n' }));
    expect(after['guides/moving.md']).toBe(`# Moving\n\n${anchor}`);
    expect(scanReferences(anchor)).toEqual([]);
  });

  it('leaves an href that names no page or file alone', () => {
    const text = '# Moving\n\n<a href="editing">edit</a> [nothing](nothing-here) [draft](drafts/old.md)\n';
    const after = moveUnderGuides(space({ ...base, 'moving.md': text }));
    expect(after['guides/moving.md']).toBe(text);
  });

  it("never rewrites GitBook's broken-reference placeholder", () => {
    const after = moveUnderGuides(space({ ...base, 'moving.md': '# Moving\n\n[gone](broken-reference) [also](../broken-reference)\n' }));
    expect(after['guides/moving.md']).toBe('# Moving\n\n[gone](broken-reference) [also](../broken-reference)\n');
  });

  it('keeps folder links in the folder form, with or without the trailing slash', () => {
    const text = '# Moving\n\n[other](other/) [other too](other) [sub](other/sub.md#top) [guides](guides/)\n';
    const after = moveUnderGuides(space({ ...base, 'moving.md': text }));
    expect(after['guides/moving.md']).toBe('# Moving\n\n[other](../other/) [other too](../other) [sub](../other/sub.md#top) [guides](./)\n');
  });

  it('keeps a folder link a folder link when the folder page itself moves', () => {
    const bundle = space({ ...base, 'moving.md': '# Moving\n\n[other](other/)\n', 'README.md': '# Home\n\n[other](other/) and [sub](other/sub.md)\n' });
    const moved = movePage(bundle, idAt(bundle, 'other/README.md'), { parentId: idAt(bundle, 'guides/README.md'), index: 1 });
    const after = asText(writeDirectory(moved));
    expect(after['README.md']).toBe('# Home\n\n[other](guides/other/) and [sub](guides/other/sub.md)\n');
    expect(after['moving.md']).toBe('# Moving\n\n[other](guides/other/)\n');
  });

  it('never points a link at a page deleted in the same change', () => {
    const bundle = space({ ...base, 'moving.md': '# Moving\n\n[editing](guides/editing.md) [sub](other/sub.md)\n' });
    // One change: moving.md goes under Other (other/moving.md) and guides/editing.md is deleted.
    const pages = structuredClone(bundle.revision.pages);
    const [moving] = pages.splice(pages.findIndex((page) => page.id === idAt(bundle, 'moving.md')), 1);
    if (moving?.type !== 'document') throw new Error('moving.md is a document');
    moving.git = { oid: moving.git!.oid, path: 'other/moving.md' };
    for (const page of pages) {
      if (page.type !== 'document') continue;
      if (page.git?.path === 'guides/README.md') page.pages = page.pages.filter((child) => child.id !== idAt(bundle, 'guides/editing.md'));
      if (page.git?.path === 'other/README.md') page.pages.unshift(moving);
    }
    const relinked = relinkBundle(bundle, { ...bundle, revision: { ...bundle.revision, pages } });
    expect(asText(writeDirectory(relinked))['other/moving.md']).toBe('# Moving\n\n[editing](guides/editing.md) [sub](sub.md)\n');
  });
});
