// The README and the docs link only files that a clone has: every relative link and image of README.md,
// BENCHMARKS.md and docs/*.md (and every `../<path>.md` they quote) names a file or folder inside the repository,
// never one beside it, like ../shared.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

const documents = ['README.md', 'BENCHMARKS.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/**
 * Every link, image and link definition of a Markdown text (code spans and blocks hold none), the src/href of raw
 * HTML, and the Markdown files named in code spans by a path that leaves the folder (`../shared/FORMAT.md`).
 */
function targets(markdown: string): string[] {
  const found: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') found.push(node.url);
    if (node.type === 'html') for (const match of node.value.matchAll(/\s(?:href|src)="([^"]*)"/g)) found.push(match[1]!);
    if (node.type === 'inlineCode' && /^\.\.\/\S+\.md$/.test(node.value)) found.push(node.value);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(markdown));
  return found;
}

/** Why a link target of `document` is not a file of the repository, or undefined when it is (or is not a path). */
function problem(document: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target === '') return undefined;
  const path = decodeURIComponent(target.split(/[?#]/)[0]!);
  const file = resolve(root, dirname(document), path);
  const inside = relative(root, file);
  if (inside === '..' || inside.startsWith(`..${sep}`)) return `${target} is outside the repository`;
  return existsSync(file) ? undefined : `${target} does not exist`;
}

describe('links of the README and the docs', () => {
  it('finds the documents and their links', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'docs/format.md', 'docs/architecture.md']));
    expect(targets(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(3);
  });

  it.each(documents)('%s links only files of the repository', (document) => {
    const broken = targets(readFileSync(join(root, document), 'utf8'))
      .map((target) => problem(document, target))
      .filter((reason) => reason !== undefined);
    expect(broken).toEqual([]);
  });

  it('refuses a link beside the repository and a missing file', () => {
    expect(targets('See [the format](../shared/FORMAT.md), `[not](a-link.md)`, `../shared/DESIGN.md` and ![x](<a b.png>).\n')).toEqual(['../shared/FORMAT.md', '../shared/DESIGN.md', 'a b.png']);
    expect(problem('README.md', '../shared/FORMAT.md')).toBe('../shared/FORMAT.md is outside the repository');
    expect(problem('docs/format.md', 'missing.md#part')).toBe('missing.md#part does not exist');
    expect(problem('docs/format.md', 'errors.md#error-codes')).toBeUndefined();
    expect(problem('docs/format.md', 'https://example.com/x')).toBeUndefined();
  });
});
