import { describe, expect, it } from 'vitest';
import { asText, fixtureRepositories, loadFiles } from '../../test/support/repositories.ts';
import { readDirectory } from '../format/read-directory.ts';
import { scanReferences } from '../format/references.ts';
import { writeDirectory } from '../format/write-directory.ts';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { movePage } from './move-page.ts';

const pageAt = (bundle: RevisionBundle, gitPath: string) =>
  flattenPages(bundle.revision.pages).find((page) => page.type === 'document' && page.git?.path === gitPath)!;

/** The text with every reference target replaced by a placeholder: equal masks mean only targets differ. */
function maskReferences(text: string): string {
  let masked = '';
  let cursor = 0;
  for (const reference of scanReferences(text)) {
    masked += text.slice(cursor, reference.start) + '<ref>';
    cursor = reference.end;
  }
  return masked + text.slice(cursor);
}

function changedFiles(before: Record<string, string>, after: Record<string, string>) {
  const paths = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...paths].filter((path) => before[path] !== after[path]).sort();
}

// FORMAT.md, fidelity guarantee 5: a move rewrites only the affected link spans and SUMMARY.md.
describe('moving a page to another folder', () => {
  it('moves its file, rewrites the links in it and to it, and nothing else', async () => {
    const files = await loadFiles(fixtureRepositories.handbook!);
    const bundle = readDirectory(files).bundle;
    const before = asText(files);

    // guides/writing.md moves under "Getting started" (getting-started/).
    const moved = movePage(bundle, pageAt(bundle, 'guides/writing.md').id, { parentId: pageAt(bundle, 'getting-started/README.md').id, index: 2 });
    const after = asText(writeDirectory(moved));

    expect(changedFiles(before, after)).toEqual([
      'SUMMARY.md',
      'getting-started/configure.md', // its content-ref to ../guides/writing.md
      'getting-started/writing.md', // the page, at its new place
      'guides/README.md', // links to writing.md
      'guides/advanced/reviewing.md', // links to ../writing.md
      'guides/writing.md', // gone from its old place
    ]);
    expect(after['guides/writing.md']).toBeUndefined();

    // The moved page: same text except its relative links, which now start from getting-started/.
    const page = after['getting-started/writing.md']!;
    expect(maskReferences(page)).toBe(maskReferences(before['guides/writing.md']!));
    expect(page).toContain('[glossary](../reference/glossary.md)'); // same folder depth: unchanged
    expect(page).toContain('[cover](<../.gitbook/assets/cover image.png>)');

    // Pages linking to it: only the link targets changed.
    for (const path of ['getting-started/configure.md', 'guides/README.md', 'guides/advanced/reviewing.md']) {
      expect(maskReferences(after[path]!), path).toBe(maskReferences(before[path]!));
    }
    expect(after['getting-started/configure.md']).toContain('{% content-ref url="writing.md" %}\n[writing.md](writing.md)');
    expect(after['guides/README.md']).toContain('Read [Writing](../getting-started/writing.md).');
    expect(after['guides/advanced/reviewing.md']).toContain('[writing guide](../../getting-started/writing.md)');

    // SUMMARY.md: one line left, one line arrived, every other line as it was.
    const summaryBefore = before['SUMMARY.md']!.split('\n');
    const summaryAfter = after['SUMMARY.md']!.split('\n');
    expect(summaryBefore.filter((line) => !summaryAfter.includes(line))).toEqual(['  * [Writing](guides/writing.md)']);
    expect(summaryAfter.filter((line) => !summaryBefore.includes(line))).toEqual(['  * [Writing](getting-started/writing.md)']);
    expect(summaryAfter.indexOf('  * [Writing](getting-started/writing.md)')).toBe(summaryAfter.indexOf('  * [Configure](getting-started/configure.md)') + 1);
  });

  it('reads back to the same tree with the page id kept', async () => {
    const bundle = readDirectory(await loadFiles(fixtureRepositories.handbook!)).bundle;
    const writing = pageAt(bundle, 'guides/writing.md');
    const moved = movePage(bundle, writing.id, { parentId: pageAt(bundle, 'getting-started/README.md').id, index: 0 });
    const reread = readDirectory(writeDirectory(moved), { previous: bundle }).bundle;
    const again = flattenPages(reread.revision.pages).find((page) => page.id === writing.id);
    expect(again?.type === 'document' && again.git?.path).toBe('getting-started/writing.md');
    expect(reread.revision.pages.map((page) => page.title)).toEqual(bundle.revision.pages.map((page) => page.title));
  });

  it('reordering among siblings only edits SUMMARY.md', async () => {
    const files = await loadFiles(fixtureRepositories.handbook!);
    const bundle = readDirectory(files).bundle;
    const moved = movePage(bundle, pageAt(bundle, 'reference/faq.md').id, { parentId: bundle.revision.pages.find((page) => page.type === 'group')!.id, index: 0 });
    expect(changedFiles(asText(files), asText(writeDirectory(moved)))).toEqual(['SUMMARY.md']);
  });

  it('refuses to move a page under itself', async () => {
    const bundle = readDirectory(await loadFiles(fixtureRepositories.handbook!)).bundle;
    const guides = pageAt(bundle, 'guides/README.md');
    expect(() => movePage(bundle, guides.id, { parentId: pageAt(bundle, 'guides/writing.md').id, index: 0 })).toThrow(/under itself/);
    expect(() => movePage(bundle, 'nope', { index: 0 })).toThrow(/not in the revision/);
  });
});
