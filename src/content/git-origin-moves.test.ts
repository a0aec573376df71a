import type { ChangeRequestContentChange } from '@gitbook/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gitBlobOid } from '../format/git-oid.ts';
import type { RevisionSnapshot, SnapshotDocumentPage } from '../model/revision-snapshot.ts';
import { applyContentChanges } from './apply-content-changes.ts';
import { documentsFrom } from './document-lookup.ts';
import { locatePages } from './page-locations.ts';
import { directoryOf, sequentialIds, snapshotFromDirectory } from './snapshot-fixture.ts';

const encoder = new TextEncoder();

/**
 * A space synced from Git: three folders (each keeps a child, so it stays a folder) and five leaf pages that link
 * to one another, to folders, to a heading anchor and to GitBook's `broken-reference` placeholder.
 */
const repository: Record<string, string> = {
  'README.md': '# Home\n\n[one](one.md) [two](a/two.md) [a](a/) [gone](broken-reference)\n',
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Home](README.md)',
    '* [One](one.md)',
    '* [A](a/README.md)',
    '  * [Keep A](a/keep.md)',
    '  * [Two](a/two.md)',
    '  * [Three](a/three.md)',
    '* [B](b/README.md)',
    '  * [Keep B](b/keep.md)',
    '  * [Four](b/four.md)',
    '* [C](c/README.md)',
    '  * [Keep C](c/keep.md)',
    '  * [Five](c/five.md)',
    '',
  ].join('\n'),
  'one.md': '# One\n\n## Editing <a href="editing" id="editing"></a>\n\n[two](a/two.md) [four](b/four.md) [b](b/)\n',
  'a/README.md': '# A\n\n[three](three.md) [five](../c/five.md)\n',
  'a/keep.md': '# Keep A\n',
  'a/two.md': '# Two\n\n[one](../one.md) [three](three.md) [c](../c/) [x](../broken-reference)\n',
  'a/three.md': '# Three\n\n[home](../README.md) [four](../b/four.md)\n',
  'b/README.md': '# B\n\n[four](four.md)\n',
  'b/keep.md': '# Keep B\n',
  'b/four.md': '# Four\n\n<a href="../a/two.md">two</a> [five](../c/five.md) [one](../one.md)\n',
  'c/README.md': '# C\n',
  'c/keep.md': '# Keep C\n',
  'c/five.md': '# Five\n\n[one](../one.md) [two](../a/two.md) [a](../a/)\n',
};

const leaves = ['one.md', 'a/two.md', 'a/three.md', 'b/four.md', 'c/five.md'];
const folders = ['', 'a/', 'b/', 'c/'];
const names = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];

interface Space {
  snapshot: RevisionSnapshot;
  bodies: Map<string, string>;
}

function documents(snapshot: RevisionSnapshot): SnapshotDocumentPage[] {
  return [...locatePages(snapshot.pages).values()].flatMap(({ page }) => (page.type === 'document' ? [page] : []));
}

const pageAt = (snapshot: RevisionSnapshot, path: string) => documents(snapshot).find((page) => page.git?.path === path);

async function apply(space: Space, changes: unknown[], origin?: 'git' | 'service'): Promise<Space> {
  const applied = await applyContentChanges(space.snapshot, documentsFrom(space.bodies), changes as ChangeRequestContentChange[], { newId: sequentialIds(), origin });
  return { snapshot: applied.snapshot, bodies: new Map([...space.bodies, ...applied.documents]) };
}

/** What Git does when it moves `from` to `to` without changing the file: the change `quire sync` sends. */
function gitMove(space: Space, from: string, to: string): Record<string, unknown> {
  const page = pageAt(space.snapshot, from)!;
  return gitMoveOf(space, page.id, page.git!.oid, to);
}

function gitMoveOf(space: Space, pageId: string, oid: string, to: string): Record<string, unknown> {
  const folder = to.includes('/') ? to.slice(0, to.lastIndexOf('/') + 1) : '';
  // Folders are never moved: their README.md is where the first snapshot has it.
  const parent = folder === '' ? null : pageAt(space.snapshot, `${folder}README.md`)!.id;
  const slug = to.slice(folder.length, -'.md'.length);
  return { operation: 'update_page', page: pageId, into: parent, at: 1, slug, git: { oid, path: to } };
}

/** Every document page is written at its Git path, with bytes whose blob id is the one it records. */
function expectBytesMatchRecordedBlobs(space: Space): void {
  const written = directoryOf(space.snapshot, space.bodies);
  for (const page of documents(space.snapshot)) {
    expect(page.git, page.title).toBeDefined();
    const text = written[page.git!.path];
    expect(text, `${page.title} at ${page.git!.path}`).toBeDefined();
    expect(gitBlobOid(encoder.encode(text)), `${page.title} at ${page.git!.path}`).toBe(page.git!.oid);
  }
}

describe('a batch from Git that moves pages', () => {
  it('stores every file as Git wrote it: the moved page and the pages pointing at it keep their bytes', async () => {
    const space = snapshotFromDirectory(repository);
    const moved = await apply(space, [gitMove(space, 'a/two.md', 'b/two.md')], 'git');
    const after = directoryOf(moved.snapshot, moved.bodies);
    expect(after['b/two.md']).toBe(repository['a/two.md']);
    expect(after['a/two.md']).toBeUndefined();
    for (const path of ['README.md', 'one.md', 'c/five.md', 'b/four.md']) expect(after[path], path).toBe(repository[path]);
    expectBytesMatchRecordedBlobs(moved);
  });

  it('is from Git when a change carries `git`, unless the sender says otherwise', async () => {
    const space = snapshotFromDirectory(repository);
    const unsaid = await apply(space, [gitMove(space, 'a/two.md', 'b/two.md')]);
    expect(directoryOf(unsaid.snapshot, unsaid.bodies)['one.md']).toBe(repository['one.md']);
    // Said to be a move made in the service: the links to the moved page follow it.
    const service = await apply(space, [gitMove(space, 'a/two.md', 'b/two.md')], 'service');
    expect(directoryOf(service.snapshot, service.bodies)['one.md']).toBe('# One\n\n## Editing <a href="editing" id="editing"></a>\n\n[two](b/two.md) [four](b/four.md) [b](b/)\n');
  });

  it('moves made in the service without `git` still rewrite the links', async () => {
    const space = snapshotFromDirectory(repository);
    const two = pageAt(space.snapshot, 'a/two.md')!;
    const moved = await apply(space, [{ operation: 'update_page', page: two.id, into: pageAt(space.snapshot, 'b/README.md')!.id, at: 0 }]);
    const after = directoryOf(moved.snapshot, moved.bodies);
    expect(after['b/two.md']).toBe('# Two\n\n[one](../one.md) [three](../a/three.md) [c](../c/) [x](../broken-reference)\n');
    expect(after['README.md']).toBe('# Home\n\n[one](one.md) [two](b/two.md) [a](a/) [gone](broken-reference)\n');
  });

  // The invariant of issue 10: after any sequence of moves, renames and deletes from Git, a page's recorded blob
  // id is the id of the bytes the space writes back.
  it('keeps every recorded blob id equal to the bytes written back, after any sequence of Git moves', async () => {
    const step = fc.record({
      leaf: fc.nat(leaves.length - 1),
      folder: fc.constantFrom(...folders),
      name: fc.constantFrom(...names),
      deletes: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), fc.constantFrom<'git' | undefined>('git', undefined), async (batches, origin) => {
        let space: Space = snapshotFromDirectory(repository);
        // Each leaf: its page id, blob id and path (undefined once deleted).
        const leafPages = leaves.map((path) => {
          const page = pageAt(space.snapshot, path)!;
          return { id: page.id, oid: page.git!.oid, path: path as string | undefined };
        });
        for (const batch of batches) {
          const changes: unknown[] = [];
          const taken = new Set(documents(space.snapshot).map((page) => page.git!.path));
          for (const { leaf, folder, name, deletes } of batch) {
            const page = leafPages[leaf]!;
            if (page.path === undefined) continue;
            if (deletes) {
              changes.push({ operation: 'delete_page', page: page.id });
              taken.delete(page.path);
              page.path = undefined;
              continue;
            }
            const to = `${folder}${name}.md`;
            if (taken.has(to)) continue;
            changes.push(gitMoveOf(space, page.id, page.oid, to));
            taken.delete(page.path);
            taken.add(to);
            page.path = to;
          }
          if (changes.length === 0) continue;
          space = await apply(space, changes, origin);
          expectBytesMatchRecordedBlobs(space);
          for (const { id, path } of leafPages) if (path !== undefined) expect(pageAt(space.snapshot, path)?.id).toBe(id);
        }
      }),
      { numRuns: 60 },
    );
  });
});
