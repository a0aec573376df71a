import { describe, expect, it } from 'vitest';
import { maxPageDepth } from '../model/nesting-limits.ts';
import { capPageDepth } from './cap-page-depth.ts';
import { readDirectory } from './read-directory.ts';
import type { TreeSpec } from './tree-spec.ts';

const page = (path: string, children: TreeSpec[] = []): TreeSpec => ({ kind: 'page', path, children });

describe('capPageDepth', () => {
  it('lists the pages below the limit at the limit, in reading order, after the page they were under', () => {
    const tree = [page('a.md', [page('b.md', [page('c.md', [page('d.md')]), page('e.md')])]), page('f.md')];
    expect(capPageDepth(tree, 2)).toBe(3);
    expect(tree).toEqual([page('a.md', [page('b.md'), page('c.md'), page('d.md'), page('e.md')]), page('f.md')]);
  });

  it('leaves a tree within the limit as it is', () => {
    const tree = [page('a.md', [page('b.md')])];
    expect(capPageDepth(tree, 2)).toBe(0);
    expect(tree).toEqual([page('a.md', [page('b.md')])]);
  });
});

describe('reading a SUMMARY.md nested 10,000 deep', () => {
  it('reads every page, none deeper than the limit, with a warning naming it', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const files = new Map([['README.md', encode('# Home\n')]]);
    let summary = '# Summary\n\n* [Home](README.md)\n';
    for (let level = 0; level < 10_000; level++) {
      summary += `${'  '.repeat(level)}* [Page ${level}](p${level}.md)\n`;
      files.set(`p${level}.md`, encode(`# Page ${level}\n`));
    }
    files.set('SUMMARY.md', encode(summary));
    const read = readDirectory(files);
    let depth = 0;
    let count = 0;
    const pending = read.bundle.revision.pages.map((entry) => ({ entry, level: 1 }));
    while (pending.length > 0) {
      const { entry, level } = pending.pop()!;
      count++;
      depth = Math.max(depth, level);
      if ('pages' in entry) for (const child of entry.pages) pending.push({ entry: child, level: level + 1 });
    }
    expect(count).toBe(10_001);
    expect(depth).toBe(maxPageDepth);
    expect(read.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`)).toEqual([
      `warning FORMAT_INVALID_SUMMARY pages nest deeper than ${maxPageDepth} levels, the most Quire reads; the ${10_000 - maxPageDepth} pages below level ${maxPageDepth} are listed at level ${maxPageDepth}`,
    ]);
  });
});
