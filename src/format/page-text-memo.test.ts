import { describe, expect, it } from 'vitest';
import { allRepositories, loadFiles } from '../../test/support/repositories.ts';
import { bundleToJson } from './bundle-json.ts';
import { isKnownFrontmatterKey } from './page-metadata.ts';
import { PageTextMemo } from './page-text-memo.ts';
import { readDirectory } from './read-directory.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** The repository with every page moved into a new folder and its SUMMARY.md link updated: a structural commit. */
function movedEverything(files: ReadonlyMap<string, Uint8Array>): Map<string, Uint8Array> {
  const summary = files.get('SUMMARY.md');
  const moved = new Map<string, Uint8Array>();
  let summaryText = summary === undefined ? undefined : new TextDecoder().decode(summary);
  for (const [path, bytes] of files) {
    if (path === 'SUMMARY.md' || !path.endsWith('.md') || path === 'README.md' || path.startsWith('.gitbook/')) {
      moved.set(path, bytes);
      continue;
    }
    moved.set(`moved/${path}`, bytes);
    summaryText = summaryText?.replaceAll(`(${path})`, `(moved/${path})`);
  }
  if (summaryText !== undefined) moved.set('SUMMARY.md', encode(summaryText));
  return moved;
}

// Two reads sharing a memo must give exactly what two reads without one give, diagnostics included.
describe.each(Object.entries(allRepositories))('a memo shared by two reads of %s', (_name, path) => {
  it('gives the same bundles and diagnostics as reads without it', async () => {
    const files = await loadFiles(path);
    const next = movedEverything(files);
    const createdAt = '2026-01-01T00:00:00.000Z';

    const plainFrom = readDirectory(files, { createdAt });
    const plainTo = readDirectory(next, { previous: plainFrom.bundle, createdAt });
    const memo = new PageTextMemo();
    const memoFrom = readDirectory(files, { createdAt, memo });
    const memoTo = readDirectory(next, { previous: memoFrom.bundle, createdAt, memo });

    expect(bundleToJson(memoFrom.bundle)).toEqual(bundleToJson(plainFrom.bundle));
    expect(memoFrom.diagnostics).toEqual(plainFrom.diagnostics);
    expect(bundleToJson(memoTo.bundle)).toEqual(bundleToJson(plainTo.bundle));
    expect(memoTo.diagnostics).toEqual(plainTo.diagnostics);
  });
});

describe('PageTextMemo', () => {
  it('hands out a copy of a parsed frontmatter: changing one does not change the next', () => {
    const memo = new PageTextMemo();
    const first = memo.parseFrontmatter('description: Hi\ntags:\n  - a\n', isKnownFrontmatterKey);
    if (!first.ok) throw new Error('the frontmatter should parse');
    (first.data['tags'] as string[]).push('changed');
    first.keyTexts.length = 0;
    const second = memo.parseFrontmatter('description: Hi\ntags:\n  - a\n', isKnownFrontmatterKey);
    expect(second).toEqual({ ok: true, data: { description: 'Hi', tags: ['a'] }, unknownKeysText: '', keyTexts: [{ key: 'description', text: 'description: Hi\n' }, { key: 'tags', text: 'tags:\n  - a\n' }] });
  });

  it('parses again for another idea of which keys are known', () => {
    const memo = new PageTextMemo();
    const yaml = 'title: Shared\nowner: docs\n';
    const asPage = memo.parseFrontmatter(yaml, isKnownFrontmatterKey);
    const asInclude = memo.parseFrontmatter(yaml, (key) => key === 'title');
    expect(asPage.ok && asPage.unknownKeysText).toBe('title: Shared\nowner: docs\n');
    expect(asInclude.ok && asInclude.unknownKeysText).toBe('owner: docs\n');
  });

  it('hands out frozen references, the same for the same body', () => {
    const memo = new PageTextMemo();
    const body = 'See [the guide](guide.md) and ![a diagram](.gitbook/assets/a.png).\n';
    const references = memo.scanReferences(body);
    expect(references.map((reference) => reference.target)).toEqual(['guide.md', '.gitbook/assets/a.png']);
    expect(Object.isFrozen(references) && references.every((reference) => Object.isFrozen(reference))).toBe(true);
    expect(memo.scanReferences(body)).toBe(references);
  });
});
