import { describe, expect, it } from 'vitest';
import { directory, fixtureRepositories, loadFiles } from '../../test/support/repositories.ts';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { readDirectory } from './read-directory.ts';
import { writeDirectory } from './write-directory.ts';

const idsByGitPath = (bundle: RevisionBundle) =>
  Object.fromEntries(flattenPages(bundle.revision.pages).flatMap((page) => (page.type === 'document' ? [[page.git!.path, page.id]] : [])));

function renamed(files: Map<string, Uint8Array>, from: string, to: string, edit?: (text: string) => string): Map<string, Uint8Array> {
  const next = new Map(files);
  const bytes = next.get(from)!;
  next.delete(from);
  next.set(to, edit ? new TextEncoder().encode(edit(new TextDecoder().decode(bytes))) : bytes);
  const summary = new TextDecoder().decode(next.get('SUMMARY.md')!).replace(`(${from})`, `(${to})`);
  next.set('SUMMARY.md', new TextEncoder().encode(summary));
  return next;
}

// FORMAT.md, fidelity guarantee 4: a page keeps its id when its file moves.
describe('page identity across versions of a directory', () => {
  it('ids are derived from paths, so reading twice gives the same ids', async () => {
    const files = await loadFiles(fixtureRepositories.handbook!);
    expect(idsByGitPath(readDirectory(files).bundle)).toEqual(idsByGitPath(readDirectory(files).bundle));
  });

  it('a renamed file keeps its page id when read against the previous revision (same blob)', async () => {
    const files = await loadFiles(fixtureRepositories.handbook!);
    const previous = readDirectory(files).bundle;
    const next = renamed(files, 'reference/faq.md', 'reference/questions.md');
    const withHint = readDirectory(next, { previous }).bundle;
    expect(idsByGitPath(withHint)['reference/questions.md']).toBe(idsByGitPath(previous)['reference/faq.md']);
    // Without the hint, the renamed file is a new page.
    expect(idsByGitPath(readDirectory(next).bundle)['reference/questions.md']).not.toBe(idsByGitPath(previous)['reference/faq.md']);
  });

  it('a moved and edited file keeps its id by similarity, like Git rename detection', async () => {
    const files = await loadFiles(fixtureRepositories.handbook!);
    const previous = readDirectory(files).bundle;
    const next = renamed(files, 'guides/writing.md', 'writing/style.md', (text) => `${text}\nOne more line.\n`);
    const ids = idsByGitPath(readDirectory(next, { previous }).bundle);
    expect(ids['writing/style.md']).toBe(idsByGitPath(previous)['guides/writing.md']);
    // Every other page keeps its id too, and no id is given twice.
    const others = Object.entries(idsByGitPath(previous)).filter(([path]) => path !== 'guides/writing.md');
    for (const [path, id] of others) expect(ids[path], path).toBe(id);
    expect(new Set(Object.values(ids)).size).toBe(Object.values(ids).length);
  });

  it('a new file at a renamed page old path gets a new id, not the moved page one', () => {
    const before = directory({ 'README.md': '# Home\n', 'a.md': '# A\n\nAlpha text.\n', 'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [A](a.md)\n' });
    const previous = readDirectory(before).bundle;
    const after = directory({
      'README.md': '# Home\n',
      'b.md': '# A\n\nAlpha text.\n',
      'a.md': '# Something else\n\nCompletely different.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [A](b.md)\n* [Something else](a.md)\n',
    });
    const ids = idsByGitPath(readDirectory(after, { previous }).bundle);
    // Same path wins: a.md keeps its id; b.md (the same blob) cannot take it twice and gets a new one.
    expect(ids['a.md']).toBe(idsByGitPath(previous)['a.md']);
    expect(ids['b.md']).not.toBe(ids['a.md']);
  });

  it('a revision made without a directory keeps its ids through write and read with the hint', async () => {
    const { bundle } = readDirectory(await loadFiles(fixtureRepositories.handbook!), { createdAt: '2026-01-01T00:00:00.000Z' });
    // What the service makes: its own ids, no git metadata.
    const serviceMade = structuredClone(bundle);
    let counter = 0;
    const idMap = new Map<string, string>();
    for (const page of flattenPages(serviceMade.revision.pages)) {
      const id = `svc${String(counter++).padStart(17, '0')}`;
      idMap.set(page.id, id);
      page.id = id;
      if (page.type === 'document') delete page.git;
    }
    for (const page of flattenPages(serviceMade.revision.pages)) {
      if (page.type === 'link' && (page.target.kind === 'page' || page.target.kind === 'anchor') && page.target.page) page.target.page = idMap.get(page.target.page)!;
    }
    const read = readDirectory(writeDirectory(serviceMade), { previous: serviceMade, createdAt: '2026-01-01T00:00:00.000Z' }).bundle;
    const documentIds = (b: RevisionBundle) => flattenPages(b.revision.pages).filter((page) => page.type === 'document').map((page) => page.id);
    expect(documentIds(read)).toEqual(documentIds(serviceMade));
  });
});
