// HTML blocks that a Liquid tag line ends: read with micromark alone, to compare with micromark's
// own HTML construct, and through the whole parser, for the block tree.
import fc from 'fast-check';
import type { Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../parse-markdown.ts';
import { stringifyMarkdown } from '../stringify-markdown.ts';
import { stripPositions } from '../tree/strip-positions.ts';
import { liquidTagFromMarkdown } from './from-markdown.ts';
import { htmlFlowBeforeTagSyntax } from './html-flow-before-tag.ts';
import { liquidTagSyntax } from './syntax.ts';

const withConstruct = (markdown: string): Root =>
  stripPositions(fromMarkdown(markdown, { extensions: [liquidTagSyntax, htmlFlowBeforeTagSyntax], mdastExtensions: [liquidTagFromMarkdown] }));
const withoutConstruct = (markdown: string): Root =>
  stripPositions(fromMarkdown(markdown, { extensions: [liquidTagSyntax], mdastExtensions: [liquidTagFromMarkdown] }));

const cards =
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>Start</td><td><a href="start.md">start.md</a></td></tr></tbody></table>';

describe('an HTML block followed by a Liquid tag line', () => {
  it('ends before the tag line, any tag, start or end, indented up to three spaces', () => {
    for (const tag of ['{% endif %}', '{% endcolumn %}', '{% endtab %}', '{% endstep %}', '{% endhint %}', '{% if visitor.claims.x %}', '   {% anything a="b" %}']) {
      expect(withConstruct(`${cards}\n${tag}\n`).children, tag).toEqual([
        { type: 'html', value: cards },
        { type: 'liquidTag', name: expect.any(String) as string, value: tag.trim() },
      ]);
    }
  });

  it('does not end at an indented code line, a tag inside a line, or `{{ ... }}`', () => {
    for (const line of ['    {% endif %}', 'x {% endif %}', '{% endif %} x', '{{ visitor.name }}']) {
      expect(withConstruct(`<div>\n${line}\n`).children, line).toEqual([{ type: 'html', value: `<div>\n${line}` }]);
    }
  });

  it('keeps a tag line inside the kinds that end on their own closing text', () => {
    for (const html of ['<pre>\n{% endif %}\n</pre>', '<!--\n{% endif %}\n-->', '<script>\n{% endif %}\n</script>']) {
      expect(withConstruct(`${html}\n`).children, html).toEqual([{ type: 'html', value: html }]);
    }
  });

  it('ends a kind 7 block and one in a container too', () => {
    expect(withConstruct('<img src="a.svg" class="gitbook-drawing">\n{% endstep %}\n').children.map((node) => node.type)).toEqual(['html', 'liquidTag']);
    expect(withConstruct('* <figure></figure>\n  {% endtab %}\n').children).toMatchObject([
      { type: 'list', children: [{ type: 'listItem', children: [{ type: 'html', value: '<figure></figure>' }, { type: 'liquidTag', name: 'endtab' }] }] },
    ]);
    expect(withConstruct('> <div>\n> {% endhint %}\n').children).toMatchObject([
      { type: 'blockquote', children: [{ type: 'html', value: '<div>' }, { type: 'liquidTag', name: 'endhint' }] },
    ]);
  });

  it('puts a card table inside the block whose end tag follows it', () => {
    const inner = (markdown: string): RootContent[] => {
      const [outer] = parseMarkdown(markdown).children;
      return outer && 'children' in outer ? (outer.children as RootContent[]) : [];
    };
    expect(inner(`{% if visitor.claims.pro %}\n${cards}\n{% endif %}\n`).map((node) => node.type)).toEqual(['cards']);
    expect(inner(`{% hint style="info" %}\n${cards}\n{% endhint %}\n`).map((node) => node.type)).toEqual(['cards']);
    const [column] = inner(`{% columns %}\n{% column %}\n${cards}\n{% endcolumn %}\n{% endcolumns %}\n`);
    expect(column).toMatchObject({ type: 'column', children: [{ type: 'cards' }] });
    const [tab] = inner(`{% tabs %}\n{% tab title="A" %}\n${cards}\n{% endtab %}\n{% endtabs %}\n`);
    expect(tab).toMatchObject({ type: 'tab', children: [{ type: 'cards' }] });
    const [step] = inner(`{% stepper %}\n{% step %}\n${cards}\n{% endstep %}\n{% endstepper %}\n`);
    expect(step).toMatchObject({ type: 'step', children: [{ type: 'cards' }] });
  });

  it('writes the pair back byte for byte', () => {
    const markdown = `{% tabs %}\n{% tab title="A" %}\n{% if visitor.claims.pro %}\n${cards}\n{% endif %}\n{% endtab %}\n{% endtabs %}\n`;
    expect(stringifyMarkdown(parseMarkdown(markdown))).toBe(markdown);
  });
});

describe('without a Liquid tag line, HTML blocks are read as micromark reads them', () => {
  const line = fc.constantFrom(
    '<div>', '</div>', '<table data-view="cards">', '<DETAILS open>', '<div/>', '<div/x>', '<img src="a.png" alt="a">', '<x-card a=1 b=\'2\' c>',
    '<a href=/x>', '<a b=/>', '</span >', '<span>text</span>', '<pre>', '</pre>', '<!-- c', '-->', '<?x', '<!X', '<![CDATA[', ']]>',
    'text', '* item', '  * nested', '> quote', '>', '1. one', '   <div>', '    <div>', '\t<div>', '', '  ', '```', '# Title', '---', '| a |',
  );
  const prefix = fc.constantFrom('', '', '> ', '* ', '  ', '1. ');
  const document = fc.array(fc.tuple(prefix, line), { minLength: 1, maxLength: 8 }).map((lines) => lines.map(([p, l]) => p + l).join('\n'));

  it('for generated documents', () => {
    fc.assert(
      fc.property(document, (markdown) => {
        expect(withConstruct(markdown)).toEqual(withoutConstruct(markdown));
      }),
      { numRuns: Number(process.env.RUNS ?? 300) },
    );
  });
});
