// The mapping, family by family: which published node each Markdown construct becomes, with its attributes and
// references. (Schema validity and the keeping of text are checked for every fixture and for generated pages in
// document-schema.test.ts and document-properties.test.ts.)
import type { DocumentContext } from './document-context.ts';
import type { JSONDocument } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { documentText } from './document-text.ts';
import { markdownToDocument } from './markdown-to-document.ts';

/** The document's top-level nodes, without keys (tested apart). */
function blocks(markdown: string, context?: DocumentContext): unknown[] {
  return stripKeys(markdownToDocument(markdown, context)).nodes;
}

function stripKeys(document: JSONDocument): JSONDocument {
  return JSON.parse(JSON.stringify(document, (name, value: unknown) => (name === 'key' ? undefined : value)));
}

const text = (value: string, marks: string[] = []) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const empty = text('');
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const bold = { object: 'mark', type: 'bold' };
const italic = { object: 'mark', type: 'italic' };
const code = { object: 'mark', type: 'code' };

const pages: DocumentContext = {
  resolveLink: (target) => {
    const [path, anchor] = target.split('#');
    if (!path?.endsWith('.md')) return undefined;
    return anchor ? { kind: 'anchor', page: `page:${path}`, anchor } : { kind: 'page', page: `page:${path}` };
  },
  resolveFile: (target) => (target.includes('.gitbook/assets/') ? { kind: 'file', file: `file:${target.split('/').pop()}` } : undefined),
  resolveReusableContent: (target) => (target.includes('.gitbook/includes/') ? { kind: 'reusable-content', reusableContent: `rc:${target.split('/').pop()}` } : undefined),
};

describe('text and marks', () => {
  it('gives the document of the spec example', () => {
    expect(stripKeys(markdownToDocument('Hello world\n'))).toEqual({ object: 'document', data: {}, nodes: [paragraph(text('Hello world'))] });
  });

  it('marks bold, italic, strikethrough and code, nested, in one text node', () => {
    expect(blocks('a **b _c_** ~~d~~ `e`')).toEqual([
      paragraph({
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'a ', marks: [] },
          { object: 'leaf', text: 'b ', marks: [bold] },
          { object: 'leaf', text: 'c', marks: [bold, italic] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'd', marks: [{ object: 'mark', type: 'strikethrough' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'e', marks: [code] },
        ],
      }),
    ]);
  });

  it('shows a soft line break as a space and keeps a hard break as a line end', () => {
    expect(blocks('one\ntwo\\\nthree')).toEqual([paragraph(text('one two\nthree'))]);
  });

  it('reads formatting HTML as marks: sup, sub, kbd, strong, em', () => {
    const [block] = blocks('x<sup>2</sup> <kbd>Ctrl</kbd> <strong>b</strong> H<sub>2</sub>O') as [{ nodes: [{ leaves: { text: string; marks: { type: string }[] }[] }] }];
    expect(block.nodes[0].leaves.map((leaf) => [leaf.text, leaf.marks.map((mark) => mark.type)])).toEqual([
      ['x', []],
      ['2', ['superscript']],
      [' ', []],
      ['Ctrl', ['keyboard']],
      [' ', []],
      ['b', ['bold']],
      [' H', []],
      ['2', ['subscript']],
      ['O', []],
    ]);
  });

  it('maps colours to the palette, CSS names to the nearest one, and drops what it cannot hold', () => {
    const colours = (markdown: string) => (blocks(markdown)[0] as { nodes: [{ leaves: { marks: unknown[] }[] }] }).nodes[0].leaves[0]!.marks;
    expect(colours('<mark style="color:orange;background-color:purple;">x</mark>')).toEqual([{ object: 'mark', type: 'color', data: { text: 'orange', background: 'purple' } }]);
    expect(colours('<mark style="color:$primary;">x</mark>')).toEqual([{ object: 'mark', type: 'color', data: { text: '$primary', background: 'default' } }]);
    expect(colours('<mark style="color:teal;">x</mark>')).toEqual([{ object: 'mark', type: 'color', data: { text: 'cyan', background: 'default' } }]);
    expect(colours('<mark style="color:#ff0000;">x</mark>')).toEqual([]);
  });

  it('keeps unknown inline HTML out and its text in, and leaves comments out', () => {
    expect(blocks('a <span class="x">b</span> <!-- note --> c')).toEqual([paragraph(text('a b  c'))]);
  });
});

describe('links', () => {
  it('resolves links through the context, and keeps what it does not resolve as URLs', () => {
    expect(blocks('[Guide](guide.md) [Web](https://example.com) [Part](guide.md#setup) [Here](#top)', pages)).toEqual([
      paragraph(
        empty,
        { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'page:guide.md' } }, nodes: [text('Guide')] },
        text(' '),
        { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com' } }, nodes: [text('Web')] },
        text(' '),
        { object: 'inline', type: 'link', data: { ref: { kind: 'anchor', page: 'page:guide.md', anchor: 'setup' } }, nodes: [text('Part')] },
        text(' '),
        { object: 'inline', type: 'link', data: { ref: { kind: 'anchor', anchor: 'top' } }, nodes: [text('Here')] },
        empty,
      ),
    ]);
  });

  it('gives the target exactly as written to the context', () => {
    const seen: string[] = [];
    markdownToDocument('[a](<a b.md>) ![i](../.gitbook/assets/x%20y.png) <a href="c.md#d">c</a>', {
      resolveLink: (target) => (seen.push(`link ${target}`), undefined),
      resolveFile: (target) => (seen.push(`file ${target}`), undefined),
    });
    expect(seen).toEqual(['link a b.md', 'file ../.gitbook/assets/x%20y.png', 'link c.md#d']);
  });

  it('keeps marks inside links, and reads `<a href>` and reference links', () => {
    expect(blocks('[**b**][ref] <a href="guide.md">g</a>\n\n[ref]: https://example.com', pages)).toEqual([
      paragraph(
        empty,
        { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com' } }, nodes: [text('b', ['bold'])] },
        text(' '),
        { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'page:guide.md' } }, nodes: [text('g')] },
        empty,
      ),
    ]);
  });

  it('reads `[Title](page.md "mention")` as a mention', () => {
    expect(blocks('See [Guide](guide.md "mention").', pages)).toEqual([
      paragraph(text('See '), { object: 'inline', type: 'mention', data: { ref: { kind: 'page', page: 'page:guide.md' } }, isVoid: true }, text('.')),
    ]);
  });

  it('keeps only text and inline images in a link', () => {
    const [block] = blocks('[a $$x^2$$ ![i](i.png)](https://example.com)') as [{ nodes: [unknown, { nodes: unknown[] }] }];
    expect(block.nodes[1].nodes).toEqual([
      { object: 'text', leaves: [{ object: 'leaf', text: 'a ', marks: [] }, { object: 'leaf', text: 'x^2', marks: [code] }, { object: 'leaf', text: ' ', marks: [] }] },
      { object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: 'i.png' }, alt: 'i' }, isVoid: true },
      empty,
    ]);
  });
});

describe('headings', () => {
  it('maps ## to heading-1, ### to heading-2, #### and deeper to heading-3 (the # line is the title)', () => {
    const types = blocks('# A\n\n## B\n\n### C\n\n#### D\n\n##### E\n\n###### F').map((block) => (block as { type: string }).type);
    expect(types).toEqual(['heading-1', 'heading-1', 'heading-2', 'heading-3', 'heading-3', 'heading-3']);
  });

  it('gives each heading a unique URL id, and keeps an explicit anchor as its id', () => {
    expect(blocks('## Getting started\n\n## Getting started\n\n## Install <a href="#setup" id="setup"></a>')).toEqual([
      { object: 'block', type: 'heading-1', data: {}, meta: { id: 'getting-started' }, nodes: [text('Getting started')] },
      { object: 'block', type: 'heading-1', data: {}, meta: { id: 'getting-started-1' }, nodes: [text('Getting started')] },
      { object: 'block', type: 'heading-1', data: { id: 'setup' }, meta: { id: 'setup' }, nodes: [text('Install')] },
    ]);
  });
});

describe('lists and quotes', () => {
  it('maps bulleted, numbered (with start) and nested lists', () => {
    expect(blocks('3. a\n   * b')).toEqual([
      {
        object: 'block',
        type: 'list-ordered',
        data: { start: 3 },
        nodes: [
          {
            object: 'block',
            type: 'list-item',
            data: {},
            nodes: [paragraph(text('a')), { object: 'block', type: 'list-unordered', data: {}, nodes: [{ object: 'block', type: 'list-item', data: {}, nodes: [paragraph(text('b'))] }] }],
          },
        ],
      },
    ]);
  });

  it('maps task lists with their checkboxes', () => {
    expect(blocks('* [x] done\n* [ ] todo')).toEqual([
      {
        object: 'block',
        type: 'list-tasks',
        data: {},
        nodes: [
          { object: 'block', type: 'list-item', data: { checked: true }, nodes: [paragraph(text('done'))] },
          { object: 'block', type: 'list-item', data: { checked: false }, nodes: [paragraph(text('todo'))] },
        ],
      },
    ]);
  });

  it('maps quotes, and a divider', () => {
    expect(blocks('> a\n\n***')).toEqual([
      { object: 'block', type: 'blockquote', data: {}, nodes: [paragraph(text('a'))] },
      { object: 'block', type: 'divider', isVoid: true, data: {} },
    ]);
  });
});

describe('code and math', () => {
  it('maps a fenced block to code lines, with its syntax', () => {
    expect(blocks('```js\na()\n\nb()\n```')).toEqual([
      {
        object: 'block',
        type: 'code',
        data: { syntax: 'js' },
        nodes: ['a()', '', 'b()'].map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [text(line)] })),
      },
    ]);
  });

  it('takes the options of {% code %}', () => {
    const [block] = blocks('{% code title="index.js" overflow="wrap" lineNumbers="true" fullWidth="true" expandable="true" %}\n```javascript\nx\n```\n{% endcode %}');
    expect(block).toMatchObject({ type: 'code', data: { syntax: 'javascript', title: 'index.js', overflow: 'wrap', lineNumbers: true, fullWidth: true, expandable: true } });
  });

  it('maps block and inline math', () => {
    expect(blocks('$$\nE = mc^2\n$$\n\nSo $$a^2$$.')).toEqual([
      { object: 'block', type: 'math', isVoid: true, data: { formula: 'E = mc^2' } },
      paragraph(text('So '), { object: 'inline', type: 'inline-math', data: { formula: 'a^2' }, isVoid: true }, text('.')),
    ]);
  });
});

describe('GitBook blocks that hold blocks', () => {
  it('maps hints with their style and icon; an unknown style is info', () => {
    expect(blocks('{% hint style="warning" icon="fire" %}\nHot.\n{% endhint %}\n\n{% hint style="tip" %}\nT.\n{% endhint %}')).toEqual([
      { object: 'block', type: 'hint', data: { style: 'warning', icon: 'fire' }, nodes: [paragraph(text('Hot.'))] },
      { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [paragraph(text('T.'))] },
    ]);
  });

  it('maps tabs to tabs items with their titles', () => {
    expect(blocks('{% tabs %}\n{% tab title="Ruby" %}\nR\n{% endtab %}\n\n{% tab title="Go" icon="golang" %}\nG\n{% endtab %}\n{% endtabs %}')).toEqual([
      {
        object: 'block',
        type: 'tabs',
        data: {},
        nodes: [
          { object: 'block', type: 'tabs-item', data: { title: 'Ruby' }, nodes: [paragraph(text('R'))] },
          { object: 'block', type: 'tabs-item', data: { title: 'Go', icon: 'golang' }, nodes: [paragraph(text('G'))] },
        ],
      },
    ]);
  });

  it('maps <details> to an expandable with its title and body fragments', () => {
    expect(blocks('<details open>\n\n<summary>More <strong>info</strong></summary>\n\nHidden.\n\n</details>')).toEqual([
      {
        object: 'block',
        type: 'expandable',
        isVoid: true,
        data: { defaultExpanded: true },
        fragments: [
          { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 'More ', marks: [] }, { object: 'leaf', text: 'info', marks: [bold] }] })] },
          { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [paragraph(text('Hidden.'))] },
        ],
      },
    ]);
  });

  it('maps steppers, and columns with their width and alignment', () => {
    expect(blocks('{% stepper %}\n{% step %}\nOne\n{% endstep %}\n{% endstepper %}\n\n{% columns %}\n{% column width="50%" valign="middle" %}\nL\n{% endcolumn %}\n\n{% column %}\nR\n{% endcolumn %}\n{% endcolumns %}')).toEqual([
      { object: 'block', type: 'stepper', data: {}, nodes: [{ object: 'block', type: 'stepper-step', data: {}, nodes: [paragraph(text('One'))] }] },
      {
        object: 'block',
        type: 'columns',
        isVoid: false,
        data: {},
        nodes: [
          { object: 'block', type: 'column', data: { width: { unit: '%', value: 50 }, verticalAlignment: 'middle' }, nodes: [paragraph(text('L'))] },
          { object: 'block', type: 'column', data: {}, nodes: [paragraph(text('R'))] },
        ],
      },
    ]);
  });

  it('maps updates, their dates as date-times and their tags as tag refs', () => {
    expect(blocks('{% updates format="full" %}\n{% update date="2025-12-25" tags="release,holiday" %}\nSnow.\n{% endupdate %}\n{% endupdates %}')).toEqual([
      {
        object: 'block',
        type: 'updates',
        data: { format: 'full' },
        nodes: [
          {
            object: 'block',
            type: 'update',
            data: { date: '2025-12-25T00:00:00.000Z', tags: [{ kind: 'tag', tag: 'release' }, { kind: 'tag', tag: 'holiday' }] },
            nodes: [paragraph(text('Snow.'))],
          },
        ],
      },
    ]);
  });

  it('maps a condition to `if`, and its {% else %} to an `if` of the negated expression', () => {
    expect(blocks('{% if visitor.claims.pro %}\nPro.\n{% else %}\nFree.\n{% endif %}')).toEqual([
      { object: 'block', type: 'if', data: { expression: 'visitor.claims.pro' }, nodes: [paragraph(text('Pro.'))] },
      { object: 'block', type: 'if', data: { expression: '!(visitor.claims.pro)' }, nodes: [paragraph(text('Free.'))] },
    ]);
  });
});

describe('what a container does not accept', () => {
  it('turns a code block in a hint into a paragraph of code', () => {
    expect(blocks('{% hint style="info" %}\n```\na\nb\n```\n{% endhint %}')).toEqual([
      { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [paragraph(text('a\nb', ['code']))] },
    ]);
  });

  it('turns a table in a quote into a list of its rows', () => {
    expect(blocks('> | Name | Role |\n> | - | - |\n> | Ada | Math |')).toEqual([
      {
        object: 'block',
        type: 'blockquote',
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'list-unordered',
            data: {},
            nodes: [
              {
                object: 'block',
                type: 'list-item',
                data: {},
                nodes: [
                  paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 'Name: ', marks: [bold] }, { object: 'leaf', text: 'Ada', marks: [] }] }),
                  paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 'Role: ', marks: [bold] }, { object: 'leaf', text: 'Math', marks: [] }] }),
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('turns a stepper in a tab into a numbered list, and a nested condition into its content', () => {
    const [tabs] = blocks('{% tabs %}\n{% tab title="T" %}\n{% stepper %}\n{% step %}\nS\n{% endstep %}\n{% endstepper %}\n\n{% if x %}\nC\n{% endif %}\n{% endtab %}\n{% endtabs %}') as [{ nodes: [{ nodes: unknown[] }] }];
    expect(tabs.nodes[0].nodes).toEqual([
      { object: 'block', type: 'list-ordered', data: {}, nodes: [{ object: 'block', type: 'list-item', data: {}, nodes: [paragraph(text('S'))] }] },
      paragraph(text('C')),
    ]);
  });

  it('turns an embed in a quote into a link, and images in a hint into inline images with the caption after', () => {
    expect(blocks('> {% embed url="https://youtu.be/x" %}\n\n{% hint style="info" %}\n![Alt](a.png "Cap")\n{% endhint %}')).toEqual([
      { object: 'block', type: 'blockquote', data: {}, nodes: [paragraph(empty, { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://youtu.be/x' } }, nodes: [text('https://youtu.be/x')] }, empty)] },
      {
        object: 'block',
        type: 'hint',
        data: { style: 'info' },
        nodes: [paragraph(empty, { object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: 'a.png' }, alt: 'Alt' }, isVoid: true }, empty), paragraph(text('Cap'))],
      },
    ]);
  });
});

describe('tables and cards', () => {
  it('maps a GFM table to definitions (titles, alignments), records and cell fragments', () => {
    const [table] = blocks('| A | B |\n| :-: | --: |\n| <p>1</p><p>2</p> | **3** |');
    expect(table).toEqual({
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['column-1', 'column-2'], hideHeader: false },
        records: { 'record-1': { orderIndex: 'a0000', values: { 'column-1': 'record-1-column-1', 'column-2': 'record-1-column-2' } } },
        definition: {
          'column-1': { id: 'column-1', title: 'A', type: 'text', textAlignment: 'center' },
          'column-2': { id: 'column-2', title: 'B', type: 'text', textAlignment: 'right' },
        },
      },
      fragments: [
        { object: 'fragment', fragment: 'record-1-column-1', nodes: [paragraph(text('1')), paragraph(text('2'))] },
        { object: 'fragment', fragment: 'record-1-column-2', nodes: [paragraph(text('3', ['bold']))] },
      ],
    });
  });

  it('maps an HTML table, a header hidden when it is empty', () => {
    const [table] = blocks('<table><tbody><tr><td>x</td></tr></tbody></table>') as [{ data: { view: unknown }; fragments: unknown[] }];
    expect(table.data.view).toEqual({ type: 'grid', columns: ['column-1'], hideHeader: true });
    expect(table.fragments).toEqual([{ object: 'fragment', fragment: 'record-1-column-1', nodes: [paragraph(text('x'))] }]);
  });

  it('maps cards to the cards view, with their target and cover columns', () => {
    const markdown =
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead>' +
      '<tbody><tr><td><strong>Start</strong></td><td><a href="start.md">start.md</a></td><td><a href=".gitbook/assets/cover.png">cover.png</a></td></tr></tbody></table>';
    const [table] = blocks(markdown, pages) as [{ data: Record<string, unknown>; fragments: unknown[] }];
    expect(table.data.view).toEqual({ type: 'cards', cardSize: 'medium', columns: ['column-1'], targetDefinition: 'column-2', coverDefinition: 'column-3' });
    expect(table.data.definition).toEqual({
      'column-1': { id: 'column-1', title: '', type: 'text', textAlignment: 'left' },
      'column-2': { id: 'column-2', title: '', type: 'content-ref' },
      'column-3': { id: 'column-3', title: '', type: 'files' },
    });
    expect(table.data.records).toEqual({
      'record-1': { orderIndex: 'a0000', values: { 'column-1': 'record-1-column-1', 'column-2': { kind: 'page', page: 'page:start.md' }, 'column-3': ['file:cover.png'] } },
    });
    expect(table.fragments).toEqual([{ object: 'fragment', fragment: 'record-1-column-1', nodes: [paragraph(text('Start', ['bold']))] }]);
  });

  it('makes a cover that is not a file of the space an image column, and a target that is not a link a text column', () => {
    const markdown =
      '<table data-view="cards"><thead><tr><th>T</th><th data-card-target data-type="content-ref">L</th><th data-card-cover data-type="files"></th></tr></thead>' +
      '<tbody><tr><td>a</td><td>no link</td><td><a href="https://img.example/c.png">c</a></td></tr></tbody></table>';
    const [table] = blocks(markdown) as [{ data: { view: Record<string, unknown>; definition: Record<string, { type: string }>; records: Record<string, { values: unknown }> } }];
    expect(table.data.definition['column-2']!.type).toBe('text');
    expect(table.data.definition['column-3']!.type).toBe('image');
    expect(table.data.view.targetDefinition).toBeUndefined();
    expect(table.data.records['record-1']!.values).toMatchObject({ 'column-3': { ref: { kind: 'url', url: 'https://img.example/c.png' } } });
  });
});

describe('images, files and references', () => {
  it('maps a figure to images with its caption, size and file', () => {
    expect(blocks('<figure><img src=".gitbook/assets/a.png" alt="Alt" width="375"><figcaption><p>The <em>caption</em></p></figcaption></figure>', pages)).toEqual([
      {
        object: 'block',
        type: 'images',
        isVoid: false,
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'image',
            isVoid: true,
            data: { ref: { kind: 'file', file: 'file:a.png' }, alt: 'Alt', width: 375 },
            fragments: [
              {
                object: 'fragment',
                fragment: 'caption',
                type: 'caption',
                nodes: [paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 'The ', marks: [] }, { object: 'leaf', text: 'caption', marks: [italic] }] })],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('maps an image alone in its paragraph to a block image, and an image among text to an inline image', () => {
    const [alone, among] = blocks('![Alt](a.png "Caption")\n\nSee ![i](b.png) and <img src="c.png" alt="C" data-size="line">.') as [unknown, { nodes: unknown[] }];
    expect(alone).toMatchObject({ type: 'images', nodes: [{ type: 'image', data: { ref: { kind: 'url', url: 'a.png' }, alt: 'Alt' }, fragments: [{ fragment: 'caption', nodes: [paragraph(text('Caption'))] }] }] });
    expect(among.nodes.filter((node) => (node as { object: string }).object === 'inline')).toEqual([
      { object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: 'b.png' }, alt: 'i' }, isVoid: true },
      { object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: 'c.png' }, alt: 'C', size: 'line' }, isVoid: true },
    ]);
  });

  it('maps files, their caption after them; a file out of the space is a link', () => {
    expect(blocks('{% file src="../.gitbook/assets/report.pdf" %}\nThe report.\n{% endfile %}\n\n{% file src="https://example.com/x.pdf" %}\n{% endfile %}', pages)).toEqual([
      { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: 'file:report.pdf' } } },
      paragraph(text('The report.')),
      paragraph(empty, { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com/x.pdf' } }, nodes: [text('x.pdf')] }, empty),
    ]);
  });

  it('maps drawings to drawing blocks with their file', () => {
    expect(blocks('<img src=".gitbook/assets/d.drawing.svg" alt="D" class="gitbook-drawing">', pages)).toEqual([
      { object: 'block', type: 'drawing', isVoid: true, data: { ref: { kind: 'file', file: 'file:d.drawing.svg' } } },
    ]);
  });

  it('maps embeds, with their caption after them', () => {
    expect(blocks('{% embed url="https://youtu.be/x" %}\nMusic\n{% endembed %}')).toEqual([
      { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://youtu.be/x' } },
      paragraph(text('Music')),
    ]);
  });

  it('maps content-ref and the legacy page-ref to content-ref blocks', () => {
    expect(blocks('{% content-ref url="lists.md" %}\n[lists.md](lists.md)\n{% endcontent-ref %}\n\n{% page-ref page="emoji.md" %}', pages)).toEqual([
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: 'page:lists.md' } } },
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: 'page:emoji.md' } } },
    ]);
  });

  it('maps includes to reusable-content; one the context does not know is a link to its file', () => {
    expect(blocks('{% include "../.gitbook/includes/x.md" %}\n\n{% include "elsewhere.md" %}', pages)).toEqual([
      { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'rc:x.md' } } },
      paragraph(empty, { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'elsewhere.md' } }, nodes: [text('elsewhere.md')] }, empty),
    ]);
  });
});

describe('OpenAPI, integrations, buttons and icons', () => {
  it('maps the OpenAPI family', () => {
    const markdown = [
      '{% openapi src="https://x.io/openapi.json" path="/pet" method="put" %}\n[https://x.io/openapi.json](https://x.io/openapi.json)\n{% endopenapi %}',
      '{% openapi-operation spec="petstore" path="/pet" method="post" %}\n[OpenAPI petstore](https://x.io)\n{% endopenapi-operation %}',
      '{% openapi-schemas spec="petstore" schemas="Pet,Order" grouped="true" %}\n[OpenAPI petstore](https://x.io)\n{% endopenapi-schemas %}',
      '{% openapi-webhook spec="petstore" name="newPet" method="post" %}\n[OpenAPI petstore](https://x.io)\n{% endopenapi-webhook %}',
    ].join('\n\n');
    expect(blocks(markdown)).toEqual([
      { object: 'block', type: 'swagger', isVoid: true, data: { ref: { kind: 'url', url: 'https://x.io/openapi.json' }, path: '/pet', method: 'put' } },
      { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pet', method: 'post' } },
      { object: 'block', type: 'openapi-schemas', isVoid: true, data: { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet', 'Order'], grouped: true } },
      { object: 'block', type: 'openapi-webhook', isVoid: true, data: { ref: { kind: 'openapi', spec: 'petstore' }, name: 'newPet', method: 'post' } },
    ]);
  });

  it('maps a hand-written {% swagger %} block to an expandable titled with its method and path', () => {
    const [block] = blocks(
      '{% swagger baseUrl="https://api.x" path="/v1/pets" method="get" summary="List pets" %}\n{% swagger-description %}\nAll pets.\n{% endswagger-description %}\n\n{% swagger-parameter in="query" name="limit" type="integer" %}\nHow many.\n{% endswagger-parameter %}\n\n{% swagger-response status="200" description="OK" %}\n```json\n[]\n```\n{% endswagger-response %}\n{% endswagger %}',
    ) as [{ type: string; fragments: { nodes: unknown[] }[] }];
    expect(block.type).toBe('expandable');
    expect(documentText(block.fragments[0] as never)).toBe('GET https://api.x/v1/pets List pets');
    expect(documentText(block.fragments[1] as never)).toBe('All pets.\nParameters\nlimit (query, integer)\nHow many.\n200: OK\n[]');
  });

  it('maps integration blocks with their props', () => {
    expect(blocks('{% @mermaid/diagram content="graph TD\n  A-->B" %}\n\n{% @figma/embed fileId="abc" %}')).toEqual([
      { object: 'block', type: 'integration', isVoid: true, data: { integration: 'mermaid', block: 'diagram', props: { content: 'graph TD\n  A-->B' } } },
      { object: 'block', type: 'integration', isVoid: true, data: { integration: 'figma', block: 'embed', props: { fileId: 'abc' } } },
    ]);
  });

  it('maps buttons and icons', () => {
    expect(blocks('<a href="guide.md" class="button secondary" data-icon="book">Read the **docs**</a> <i class="fa-github">:github:</i>', pages)).toEqual([
      paragraph(
        empty,
        { object: 'inline', type: 'button', data: { label: 'Read the docs', kind: 'secondary', icon: 'book', ref: { kind: 'page', page: 'page:guide.md' } }, isVoid: true },
        text(' '),
        { object: 'inline', type: 'icon', data: { icon: 'github' }, isVoid: true },
        empty,
      ),
    ]);
  });
});

describe('HTML and unknown Liquid tags', () => {
  it('maps HTML blocks to the blocks they hold', () => {
    expect(blocks('<div align="center">\n<h2>Title</h2>\n<p>Text <b>bold</b></p>\n<hr>\n<pre><code class="language-sh">ls\n</code></pre>\n</div>')).toEqual([
      { object: 'block', type: 'heading-1', data: {}, meta: { id: 'title' }, nodes: [text('Title')] },
      paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 'Text ', marks: [] }, { object: 'leaf', text: 'bold', marks: [bold] }] }),
      { object: 'block', type: 'divider', isVoid: true, data: {} },
      { object: 'block', type: 'code', data: { syntax: 'sh' }, nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [text('ls')] }] },
    ]);
  });

  it('keeps unknown Liquid tags as the text written', () => {
    expect(blocks('{% raw %}\nRaw.\n{% endraw %}\n\n{% unknown key="v" %}')).toEqual([
      paragraph(text('{% raw %}')),
      paragraph(text('Raw.')),
      paragraph(text('{% endraw %}')),
      paragraph(text('{% unknown key="v" %}')),
    ]);
  });

  it('reads footnotes as superscript labels', () => {
    expect(blocks('A[^1].\n\n[^1]: Note.')).toEqual([
      paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 'A', marks: [] }, { object: 'leaf', text: '[1]', marks: [{ object: 'mark', type: 'superscript' }] }, { object: 'leaf', text: '.', marks: [] }] }),
      paragraph({ object: 'text', leaves: [{ object: 'leaf', text: '[1] ', marks: [{ object: 'mark', type: 'superscript' }] }, { object: 'leaf', text: 'Note.', marks: [] }] }),
    ]);
  });
});

describe('keys', () => {
  const keyed = (document: JSONDocument): string[] => {
    const keys: string[] = [];
    JSON.stringify(document, (name, value: unknown) => {
      if (name === 'key') keys.push(value as string);
      return value;
    });
    return keys;
  };

  it('gives every block, inline, text and fragment a key, unique in the document', () => {
    const document = markdownToDocument('## A\n\nSame\n\nSame\n\n* [x](y)\n\n| a |\n| - |\n| b |');
    const keys = keyed(document);
    const nodes = JSON.stringify(document).match(/"object":"(block|inline|text|fragment)"/g) ?? [];
    expect(keys.length).toBe(nodes.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the same keys to the same Markdown, and keeps the keys of what an edit does not touch', () => {
    const before = markdownToDocument('First.\n\nSecond.\n\nThird.');
    expect(markdownToDocument('First.\n\nSecond.\n\nThird.')).toEqual(before);
    const after = markdownToDocument('First.\n\nSecond, edited.\n\nThird.');
    expect(after.nodes[0]!.key).toBe(before.nodes[0]!.key);
    expect(after.nodes[2]!.key).toBe(before.nodes[2]!.key);
    expect(after.nodes[1]!.key).not.toBe(before.nodes[1]!.key);
  });
});
