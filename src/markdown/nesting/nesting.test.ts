import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { costlyMarkdown, hostileMarkdown } from '../../../test/fixtures/hostile/hostile-inputs.ts';
import { maxHtmlDepth, maxMarkdownDepth } from '../../model/nesting-limits.ts';
import { parseMarkdown } from '../parse-markdown.ts';
import { capHtmlDepth } from './cap-html-depth.ts';
import { capTreeDepth } from './cap-tree-depth.ts';
import { flattenDeepContainers } from './flatten-deep-containers.ts';
import { maxDelimiterRun } from './long-delimiter-runs.ts';
import { plainText } from './plain-text.ts';

/** The depth of the deepest node (the root's children are at 1), without recursion. */
function treeDepth(tree: Root): number {
  let deepest = 0;
  const pending: Array<{ node: Nodes; depth: number }> = [{ node: tree, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    deepest = Math.max(deepest, depth);
    if ('children' in node) for (const child of node.children) pending.push({ node: child as Nodes, depth: depth + 1 });
  }
  return deepest;
}

describe('flattenDeepContainers', () => {
  it('escapes the first container marker past the limit, whatever its kind', () => {
    expect(flattenDeepContainers('> > > deep\n', 2)).toBe('> > \\> deep\n');
    expect(flattenDeepContainers('- * + deep\n', 2)).toBe('- * \\+ deep\n');
    expect(flattenDeepContainers('1. 2) 3. deep\n', 2)).toBe('1. 2) 3\\. deep\n');
    expect(flattenDeepContainers('>>>deep\n', 2)).toBe('>>\\>deep\n');
  });

  it('leaves text within the limit as it is (the same string)', () => {
    const text = '- a\n  - b\n    > c\n\n*not a marker* -x 12.x\n';
    expect(flattenDeepContainers(text, 3)).toBe(text);
  });

  it('counts indentation, a level per four columns', () => {
    expect(flattenDeepContainers(`${' '.repeat(8)}- deep\n`, 2)).toBe(`${' '.repeat(8)}\\- deep\n`);
    expect(flattenDeepContainers(`${' '.repeat(4)}- ok\n`, 2)).toBe(`${' '.repeat(4)}- ok\n`);
  });
});

describe('capTreeDepth', () => {
  it('replaces a node past the limit by its text: a paragraph among blocks, text inside inline content', () => {
    const tree: Root = {
      type: 'root',
      children: [{ type: 'blockquote', children: [{ type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: 'deep' }] }] }] }] }],
    };
    expect(capTreeDepth(tree, 2)).toBe(1);
    expect(tree.children[0]).toEqual({ type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'deep' }] }] });

    const inline: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'emphasis', children: [{ type: 'text', value: 'x' }] }] }] }] };
    capTreeDepth(inline, 3);
    expect(inline.children[0]).toEqual({ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: 'x' }] }] });
  });

  it('flattens a list whole when its items would pass the limit', () => {
    const tree: Root = { type: 'root', children: [{ type: 'list', children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'item' }] }] }] }] };
    capTreeDepth(tree, 3);
    expect(tree.children[0]).toEqual({ type: 'paragraph', children: [{ type: 'text', value: 'item' }] });
  });

  it('leaves a tree within the limit untouched', () => {
    const tree = parseMarkdown('- a\n  - b\n\n> *c* **d**\n');
    const before = structuredClone(tree);
    expect(capTreeDepth(tree, maxMarkdownDepth)).toBe(0);
    expect(tree).toEqual(before);
  });
});

describe('capHtmlDepth', () => {
  it('shows as text the HTML that opens elements past the limit, counting across blocks', () => {
    const tree = parseMarkdown('<div>\n\n<div>\n\n<div>\n\ntext\n');
    expect(capHtmlDepth(tree, 2)).toBe(1);
    expect(tree.children.map((node) => node.type)).toEqual(['html', 'html', 'paragraph', 'paragraph']);
    expect(plainText(tree.children[2]!)).toBe('<div>');
  });

  it('does not count void elements, closed elements or elements their next sibling closes', () => {
    const tree = parseMarkdown('<div><br><img src="a.png"><span>x</span><p>a<p>b<li>c</div>\n');
    expect(capHtmlDepth(tree, 2)).toBe(0);
  });
});

describe('parsing hostile Markdown', () => {
  for (const page of [...hostileMarkdown(), costlyMarkdown()]) {
    it(`${page.name}: parses within ${maxMarkdownDepth} levels and keeps the text`, () => {
      const tree = parseMarkdown(page.markdown);
      expect(treeDepth(tree)).toBeLessThanOrEqual(maxMarkdownDepth + 1);
      expect(plainText(tree)).toContain(page.word);
    });
  }

  it('reads a run of more than the longest delimiter run as text, and a shorter one as emphasis', () => {
    const long = parseMarkdown(`${'*'.repeat(maxDelimiterRun + 1)}x${'*'.repeat(maxDelimiterRun + 1)}\n`);
    expect(plainText(long)).toBe(`${'*'.repeat(maxDelimiterRun + 1)}x${'*'.repeat(maxDelimiterRun + 1)}`);
    const short = parseMarkdown('**x**\n');
    expect((short.children[0] as { children: Nodes[] }).children[0]!.type).toBe('strong');
  });

  it('keeps nesting within the limit as it was: a list 20 deep and HTML 40 deep', () => {
    const list = parseMarkdown(`${Array.from({ length: 20 }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n')}\n`);
    expect(treeDepth(list)).toBe(20 * 2 + 2);
    const html = parseMarkdown(`${'<div>'.repeat(maxHtmlDepth - 24)}x${'</div>'.repeat(maxHtmlDepth - 24)}\n`);
    expect(html.children[0]!.type).toBe('html');
  });

  it('plainText reads a 5,000-level tree without recursion', () => {
    let node: Nodes = { type: 'text', value: 'deepest' };
    for (let level = 0; level < 5000; level++) node = { type: 'emphasis', children: [node as never] };
    expect(plainText(node)).toBe('deepest');
  });
});
