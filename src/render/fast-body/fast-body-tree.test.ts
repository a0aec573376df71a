// The differential test of the fast body path: wherever it takes a page, it must give exactly what the full path
// (micromark, mdast-util-to-hast, the sanitizer) gives: the same HTML, search text, outline, used files and broken
// links. Inputs: every Markdown fixture, the golden corpus, the fixture repositories, the bench generator's pages,
// hand-picked edge cases, and generated pages made of what the fast path reads (and some of what it must refuse).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Element, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateRepository } from '../../../bench/format/generate-repository.ts';
import { pageBody, realPages } from '../../../test/support/real-pages.ts';
import { markdownPage } from '../../markdown/markdown-generators.fixture.ts';
import { expressionScope, type JsonObject } from '../adaptive/index.ts';
import { createBodyContext, type BodyContext, type IntegrationBlockScope, type OpenAPIScope } from '../body/body-context.ts';
import { integrationBlockKey } from '../integrations/integration-block-reference.ts';
import { bodySpace } from '../body/body-space.fixture.ts';
import type { OpenAPIDocument } from '../openapi/document.ts';
import { bodyHtml } from '../body/body-html.ts';
import { hastText } from '../body/node-text.ts';
import { renderBody, renderBodyHtml } from '../body/render-body.ts';
import { resolveLinks } from '../body/resolve-links.ts';
import { bodySchema } from '../body/sanitize-schema.ts';
import { fastBodyTree } from './fast-body-tree.ts';

const space = bodySpace({
  '.gitbook/includes/support.md': 'Ask [the guides](../../guides/README.md).\n\n## Support\n\n{% include "loop.md" %}\n',
  '.gitbook/includes/loop.md': '{% include "support.md" %}\n\nSee ![cover](../assets/cover.png).\n',
  '.gitbook/includes/plain.md': '* one\n* [two](../../guides/writing.md)\n',
  '.gitbook/includes/blocks.md': '{% content-ref url="../../guides/writing.md" %}\n[writing](../../guides/writing.md)\n{% endcontent-ref %}\n\n{% content-ref url="nowhere.md" %}\n[Nowhere](nowhere.md)\n{% endcontent-ref %}\n\n{% tabs %}\n{% tab title="T" %}\n[w](../../guides/writing.md)\n{% endtab %}\n{% endtabs %}\n',
});

/** A card table as GitBook writes it: a first text column, then the columns given, one row of cells each. */
function cardTable(columns: string[], rows: string[][]): string {
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<table data-view="cards"><thead><tr><th></th>${columns.join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

interface Outcome {
  fast: boolean;
}

/** A copy of `tree` without `left` (and what they hold): the part of a fast tree made of Quire's own elements. */
function withoutElements(tree: Root, left: ReadonlySet<Element>): Root {
  const copy = <Node extends Root | Element>(node: Node): Node => ({
    ...node,
    children: node.children.filter((child) => !(child.type === 'element' && left.has(child))).map((child) => (child.type === 'element' ? copy(child) : child)),
  });
  return copy(tree);
}

/** Renders `markdown` both ways; when the fast path takes it, everything must be equal. */
function compare(markdown: string, options: { source?: string; prefix?: string; target?: 'self' | 'blank'; bodySpace?: BodyContext['space']; claims?: JsonObject; integrationBlocks?: IntegrationBlockScope; openapi?: OpenAPIScope } = {}): Outcome {
  const source = options.source ?? 'guides/README.md';
  const prefix = options.prefix ?? '../';
  const target = options.target ?? 'self';
  const bodySpace = options.bodySpace ?? space;
  const scope = expressionScope({ claims: options.claims ?? { plan: 'pro' }, spaceVariables: { product: 'Quire' }, pageVariables: {} });
  const blocks = { ...(options.integrationBlocks ? { integrationBlocks: options.integrationBlocks } : {}), ...(options.openapi ? { openapi: options.openapi } : {}) };
  const fullContext = createBodyContext(bodySpace, source, target, { scope, ...blocks });
  const full = renderBody(markdown, fullContext, prefix, { fast: false });
  // The body serializer writes what hast-util-to-html writes, for every tree the full path makes too.
  expect(bodyHtml(full)).toBe(toHtml(full));
  // What the export writes of a body (its last passes in one walk) is what the full path gives, whichever path it takes.
  const writeContext = createBodyContext(bodySpace, source, target, { scope, ...blocks });
  const written = renderBodyHtml(markdown, writeContext, prefix);
  expect(written.html, markdown).toBe(toHtml(full));
  expect(written.text).toBe(hastText(full));
  expect(writeContext.outline).toEqual(fullContext.outline);
  expect([...writeContext.usedFiles]).toEqual([...fullContext.usedFiles]);
  expect(writeContext.broken).toEqual(fullContext.broken);
  expect(writeContext.warnings).toEqual(fullContext.warnings);
  expect(writeContext.icons.missing).toEqual(fullContext.icons.missing);
  const probeContext = createBodyContext(bodySpace, source, target, { scope, ...blocks });
  const body = fastBodyTree(markdown, probeContext);
  if (body === undefined) {
    expect(probeContext.outline).toEqual([]);
    expect(probeContext.ids.size).toBe(0);
    expect(probeContext.broken).toEqual([]);
    expect(probeContext.warnings).toEqual([]);
    expect(probeContext.openapiContexts).toBeUndefined();
    return { fast: false };
  }
  // The sanitizer sees only what HTML or outside data made: the rest of the tree has nothing it would change.
  resolveLinks(body.tree, probeContext, prefix);
  const own = withoutElements(body.tree, new Set(body.unsafe));
  expect(toHtml(sanitize(structuredClone(own), bodySchema) as Root)).toBe(toHtml(own));
  // renderBody takes the fast path for this page: what it gives must be what the full path gives.
  const fastContext = createBodyContext(bodySpace, source, target, { scope, ...blocks });
  const tree = renderBody(markdown, fastContext, prefix);
  expect(bodyHtml(tree), markdown).toBe(toHtml(full));
  expect(hastText(tree)).toBe(hastText(full));
  expect(fastContext.outline).toEqual(fullContext.outline);
  expect([...fastContext.usedFiles]).toEqual([...fullContext.usedFiles]);
  expect(fastContext.broken).toEqual(fullContext.broken);
  expect(fastContext.warnings).toEqual(fullContext.warnings);
  return { fast: true };
}

describe('fast body path: the same output as the full path', () => {
  it('every Markdown fixture, corpus page and fixture repository page', () => {
    const inputs = realPages();
    const taken = inputs.filter((input) => compare(input.body).fast).map((input) => input.name);
    // The fast path must keep taking the pages it reads (a change that sends everything the full way is a regression).
    expect(inputs.length).toBeGreaterThan(90);
    expect(taken.length).toBeGreaterThanOrEqual(40);
    expect(taken).toContain('fixtures/markdown/hint/styles/input.md');
    expect(taken).toEqual(expect.arrayContaining(['fixtures/markdown/commonmark/non-canonical/input.md', 'fixtures/markdown/code/options/input.md', 'fixtures/markdown/figure/canonical/input.md', 'fixtures/markdown/include/canonical/input.md']));
    // Each block family the fast path reads, held to the full path on its fixtures (issue 17).
    expect(taken).toEqual(
      expect.arrayContaining([
        'fixtures/markdown/tabs/canonical/input.md',
        'fixtures/markdown/stepper/canonical/input.md',
        'fixtures/markdown/columns/canonical/input.md',
        'fixtures/markdown/content-ref/content-ref/input.md',
        'fixtures/markdown/details/canonical/input.md',
        'fixtures/markdown/details/compact/input.md',
        'fixtures/markdown/embed/void-and-caption/input.md',
        'fixtures/markdown/updates/canonical/input.md',
        'fixtures/markdown/file/caption/input.md',
        'fixtures/markdown/cards/canonical/input.md',
        'fixtures/markdown/cards/plain-table/input.md',
        'fixtures/markdown/html-before-tag/table-endstep/input.md',
        'fixtures/markdown/html-before-tag/table-endhint/input.md',
        'fixtures/markdown/openapi/openapi-family/input.md',
      ]),
    );
  });

  it("every page of bench/format's generated repository takes the fast path", () => {
    const generated = generateRepository(300);
    const decoder = new TextDecoder();
    const includes = Object.fromEntries([...generated].filter(([path]) => path.startsWith('.gitbook/includes/')).map(([path, bytes]) => [path, decoder.decode(bytes)]));
    const bodySpace = { ...space, includes: { ...space.includes, ...includes } };
    let pages = 0;
    for (const [path, bytes] of generated) {
      if (!path.endsWith('.md') || path.endsWith('SUMMARY.md') || path.startsWith('.gitbook/')) continue;
      pages++;
      expect(compare(pageBody(decoder.decode(bytes)), { source: path, bodySpace }).fast, path).toBe(true);
    }
    expect(pages).toBeGreaterThan(250);
  });

  const cases: Record<string, string> = {
    'tight and loose lists': '* a\n* b\n\n* c\n\n1. x\n2. y\n\n3) z\n\n* one\n\n  two\n* three\n',
    'nested lists, start numbers': '3. a\n   * b\n     * c\n4. d\n\n- [link](writing.md)\n- `code`\n',
    'list items with code and quotes': '* a\n\n  ```js\n  x\n  ```\n* > q\n* \n',
    'lazy continuation and interruptions': '> a\nb\n\n* c\nd\n\npara\n# heading\npara\n***\n',
    'emphasis edge cases': '*a **b** c* __d__ _e_f_ **g*h** *i*j* foo*bar* ***k*** `*no*`\n',
    'escapes and entities': '\\*x\\* \\# &copy; &#35; &#x26; &amp; \\[y\\] a\\\nb  \nc\n',
    // markdown-it pairs these otherwise than micromark: the fast path leaves them to the full path.
    'emphasis around an escaped marker': '1.*\\**s**\n\n._\\__s__\n\na.*\\*\\**s**\n\n.**\\***s***\n',
    // Found by the OpenAPI descriptions' property test (src/render/openapi/fast-description.test.ts): each is read
    // otherwise by markdown-it than by micromark, and left to the full path.
    'emphasis markers left unmatched': '**"* a**s**\n',
    'a backslash and a line ending in a link destination': '[](\\\n)\n',
    'code spans with spaces at their ends after a hard break': 'a\\\n`` ``\n\nx\\\n` a`\n',
    'a delimiter row without pipes': '\\\n-:\n',
    // Found by generating pages of list and quote markers, indentation and fences: each is read otherwise by
    // markdown-it than by micromark, and left to the full path.
    'quote markers indented four columns or more': '   #1.\n\n>\n     >\n\n>b\n  b\n    >2)b\n\n   \n>  #\n      >```#\n',
    'list markers followed by five columns of white space': '\nb\n>2)      a**aa\n\n    #\n2)        ```   \n',
    'list markers followed by five columns of white space, after another marker': '2)#\n-  2)     ```*\n',
    'lists micromark reads as text under a line of text': 'b1.\n>2)    1.#  1.\n\na1.\n*  >2)\n\na\n> -  2) >\n\n#\nb\na\n1.  >1.\n\n  b\n-    >   2)   \n',
    'an ordered list under indented code': '    a\n2)  a\n\n2)b  #\n',
    'fences left open in a quote or a list item': '>```1. \n>   #\n   >\n\n*   ```-2)\n\n\na\n\n- ```\n\n\n```\nb\n',
    'indented code under an empty quote': '>\n     a\n      2)a>\n',
    'list items that start empty': 'a\n>-\n\n     #\n*\n\n    b1.\n2)\n',
    'lines of white space alone, at the end of code': '#2)\n1.  ```\n\n \n#b\n\n      >```   \n      \n',
    'indented code right under a list item': '2)    a\n    #\n',
    'indented code after a list and a blank line': '100. x\n\n    b\n    a\n',
    'indented code right after a quote': '>****\n      a\n      a\n',
    'a tab at the end of a line': 'a\t\nb\n\n`a`\t\nb\n',
    'a tab before a hard break': 'a\t  \nb\n',
    'lists micromark reads as text after indented code and blank lines': '    a\n\n2)    a\n\n      #\n\n>2) a\n\n    a\n\n* > *\n',
    'lists micromark reads as text under a line of text, in a list item': '1. a\n      1.   >1.\n',
    'a tab after a quote marker': '   > >\t    a\n',
    'runs of three emphasis markers beside other runs': '***a*a*a*\n\n****b***a*\n\n**b***a**a***b**\n',
    'code spans across a lazy line': '* ``#\n a``\n\n1. a\n      - ``#\n    a``\n\n* > ``#\n   a``\n',
    'a delimiter row under a line without a pipe': '2)   a\n      -|\n\na\n|-|\n',
    'quote markers followed by five spaces alone': '>     #\n>       \n',
    // What the checks above must not take from the fast path.
    'code spans across lines, runs of three emphasis markers': '* a `code\n  span` b\n\n> a `code\n> span` b\n\n***both*** and ***again***\n\n| a | b |\n|-|-|\n| 1 | 2 |\n',
    'links and images': '[a](writing.md "T") [b](./writing.md#part) [c](<a b.md>) [d](#top) [e](https://x.org/y?z=1) ![i](../.gitbook/assets/cover.png "C") ![j](missing.png) [k](javascript:alert(1)) [l](/abs) <https://auto.example/x> [m](README.md) [n](../README.md)\n',
    'headings with the same text': '## Setup\n\n## Setup\n\n### `code` and *em*\n\n#### ![img](x.png) pic\n\n##### Five\n\nSetext\n---\n',
    'tables with alignment': '| a | b | c |\n| :- | :-: | -: |\n| 1 | **2** | `3` |\n| 4 |\n\n| only |\n| --- |\n',
    'code blocks': '```js title\nlet x = 1;\n\n```\n\n    indented\n    code\n\n~~~\ntilde\n~~~\n\n```\n```\n',
    'GitBook blocks': '{% hint style="success" %}\nOne\n\n* two\n{% endhint %}\n\n{% hint style="odd" %}\nx\n{% endhint %}\n\n{% code title="a.js" lineNumbers="true" %}\n```js\na\nb\n```\n{% endcode %}\n\n{% include "../.gitbook/includes/support.md" %}\n\n{% include "../.gitbook/includes/plain.md" %}\n\n{% include "../.gitbook/includes/none.md" %}\n',
    'hint interrupting a paragraph and a list': '{% hint style="info" %}\ntext\n* item\n{% endhint %}\nafter\n',
    figures: '<figure><img src="../.gitbook/assets/cover.png" alt="A"><figcaption><p>Caption</p></figcaption></figure>\n\n<figure><img src="../.gitbook/assets/a%20b.png" alt=""><figcaption></figcaption></figure>\n\n<figure><img src="x.png" alt="b" width="300"></figure>\n',
    'external links open in a new tab': '[x](https://example.com) [y](//example.com/z) [z](mailto:a)\n',
    'ids the chrome uses': '## qr-menu\n\n## Menu\n',
    'hostile content goes the full way or is made safe': '<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![y](javascript:alert(2)) <img src=x onerror=alert(1)> [z](../../../../etc/passwd)\n',
    'characters HTML needs escaped': 'a < b > c & d " e \' f\n\n```\n<tag> & "q"\n```\n\n[t](x.md "a \\"quoted\\" & <title>")\n',
    'empty and blank': '',
    'only blank lines': '\n\n\n',
    'unicode': 'Ünïcödé — “quotes” 日本語 😀 [ö](ö.md)\n',
    tabs: '{% tabs %}\n{% tab title="npm" icon="box" %}\n## Install\n\n```bash\nnpm i\n```\n{% endtab %}\n\n{% tab title="" %}\n* [a](writing.md)\n* b\n{% endtab %}\n\n{% tab %}\nthird\n{% endtab %}\n{% endtabs %}\n',
    'tabs with content between tabs, and a tab alone': '{% tabs %}\nstray\n\n{% tab title="A" %}\na\n{% endtab %}\n{% endtabs %}\n\n{% tab title="B" %}\nb\n{% endtab %}\n',
    steppers: '{% stepper %}\n{% step %}\n### Install\n\nRun it.\n{% endstep %}\n\n{% step %}\n### Install\n\n{% hint style="warning" %}\nCareful.\n{% endhint %}\n{% endstep %}\n{% endstepper %}\n',
    columns: '{% columns %}\n{% column width="50%" valign="middle" %}\nLeft ![i](../.gitbook/assets/cover.png)\n{% endcolumn %}\n\n{% column width="bad" valign="sideways" %}\nRight\n{% endcolumn %}\n\n{% column %}\n{% endcolumn %}\n{% endcolumns %}\n',
    'content-refs': '{% content-ref url="writing.md" %}\n[writing.md](writing.md)\n{% endcontent-ref %}\n\n{% content-ref url="missing.md" %}\n[Missing *page*](missing.md)\n{% endcontent-ref %}\n\n{% content-ref url="https://example.com" %}\n{% endcontent-ref %}\n\n{% content-ref url="../.gitbook/assets/report.pdf" %}\n[report.pdf](../.gitbook/assets/report.pdf)\n{% endcontent-ref %}\n\n{% page-ref page="writing.md" %}\n',
    embeds: '{% embed url="https://www.youtube.com/watch?v=x" %}\n\n{% embed url="https://example.com/a" %}\nA **caption**\n{% endembed %}\n\n{% embed url="javascript:alert(1)" %}\n',
    'an embed left open inside a hint': '{% hint style="info" %}\n{% embed url="https://example.com" %}\ntext\n{% endhint %}\n',
    expandables: '<details>\n\n<summary>How?</summary>\n\nLike **this**.\n\n* one\n\n</details>\n\n<details open>\n<summary>Open</summary>\n\ntext\n</details>\n\n<details>\n\n<summary></summary>\n\nempty summary\n\n</details>\n',
    'expandables the fast path leaves': '<details>\n\n<summary>Q &amp; <b>A</b></summary>\n\nx\n\n</details>\n\n<details>\n\nno summary\n\n</details>\n',
    updates: '{% updates format="full" %}\n{% update date="2025-12-25" tags="release,api" %}\n## New\n\nText.\n{% endupdate %}\n\n{% update date="soon" %}\nLater.\n{% endupdate %}\n{% endupdates %}\n',
    'blocks inside blocks': '{% hint style="info" %}\n{% tabs %}\n{% tab title="A" %}\n{% stepper %}\n{% step %}\n<details>\n\n<summary>S</summary>\n\n{% code title="x.js" %}\n```js\nx\n```\n{% endcode %}\n\n</details>\n\n{% endstep %}\n{% endstepper %}\n{% endtab %}\n{% endtabs %}\n{% endhint %}\n\n* {% content-ref url="writing.md" %}\n  [writing.md](writing.md)\n  {% endcontent-ref %}\n',
    'blocks crossing each other': '{% hint style="info" %}\n<details>\n\n<summary>S</summary>\n\n{% endhint %}\n\n</details>\n\n{% tabs %}\n{% tab title="A" %}\nx\n{% endtabs %}\n{% endtab %}\n',
    // markdown-it runs an HTML block on to the next blank line; micromark (and the fast path) end it before a tag line.
    'an HTML block followed by a tag line': '{% hint style="info" %}\n<details>\n\n<summary>S</summary>\n\nx\n\n</details>\n{% endhint %}\n',
    conditions: '{% if visitor.claims.plan == "pro" %}\n## Pro\n\nWelcome.\n{% elsif visitor.claims.plan == "free" %}\n## Free\n{% else %}\n## Other\n\nUpgrade.\n{% endif %}\n\n{% if visitor.claims.plan == "free" %}\nHidden.\n{% else %}\n## Else\n{% endif %}\n\n{% if space.vars.product == "Quire" %}\n{% hint style="info" %}\nShown.\n{% endhint %}\n{% endif %}\n',
    'a condition that cannot be evaluated': '{% if visitor.claims.plan == %}\n## Never\n{% else %}\nNor this.\n{% endif %}\n\nAfter.\n',
    // The hidden branch is read too: raw HTML in it sends the page the full way.
    'a hidden branch the fast path cannot read': '{% if visitor.claims.plan == "free" %}\n<div>\n{% else %}\n\nShown.\n\n{% endif %}\n',
    'hints in hints': `${'{% hint style="info" %}\n'.repeat(6)}deep\n${'{% endhint %}\n'.repeat(6)}`,
    // The full path flattens blocks nested past its depth cap: the fast path leaves deep nesting to it.
    'blocks nested deep in each other': `${'{% hint style="info" %}\n* > {% tabs %}\n  > {% tab title="t" %}\n  > '.repeat(12)}deep\n`,
    'hints nested deep in each other': `${'{% hint style="info" %}\n'.repeat(70)}deep\n${'{% endhint %}\n'.repeat(70)}`,
    files: '{% file src="../.gitbook/assets/report.pdf" %}\nThe **report**.\n{% endfile %}\n\n{% file src="missing%20file.zip" %}\n{% endfile %}\n',
    'integration blocks': '{% @mermaid/diagram content="graph TD; A-->B" %}\n\n{% @links/card url="https://example.com/a" %}\n\n{% @hello-block/hello name="Grace" %}\n',
    'block math': '$$\nf(x) = \\frac{a}{b}\n$$\n\ntext\n$$$\n\n  x^2\n\n$$$$\n\n* item\n\n  $$\n  \\alpha\n    \\beta\n  $$\n\n> $$\n> y\n> $$\n\n$$\n$$\n\n   $$\n   z\n   $$\n',
    'block math interrupting a paragraph': 'para\n$$\nx\n$$\nafter\n',
    'block math the fast path leaves': '$$\nnever closed\n\n* $$\n  x\n\n$$ x\n$$\n\n> $$\ny\n> $$\n\n$$\n\tx\n$$\n',
    'buttons and icons': 'Start <a href="writing.md" class="button primary" data-icon="rocket">Get started</a> or <a href="https://example.com" class="button secondary">More</a>.\n\n<i class="fa-wallet">:wallet:</i> Pay *<i class="fa-github" style="color:$primary;">:github:</i>* <a href="x.md" class="button primary"></a>\n\n* <i class="fa-bolt">:bolt:</i> fast\n',
    'inline HTML the fast path leaves': 'a <a href="#x" id="x"></a> b\n\n<i class="fa-x">**bold**</i>\n\n<mark style="color:red;">red</mark>\n\n<i class="fa-x">:x:</i></i>\n\n<a href="y" class="button primary">y</i>\n',
    'blocks in reusable content': '{% include "../.gitbook/includes/blocks.md" %}\n',
    'links whose text is a URL': '[https://example.com/a](https://example.com/a) [see www.example.com or a@b.co](writing.md) [mailto:x@y.z](mailto:x@y.z)\n',
    // Cards as GitBook writes them (FORMAT.md): covers (light and dark), targets (a page, a URL, a missing page), empty cells, icons.
    cards: `${cardTable(['<th data-hidden data-card-target data-type="content-ref"></th>', '<th data-hidden data-card-cover data-type="files"></th>'], [['<strong>Getting started</strong>', '<a href="writing.md">writing.md</a>', '<a href="../.gitbook/assets/cover.png">cover.png</a>'], ['<strong>API</strong>', '<a href="api.md">api.md</a>', ''], ['', '', '']])}\n\n${cardTable(['<th></th>', '<th data-hidden data-card-target data-type="content-ref"></th>', '<th data-hidden data-card-cover data-type="files"></th>', '<th data-hidden data-card-cover-dark data-type="files"></th>'], [['<h3><i class="fa-rocket" style="color:$primary;">:rocket:</i> Quickstart</h3>', 'Charge a test card in <em>five</em> minutes.', '<a href="https://example.com/start">https://example.com/start</a>', '<a href="../.gitbook/assets/cover.png">cover.png</a>', '<a href="../.gitbook/assets/a%20b.png">a b.png</a>'], ['<p>Only text &#x26; <code>code</code></p>', '<br>', 'https://example.com/bare', '', '<a href="../.gitbook/assets/cover.png">dark only</a>']])}\n`,
    'cards with what the sanitizer removes': `${cardTable(['<th data-hidden data-card-target data-type="content-ref"></th>'], [['<script>alert(1)</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(2)" style="color:red">x</a><svg><a href="writing.md">in svg</a></svg>', '<a href="javascript:alert(3)">evil</a>'], ['<table><tr><td>nested</td></tr></table><details open><summary>S</summary>d</details>', '<a href="missing.md">missing.md</a>']])}\n`,
    'cards in blocks': `{% tabs %}\n{% tab title="Read next" %}\n${cardTable(['<th data-hidden data-card-target data-type="content-ref"></th>'], [['<strong>Write</strong>', '<a href="writing.md">writing.md</a>']])}\n{% endtab %}\n{% endtabs %}\n\n{% hint style="info" %}\n${cardTable(['<th data-hidden data-card-target data-type="content-ref"></th>'], [['<strong>Home</strong>', '<a href="../README.md">../README.md</a>']])}\n{% endhint %}\n`,
    // GitBook writes a table with widths or alignments as HTML, on one line: the full path parses it as raw HTML.
    'HTML tables': '<table data-full-width="true" data-header-hidden><colgroup><col width="200"><col style="width:30%"></colgroup><thead><tr><th width="120">Name</th><th align="right">Type</th></tr></thead><tbody><tr><td><strong><em>nested</em> bold</strong> and **not Markdown** `no code` $x$ www.example.com</td><td><a href="writing.md">writing</a> <a href="missing.md">gone</a> <a href="https://example.com">out</a> <img src="../.gitbook/assets/cover.png" alt="c"></td></tr><tr><td><p>One</p><p>Two &#x26; &copy;</p></td><td><code>x &#x3C; y</code><br>next <i class="fa-bolt" style="color:$primary;">:bolt:</i> <code class="expression">space.vars.product</code></td></tr></tbody></table>\n\nText after.\n\n<table><tr><td>no head, no body</td></tr></table>\n',
    'HTML tables across lines and in blocks': '* item\n\n  <table>\n  <thead><tr><th>A</th></tr></thead>\n  <tbody><tr><td>a</td></tr></tbody>\n  </table>\n\n> <table><tr><td>quoted</td></tr></table>\n\n{% hint style="info" %}\n<table><tr><td>in a hint</td></tr></table>\n{% endhint %}\n\n{% tabs %}\n{% tab title="T" %}\n<table><tr><td>in a tab</td></tr></table>\n{% endtab %}\n{% endtabs %}\n',
    'HTML tables with what the sanitizer removes': '<table onclick="x()" style="color:red"><tr><td><script>alert(1)</script><a href="javascript:alert(1)">j</a><img src="x" onerror="alert(1)"><iframe src="https://example.com"></iframe><!-- note --></td><td data-quire-base=".gitbook/includes/plain.md"><a href="../../guides/writing.md">based</a></td></tr></table>\n',
    'a card table and an HTML table on one page': `${cardTable(['<th data-hidden data-card-target data-type="content-ref"></th>'], [['<i class="fa-rocket" style="color:$primary;">:rocket:</i> Go', '<a href="writing.md">writing.md</a>']])}\n\n<table><tr><td><i class="fa-bolt" style="color:#f00;">:bolt:</i></td></tr></table>\n`,
    'HTML tables the fast path leaves': '<table><tr><td>never closed\n\nMarkdown **after**\n\n<table><tr><td>a</td></tr></table> and text\n\n<table>\n<tr>\n<td>\n\n**Markdown in a cell**\n\n</td>\n</tr>\n</table>\n\n<table><tr><td><table><tr><td>inner</td></tr></table>\n\n  <table><tr><td>indented</td></tr></table>\n\n<table><tr><td>x</td></tr></table><div>\n\nafter\n',
  };
  for (const [name, markdown] of Object.entries(cases)) {
    it(name, () => {
      compare(markdown);
      compare(markdown, { target: 'blank', source: 'README.md', prefix: '' });
    });
  }

  it('takes the plain cases (they are what it is for)', () => {
    for (const name of ['code spans across lines, runs of three emphasis markers', 'links whose text is a URL', 'cards', 'cards with what the sanitizer removes', 'cards in blocks', 'HTML tables', 'HTML tables across lines and in blocks', 'HTML tables with what the sanitizer removes', 'a card table and an HTML table on one page', 'tight and loose lists', 'links and images', 'tables with alignment', 'GitBook blocks', 'figures', 'code blocks', 'headings with the same text', 'tabs', 'steppers', 'columns', 'content-refs', 'embeds', 'an embed left open inside a hint', 'expandables', 'updates', 'blocks inside blocks', 'blocks in reusable content', 'conditions', 'a condition that cannot be evaluated', 'hints in hints', 'an HTML block followed by a tag line', 'files', 'integration blocks', 'block math', 'block math interrupting a paragraph', 'buttons and icons']) {
      expect(compare(cases[name]!).fast, name).toBe(true);
    }
  });

  const word = fc.stringMatching(/^[A-Za-z][a-z0-9]{0,6}$/);
  const inline = fc.oneof(
    { weight: 5, arbitrary: word },
    { weight: 1, arbitrary: fc.constantFrom('*', '**', '_', '__', '`', '\\', '[', ']', '(', ')', '!', '&amp;', '&', '<', '>', '#', '|', '-', '"', "'", '  \n', '\n', '\\\n', '.', ':') },
    { weight: 1, arbitrary: word.map((text) => `*${text}*`) },
    { weight: 1, arbitrary: word.map((text) => `**${text}**`) },
    { weight: 1, arbitrary: word.map((text) => `_${text}_`) },
    { weight: 1, arbitrary: word.map((text) => `\`${text}\``) },
    { weight: 1, arbitrary: fc.tuple(word, fc.constantFrom('', ' style="color:$primary;"', ' style="color:red"')).map(([name, style]) => `<i class="fa-${name.toLowerCase()}"${style}>:${name}:</i>`) },
    { weight: 1, arbitrary: fc.tuple(word, fc.constantFrom('writing.md', 'https://example.com', '#a'), fc.constantFrom('primary', 'secondary'), fc.constantFrom('', ' data-icon="rocket"')).map(([label, href, kind, icon]) => `<a href="${href}" class="button ${kind}"${icon}>${label}</a>`) },
    { weight: 1, arbitrary: fc.tuple(word, fc.constantFrom('writing.md', 'README.md', '../README.md', 'x.md', '#a', '../.gitbook/assets/cover.png', 'https://example.com/a', '')).map(([text, href]) => `[${text}](${href})`) },
    { weight: 1, arbitrary: fc.tuple(word, fc.constantFrom('../.gitbook/assets/cover.png', 'x.png', 'https://example.com/i.png')).map(([alt, src]) => `![${alt}](${src})`) },
  );
  const line = fc.array(inline, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));
  const leaf = fc.oneof(
    { weight: 4, arbitrary: line },
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), line).map(([depth, text]) => `${'#'.repeat(depth)} ${text.replace(/\n/g, ' ')}`) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('* ', '- ', '1. ', '2) '), fc.array(line, { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\n\n')).map(([marker, items, gap]) => items.map((item) => marker + item.replace(/\n/g, '\n   ')).join(gap)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', 'js', 'bash x'), fc.array(word, { maxLength: 3 })).map(([info, lines]) => ['```' + info, ...lines, '```'].join('\n')) },
    { weight: 1, arbitrary: line.map((text) => `> ${text.replace(/\n/g, '\n> ')}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('---', ':--', ':-:', '--:'), word, word).map(([align, a, b]) => `| ${a} | ${b} |\n| ${align} | --- |\n| ${b} | ${a} |`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('$$', '$$$', '  $$'), fc.array(fc.constantFrom('x^2', '\\frac{a}{b}', '', '  y', '$', '$$'), { maxLength: 3 })).map(([fence, lines]) => [fence, ...lines, fence.trim()].join('\n')) },
    { weight: 1, arbitrary: fc.constantFrom('***', '---', '{% include "../.gitbook/includes/plain.md" %}', '<figure><img src="../.gitbook/assets/cover.png" alt="x"><figcaption><p>C</p></figcaption></figure>') },
  );
  /** What a cell of a card table or an HTML table holds: HTML as GitBook writes it, and what it must not hold. */
  const cardCell = fc.oneof(
    { weight: 3, arbitrary: word },
    { weight: 1, arbitrary: fc.constantFrom('', '<strong>Bold</strong>', '<h3><i class="fa-rocket" style="color:$primary;">:rocket:</i> Go</h3>', '<a href="writing.md">writing.md</a>', '<code>x &#x3C; y</code>', '<em><strong>n</strong>ested</em>', '**not Markdown**', '<p>a</p><p>b</p>', '<br>', '<img src="../.gitbook/assets/cover.png" alt="c">', '<script>x()</script>', '<a href="javascript:x()">j</a>', '<b>unclosed', '</td>', '<code class="expression">space.vars.product</code>') },
  );
  const blocks = fc.array(fc.tuple(leaf, fc.constantFrom('\n', '\n\n', '\n\n\n')), { minLength: 1, maxLength: 6 }).map((parts) => parts.map(([text, gap]) => text + gap).join(''));
  const fastish = fc.oneof(
    { weight: 3, arbitrary: blocks },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('info', 'warning'), blocks, blocks).map(([style, inside, after]) => `{% hint style="${style}" %}\n${inside}{% endhint %}\n${after}`) },
    { weight: 1, arbitrary: fc.tuple(blocks, blocks).map(([a, b]) => `* item\n\n  ${a.replace(/\n/g, '\n  ')}\n${b}`) },
    // Every block family the fast path reads, around generated content (issue 17).
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', ' title="A"', ' title="A" icon="bolt"'), blocks, blocks).map(([title, a, b]) => `{% tabs %}\n{% tab${title} %}\n${a}{% endtab %}\n\n{% tab title="B" %}\n${b}{% endtab %}\n{% endtabs %}\n`) },
    { weight: 1, arbitrary: fc.tuple(blocks, blocks).map(([a, b]) => `{% stepper %}\n{% step %}\n${a}{% endstep %}\n{% step %}\n${b}{% endstep %}\n{% endstepper %}\n`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', ' width="50%"', ' width="30%" valign="middle"'), blocks, blocks).map(([options, a, b]) => `{% columns %}\n{% column${options} %}\n${a}{% endcolumn %}\n\n{% column %}\n${b}{% endcolumn %}\n{% endcolumns %}\n`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('writing.md', '../README.md', 'x.md', 'https://example.com'), word, blocks).map(([url, title, after]) => `{% content-ref url="${url}" %}\n[${title}](${url})\n{% endcontent-ref %}\n${after}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', ' open'), word, blocks, blocks).map(([open, summary, inside, after]) => `<details${open}>\n\n<summary>${summary}</summary>\n\n${inside}\n</details>\n\n${after}`) },
    { weight: 1, arbitrary: fc.tuple(blocks, fc.boolean()).map(([caption, paired]) => (paired ? `{% embed url="https://example.com/v" %}\n${caption}{% endembed %}\n` : `{% embed url="https://example.com/v" %}\n${caption}`)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('visitor.claims.plan == "pro"', 'visitor.claims.plan == "free"', 'space.vars.product', 'nope ==', '1 < 2'), blocks, blocks, fc.boolean()).map(([expression, a, b, otherwise]) => `{% if ${expression} %}\n${a}${otherwise ? `{% else %}\n${b}` : ''}{% endif %}\n`) },
    { weight: 1, arbitrary: fc.tuple(cardCell, cardCell, fc.constantFrom('writing.md', 'https://example.com/x', 'missing.md', ''), fc.constantFrom('', '../.gitbook/assets/cover.png', 'https://example.com/c.png'), blocks).map(([a, b, target, cover, after]) => `${cardTable(['<th></th>', '<th data-hidden data-card-target data-type="content-ref"></th>', '<th data-hidden data-card-cover data-type="files"></th>'], [[a, b, target && `<a href="${target}">${target}</a>`, cover && `<a href="${cover}">c</a>`], [b, '', '', '']])}\n\n${after}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', ' data-full-width="true"', ' data-header-hidden'), fc.constantFrom('', '<colgroup><col width="120"><col></colgroup>'), fc.array(fc.tuple(cardCell, cardCell), { minLength: 1, maxLength: 3 }), fc.constantFrom('', '\n'), blocks).map(([attributes, columns, rows, gap, after]) => `<table${attributes}>${columns}<thead><tr><th width="100">A</th><th align="right">B</th></tr></thead>${gap}<tbody>${rows.map(([a, b]) => `<tr><td>${a}</td><td>${b}</td></tr>`).join(gap)}</tbody></table>\n\n${after}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('openapi-operation spec="petstore" path="/pets" method="post"', 'openapi-operation spec="missing" path="/x" method="get"', 'openapi-schemas spec="petstore" schemas="Pet"', 'openapi-webhook spec="petstore" name="newPet" method="post"', 'openapi src="https://example.com/petstore.yaml" path="/pets/{petId}" method="get"'), blocks, fc.boolean(), blocks).map(([tag, inside, closed, after]) => `{% ${tag} %}\n${closed ? `${inside}{% end${tag.split(' ')[0]} %}\n` : ''}\n${after}`) },
    { weight: 1, arbitrary: fc.tuple(blocks, blocks).map(([a, b]) => `{% updates format="full" %}\n{% update date="2025-01-02" tags="a,b" %}\n${a}{% endupdate %}\n{% update %}\n${b}{% endupdate %}\n{% endupdates %}\n`) },
  );

  it('leaves to the full path the block families and forms it does not read', () => {
    for (const name of ['indented code right under a list item', 'indented code after a list and a blank line', 'indented code right after a quote', 'a tab at the end of a line', 'a tab before a hard break', 'lists micromark reads as text after indented code and blank lines', 'lists micromark reads as text under a line of text, in a list item', 'a tab after a quote marker', 'runs of three emphasis markers beside other runs', 'code spans across a lazy line', 'a delimiter row under a line without a pipe', 'quote markers followed by five spaces alone', 'HTML tables the fast path leaves', 'tabs with content between tabs, and a tab alone', 'expandables the fast path leaves', 'blocks crossing each other', 'a hidden branch the fast path cannot read', 'hints nested deep in each other', 'block math the fast path leaves', 'inline HTML the fast path leaves']) {
      expect(compare(cases[name]!).fast, name).toBe(false);
    }
  });

  it('integration blocks their integration rendered (ContentKit, sanitized with the page)', () => {
    const rendered = {
      [integrationBlockKey('space1', 'hello-block', 'hello', { name: 'Ada' })]: { element: { type: 'block' as const, children: [{ type: 'text' as const, children: ['Hello, Ada!'] }] } },
      [integrationBlockKey('space1', 'rich', 'card', { url: 'https://example.com/a' })]: {
        element: {
          type: 'block' as const,
          children: [
            { type: 'card', title: 'Card <script>', onPress: { action: '@ui.url.open', url: 'https://example.com/card' }, children: [{ type: 'text', children: ['In a card'] }], buttons: [{ type: 'button', label: 'Edit', onPress: { action: 'edit' } }] },
            { type: 'markdown', content: 'Some **bold** <script>alert(1)</script> [page](writing.md) ![i](x.png)' },
            { type: 'codeblock', syntax: 'js', content: { $state: 'code' } },
            { type: 'image', source: { url: 'https://example.com/a.png' }, aspectRatio: 1.5 },
            { type: 'webframe', source: { url: 'https://embed.example.com/x' } },
            { type: 'hstack', align: 'center', children: [{ type: 'box', grow: 1, children: [{ type: 'link', target: { url: 'javascript:alert(1)' }, children: 'no link' }] }] },
          ],
        },
        state: { code: 'const a = "<b>";' },
      },
      [integrationBlockKey('space1', 'broken', 'block', {})]: { error: 'the integration failed' },
    } as IntegrationBlockScope['rendered'];
    const integrationBlocks = { spaceId: 'space1', rendered };
    const page = '{% @hello-block/hello name="Ada" %}\n\n## After\n\n{% @rich/card url="https://example.com/a" %}\n\n{% @broken/block %}\n\n{% @hello-block/hello name="Grace" %}\n';
    expect(compare(page, { integrationBlocks }).fast).toBe(true);
    expect(compare(`{% hint style="info" %}\n${page}{% endhint %}\n`, { integrationBlocks, target: 'blank' }).fast).toBe(true);
  });

  const petstore = { document: parse(readFileSync(new URL('../../../test/fixtures/openapi/petstore.yaml', import.meta.url), 'utf8')) as OpenAPIDocument };
  const openapi: OpenAPIScope = { documents: { 'spec:petstore': petstore, 'url:main:guides/petstore.yaml': petstore, 'url:https://example.com/petstore.yaml': petstore }, siteSpaceId: 'main' };

  it('OpenAPI blocks, through the full path\'s renderer, from their document or with what the author wrote', () => {
    const fixture = readFileSync(new URL('../../../fixtures/markdown/openapi/openapi-family/input.md', import.meta.url), 'utf8');
    const blocks = [
      '{% openapi-operation spec="petstore" path="/pets/{petId}" method="delete" %}\n[OpenAPI petstore](https://example.com/petstore.yaml)\n{% endopenapi-operation %}',
      '{% openapi-operation spec="petstore" path="/pets" method="post" %}\n{% endopenapi-operation %}',
      '{% openapi-schemas spec="petstore" schemas="Person" grouped="false" %}\n{% endopenapi-schemas %}',
      '{% openapi-schemas spec="petstore" schemas="Pet,NewPet" grouped="true" %}\n{% endopenapi-schemas %}',
      '{% openapi-webhook spec="petstore" name="newPet" method="post" %}\n{% endopenapi-webhook %}',
      '{% openapi src="petstore.yaml" path="/pets" method="get" %}\n[petstore.yaml](petstore.yaml)\n{% endopenapi %}',
      '{% openapi src="https://example.com/petstore.yaml" path="/store/orders" method="post" %}',
      // Falling back: no document, no operation, no specification named; what the author wrote is shown.
      '{% openapi-operation spec="missing" path="/x" method="get" %}\n## Written *inside*\n\n[writing](writing.md) and [https://example.com/spec](https://example.com/spec)\n{% endopenapi-operation %}',
      '{% openapi-operation spec="petstore" path="/nowhere" method="get" %}\n{% hint style="info" %}\nInside.\n{% endhint %}\n{% endopenapi-operation %}',
      '{% openapi-schemas spec="missing" schemas="A" %}\ntext\n{% endopenapi-schemas %}',
      '{% openapi-webhook spec="petstore" name="none" method="post" %}\ntext\n{% endopenapi-webhook %}',
      '{% openapi path="/pets" method="get" %}\n{% endopenapi %}',
    ];
    const page = `Intro.\n\n${blocks.join('\n\nBetween.\n\n')}\n\n## Setup\n`;
    for (const markdown of [fixture, page, `{% tabs %}\n{% tab title="API" %}\n${page}{% endtab %}\n{% endtabs %}\n`]) {
      expect(compare(markdown, { openapi }).fast).toBe(true);
      expect(compare(markdown).fast).toBe(true);
    }
    // In reusable content (its relative \`src\` is relative to it), and in a branch a condition hides.
    const includes = { ...space.includes, '.gitbook/includes/api.md': '{% openapi src="../../guides/petstore.yaml" path="/pets" method="get" %}\n{% endopenapi %}\n\n{% openapi-operation spec="petstore" path="/pets" method="post" %}\n{% endopenapi-operation %}\n' };
    expect(compare('{% include "../.gitbook/includes/api.md" %}\n', { openapi, bodySpace: { ...space, includes } }).fast).toBe(true);
    expect(compare('{% if visitor.claims.plan == "free" %}\n{% openapi-operation spec="petstore" path="/pets" method="post" %}\n{% endopenapi-operation %}\n{% else %}\n{% openapi-schemas spec="petstore" schemas="Person" %}\n{% endopenapi-schemas %}\n{% endif %}\n', { openapi }).fast).toBe(true);
    // What the fast path leaves inside a falling-back block sends the page the full way, and the schemas its blocks made are made again.
    expect(compare('{% openapi-operation spec="petstore" path="/pets" method="post" %}\n{% endopenapi-operation %}\n\n{% openapi-operation spec="missing" %}\n<div>raw</div>\n{% endopenapi-operation %}\n', { openapi }).fast).toBe(false);
  });

  it('generated pages of what the fast path reads', () => {
    let taken = 0;
    fc.assert(
      fc.property(fastish, (markdown) => {
        if (compare(markdown, { openapi }).fast) taken++;
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 400) },
    );
    expect(taken).toBeGreaterThan(100);
  });

  /**
   * Pages made of the line starts where markdown-it and micromark part: indentation, list and quote markers with
   * varying white space, fences, headings, code spans and emphasis markers, and lines ending in spaces. The cases
   * above from 'quote markers indented four columns or more' on were found this way.
   */
  const lineStart = fc.array(fc.tuple(fc.constantFrom('>', '*', '-', '1.', '2)'), fc.oneof({ weight: 12, arbitrary: fc.constant(' ') }, { weight: 3, arbitrary: fc.constantFrom('', '  ', '   ', '    ') }, { weight: 1, arbitrary: fc.constantFrom('     ', '\t') })), { maxLength: 3 });
  const lineText = fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom('a', 'b', 'a b', '`a`', '*a*', '**b**') }, { weight: 2, arbitrary: fc.constantFrom('#', '```', '~~~', '`', '``', '*', '**', '_', '1.', '2)', '>', '-', '---', '===', '|') }, { weight: 1, arbitrary: fc.constantFrom(' ', '  ', '\t') }), { maxLength: 5 });
  const structuralLine = fc.tuple(fc.constantFrom('', '', '', '', '', ' ', '  ', '   ', '    ', '      '), lineStart, lineText, fc.constantFrom('', '', '', '', '', ' ', '  ')).map(([indent, markers, text, end]) => indent + markers.map(([marker, space]) => marker + space).join('') + text.join('') + end);
  const structuralPage = fc.array(structuralLine, { minLength: 1, maxLength: 5 }).map((lines) => `${lines.join('\n')}\n`);

  it('generated pages of list and quote markers, indentation and fences', () => {
    let taken = 0;
    fc.assert(
      fc.property(structuralPage, (markdown) => {
        if (compare(markdown).fast) taken++;
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 400) * 5 },
    );
    expect(taken).toBeGreaterThan(150);
  });

  it('generated GitBook pages of every block', () => {
    fc.assert(
      fc.property(markdownPage, (markdown) => {
        compare(markdown);
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 200) },
    );
  });
});
