// What counts as a tag line, read through the whole parser.
import type { RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../parse-markdown.ts';

const types = (markdown: string): string[] => parseMarkdown(markdown).children.map((node) => node.type);
const first = (markdown: string): RootContent | undefined => parseMarkdown(markdown).children[0];

describe('Liquid tag lines', () => {
  it('interrupt a paragraph and are read without blank lines around them', () => {
    expect(types('Text\n{% foo %}\nMore text\n')).toEqual(['paragraph', 'liquidTag', 'paragraph']);
  });

  it('end a list item instead of continuing it lazily', () => {
    expect(parseMarkdown('{% tabs %}\n{% tab title="A" %}\n* one\n{% endtab %}\n{% endtabs %}\n').children).toMatchObject([
      { type: 'tabs', children: [{ type: 'tab', title: 'A', children: [{ type: 'list', children: [{ type: 'listItem' }] }] }] },
    ]);
  });

  it('may have up to three spaces of indentation, not four', () => {
    expect(types('   {% foo %}\n')).toEqual(['liquidTag']);
    expect(types('    {% foo %}\n')).toEqual(['code']);
  });

  it('must be alone on their line', () => {
    expect(types('{% foo %} and text\n')).toEqual(['paragraph']);
    expect(types('{% foo\n')).toEqual(['paragraph']);
    expect(types('{% foo %}   \n')).toEqual(['liquidTag']);
  });

  it('continue across lines inside a quoted value only', () => {
    expect(first('{% @mermaid/diagram content="graph TD\n  A-->B" %}\n')).toEqual(
      expect.objectContaining({ type: 'integrationBlock', integration: 'mermaid', block: 'diagram', props: [{ name: 'content', value: 'graph TD\n  A-->B', quote: '"' }] }),
    );
    expect(types('{% foo a="open\nno close\n')).toEqual(['paragraph']);
    expect(types('{% foo\nbar %}\n')).toEqual(['paragraph']);
  });

  it('do not take a quote inside a word for a string', () => {
    expect(first("{% if user's %}\nHi\n{% endif %}\n")).toMatchObject({ type: 'condition', expression: "user's" });
  });

  it('work inside list items and block quotes', () => {
    expect(parseMarkdown('* a\n\n  {% hint style="info" %}\n  b\n  {% endhint %}\n').children).toMatchObject([
      { type: 'list', children: [{ type: 'listItem', children: [{ type: 'paragraph' }, { type: 'hint', style: 'info' }] }] },
    ]);
    expect(parseMarkdown('> {% embed url="https://x.dev" %}\n').children).toMatchObject([{ type: 'blockquote', children: [{ type: 'embed', url: 'https://x.dev' }] }]);
  });

  it('pair only among siblings: a block cannot end in another container', () => {
    expect(types('{% hint style="info" %}\n> {% endhint %}\n')).toEqual(['liquidTag', 'blockquote']);
  });

  it('are not read inside code', () => {
    expect(types('```\n{% hint %}\n```\n')).toEqual(['code']);
    expect(first('Some `{% hint %}` code\n')).toMatchObject({ type: 'paragraph', children: [{ type: 'text' }, { type: 'inlineCode', value: '{% hint %}' }, { type: 'text' }] });
  });
});
