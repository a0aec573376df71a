import fc from 'fast-check';
import type { Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { simpleHtmlFragment } from './simple-html-fragment.ts';

/** What parse5 gives (through hast-util-from-html, as htmlFragment and htmlTable call it), without positions. */
function parsed(html: string): unknown {
  return withoutPositions(fromHtml(html, { fragment: true }).children);
}

function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'position').map(([key, inner]) => [key, withoutPositions(inner)]));
}

/** Reads `html` simply, and checks the answer is parse5's; true when it was read, false when left to parse5. */
function readsLikeParse5(html: string): boolean {
  const simple = simpleHtmlFragment(html);
  if (simple !== undefined) expect(simple, html).toEqual(parsed(html));
  return simple !== undefined;
}

describe('simpleHtmlFragment', () => {
  it('reads the card tables and HTML tables pages hold as parse5 does', () => {
    const cards =
      '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Role sidebar</strong></td><td>Draft revision **review**.</td><td><a href="../page-78.md">page-78.md</a></td></tr></tbody></table>';
    const table = '<table>\n  <tr>\n    <th align="left">Name</th><th colspan=2>Type</th>\n  </tr>\n  <tr><td>a &amp; b</td><td><code>x &lt; y</code></td><td>&#x2014;&nbsp;&copy;</td></tr>\n</table><hr>';
    for (const html of [cards, table, '<strong>Tip</strong> & more', '<p>One <em>two</em><br/>three</p>', '<img src="a.png" alt="A &quot;quoted&quot; alt"><figcaption>x</figcaption>']) {
      expect(readsLikeParse5(html), html).toBe(true);
    }
  });

  it('gives the tbody parse5 makes for rows straight in a table, and closes it with the table', () => {
    const [table] = simpleHtmlFragment('<table><tr><td>1</td></tr><tr><td>2</td></tr></table>')!;
    expect(table).toMatchObject({ tagName: 'table', children: [{ tagName: 'tbody', children: [{ tagName: 'tr' }, { tagName: 'tr' }] }] });
    expect(readsLikeParse5('<table>\n<tr><td>1</td></tr>\n</table>')).toBe(true);
  });

  it('keeps the first of two attributes of one name, and drops names Object.prototype has, as hast-util-from-parse5 does', () => {
    expect(readsLikeParse5('<span title="first" TITLE="second" constructor="x" class="a  b">t</span>')).toBe(true);
    expect(simpleHtmlFragment('<span title="first" title="second">t</span>')).toMatchObject([{ properties: { title: 'first' } }]);
  });

  it('leaves to parse5 what it would rebuild, move, rename or read differently', () => {
    const leftToParse5 = [
      '<p>one<p>two', // the second paragraph closes the first
      '<p><div>x</div></p>', // a block closes the paragraph
      '<ul><li>a<li>b</ul>', // an item closes the item before it
      '<h1><h2>x</h2></h1>', // a heading closes the heading it is in
      '<a href="a"><a href="b">x</a></a>', // nested links
      '<b><i>x</b></i>', // misnested formatting
      '<table>text<tr><td>x</td></tr></table>', // text moved out of the table
      '<table><td>x</td></table>', // a cell outside a row
      '<tr><td>x</td></tr>', // a row outside a table
      '<table><tbody><tr><td>x</td></tr></table>', // a tbody closed by the table's end
      '</p>', // an end tag with nothing to close
      '<!-- note -->x', // a comment
      '<div/>', // a self-closed element that is not void
      '<pre>\ncode</pre>', // an element whose first newline parse5 drops
      '<svg><path d="M0"/></svg>', // foreign content
      'AT&T', // a reference parse5 reads without its semicolon
      '&copy2024', // the same
      '&unknown;', // an unknown name
      '&#128;', // a C1 control parse5 remaps
      '&#0;', // NUL
      'a\r\nb', // CR, which parse5 turns into LF
      'a\0b', // NUL
      '<span title="x"class="y">z</span>', // attributes without white space between them
      '<span title=a"b>z</span>', // a quote in an unquoted value
      '<span title="open>z</span>', // an unclosed value
      'a < b', // a lone less-than sign
    ];
    for (const html of leftToParse5) expect(simpleHtmlFragment(html), html).toBeUndefined();
  });

  it('reads a lone ampersand before white space, a quote, `<` or the end as itself', () => {
    for (const html of ['Terms & conditions', 'a &<b>x</b>', '<a title="R&">x</a>', "<a title='&\"'>x</a>", 'end &']) expect(readsLikeParse5(html), html).toBe(true);
  });

  // Markup this reader must read (and read as parse5 does): properly nested known elements in the places they go.
  const attribute = fc
    .tuple(
      fc.constantFrom('class', 'title', 'data-x', 'id', 'href', 'colspan', 'hidden', 'ALIGN', 'style', 'aria-label', 'data-card-target'),
      fc.constantFrom('', 'a b', 'x &amp; y', '2', 'caf\u00e9', '&lt;tag&gt;', '\u{1F600}', 'a\tb', '&#x27;', 'one  two '),
      fc.constantFrom('"', "'", ''),
    )
    .map(([name, value, quote]) => (quote === '' && /^[^ \t\n"'<>=`&]+$/.test(value) ? ` ${name}=${value}` : value === '' && quote === '' ? ` ${name}` : ` ${name}=${quote || '"'}${value}${quote || '"'}`));
  const attributes = fc.array(attribute, { maxLength: 3 }).map((list) => list.join(''));
  const text = fc.constantFrom('plain', 'a &amp; b', ' spaced  out ', '\n', 'caf\u00e9 \u00a0 \u{1F600}', '&#169; &#xA9; &copy;', 'x > y', 'Q & A', '"quoted"', 'ÿ&mdash;z');
  const voidElement = fc.tuple(fc.constantFrom('br', 'img', 'wbr'), attributes, fc.constantFrom('', '/')).map(([tag, attrs, slash]) => `<${tag}${attrs}${slash}>`);
  const wrap = ([tag, attrs, children]: [string, string, unknown[]]) => `<${tag}${attrs}>${children.join('')}</${tag}>`;
  const phrasing = ['strong', 'em', 'code', 'span', 'EM', 'sub', 'mark'];
  // Links do not nest (parse5 splits them): a link holds link-free phrasing.
  const { inline } = fc.letrec((tie) => ({
    inline: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      fc.tuple(fc.constantFrom(...phrasing), attributes, fc.array(tie('inline'), { maxLength: 3 })).map(wrap),
      fc.tuple(fc.constant('a'), attributes, fc.array(tie('linkFree'), { maxLength: 3 })).map(wrap),
      voidElement,
    ),
    linkFree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, fc.tuple(fc.constantFrom(...phrasing), attributes, fc.array(tie('linkFree'), { maxLength: 3 })).map(wrap), voidElement),
  }));
  const inlines = fc.array(inline, { maxLength: 4 }).map((list) => list.join(''));
  const cell = fc.tuple(fc.constantFrom('td', 'th'), attributes, inlines).map(([tag, attrs, body]) => `<${tag}${attrs}>${body}</${tag}>`);
  const space = fc.constantFrom('', '\n', '  ', '\n\t');
  const row = fc.tuple(attributes, fc.array(cell, { minLength: 1, maxLength: 3 }), space).map(([attrs, cells, ws]) => `<tr${attrs}>${ws}${cells.join(ws)}${ws}</tr>`);
  const table = fc
    .tuple(attributes, fc.array(row, { minLength: 1, maxLength: 3 }), fc.constantFrom('none', 'thead', 'tbody', 'both'), space)
    .map(([attrs, rows, sections, ws]) => {
      const body = rows.join(ws);
      const content = sections === 'none' ? body : sections === 'thead' ? `<thead>${body}</thead>` : sections === 'tbody' ? `<tbody>${body}</tbody>` : `<thead>${rows[0]}</thead>${ws}<tbody>${body}</tbody>`;
      return `<table${attrs}>${ws}${content}${ws}</table>`;
    });
  const block = fc.oneof(
    inline,
    table,
    fc.tuple(fc.constantFrom('p', 'div', 'blockquote', 'h2', 'figcaption'), attributes, inlines).map(([tag, attrs, body]) => `<${tag}${attrs}>${body}</${tag}>`),
    fc.tuple(fc.constantFrom('ul', 'ol'), fc.array(inlines, { minLength: 1, maxLength: 3 })).map(([tag, items]) => `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`),
    fc.tuple(fc.constantFrom('div', 'figure', 'details'), fc.array(table, { maxLength: 1 }), inlines).map(([tag, tables, body]) => `<${tag}>${tables.join('')}${body}</${tag}>`),
  );
  const simpleMarkup = fc.array(block, { maxLength: 4 }).map((list) => list.join(''));

  it('reads every properly nested fragment of known elements, as parse5 does (property)', () => {
    fc.assert(
      fc.property(simpleMarkup, (html) => {
        expect(readsLikeParse5(html), html).toBe(true);
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 400) },
    );
  });

  it('never reads a fragment differently from parse5, whatever it holds (property)', () => {
    // Pieces of well-formed and broken markup, glued at random: each read is either left to parse5 or the same.
    const piece = fc.oneof(
      simpleMarkup,
      fc.constantFrom('<p>', '</p>', '<li>', '</li>', '<table>', '</table>', '<tr>', '</tr>', '<td>', '</td>', '<tbody>', '<a href=x>', '</a>', '<b>', '</b>', '<h1>', '<hr>', '<br>', '</br>', '<!--c-->', '<svg>', '<pre>', '<div/>', '<img/>', '<span a=b c="d">', '</span>', '<x-y>', '<image>'),
      fc.constantFrom('&', '&amp', '&amp;', '&AMP;', '&notin;', '&notit;', '&#65;', '&#x110000;', '&#xD800;', '&#128;', '&#10;', '&', '<', '>', ' ', '\n', '\u00a0', '\r', '\0', '\f', '\uD800', '"', "'", '=', 'Q&A'),
      fc.string({ maxLength: 6 }),
    );
    let read = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        if (readsLikeParse5(pieces.join(''))) read++;
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 2000) },
    );
    // Not a property that holds by leaving everything to parse5: a good share is read here.
    expect(read).toBeGreaterThan(200);
  });

  it('builds the nodes hastscript builds (property values parsed by property-information)', () => {
    const [span] = simpleHtmlFragment('<span hidden class="a b" data-card-target>x</span>')! as Nodes[];
    expect(span).toMatchObject({ type: 'element', tagName: 'span', properties: { className: ['a', 'b'], hidden: true, dataCardTarget: '' }, children: [{ type: 'text', value: 'x' }] });
  });
});
