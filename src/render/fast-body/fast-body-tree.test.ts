// The differential test of the fast body path: wherever it takes a page, it must give exactly what the full path
// (micromark, mdast-util-to-hast, the sanitizer) gives: the same HTML, search text, outline, used files and broken
// links. Inputs: every Markdown fixture, the golden corpus, the fixture repositories, the bench generator's pages,
// hand-picked edge cases, and generated pages made of what the fast path reads (and some of what it must refuse).
import fc from 'fast-check';
import type { Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../../../bench/format/generate-repository.ts';
import { pageBody, realPages } from '../../../test/support/real-pages.ts';
import { markdownPage } from '../../markdown/markdown-generators.fixture.ts';
import { createBodyContext, type BodyContext } from '../body/body-context.ts';
import { bodySpace } from '../body/body-space.fixture.ts';
import { bodyHtml } from '../body/body-html.ts';
import { finishTree } from '../body/finish-tree.ts';
import { hastText } from '../body/node-text.ts';
import { renderBody } from '../body/render-body.ts';
import { resolveLinks } from '../body/resolve-links.ts';
import { bodySchema } from '../body/sanitize-schema.ts';
import { fastBodyTree } from './fast-body-tree.ts';

const space = bodySpace({
  '.gitbook/includes/support.md': 'Ask [the guides](../../guides/README.md).\n\n## Support\n\n{% include "loop.md" %}\n',
  '.gitbook/includes/loop.md': '{% include "support.md" %}\n\nSee ![cover](../assets/cover.png).\n',
  '.gitbook/includes/plain.md': '* one\n* [two](../../guides/writing.md)\n',
});

interface Outcome {
  fast: boolean;
}

/** Renders `markdown` both ways; when the fast path takes it, everything must be equal. */
function compare(markdown: string, options: { source?: string; prefix?: string; target?: 'self' | 'blank'; bodySpace?: BodyContext['space'] } = {}): Outcome {
  const source = options.source ?? 'guides/README.md';
  const prefix = options.prefix ?? '../';
  const target = options.target ?? 'self';
  const bodySpace = options.bodySpace ?? space;
  const fullContext = createBodyContext(bodySpace, source, target);
  const full = renderBody(markdown, fullContext, prefix, { fast: false });
  // The body serializer writes what hast-util-to-html writes, for every tree the full path makes too.
  expect(bodyHtml(full)).toBe(toHtml(full));
  const fastContext = createBodyContext(bodySpace, source, target);
  const tree = fastBodyTree(markdown, fastContext);
  if (tree === undefined) {
    expect(fastContext.outline).toEqual([]);
    expect(fastContext.ids.size).toBe(0);
    expect(fastContext.broken).toEqual([]);
    return { fast: false };
  }
  resolveLinks(tree, fastContext, prefix);
  // The fast tree skips the sanitizer because it has nothing the sanitizer would change.
  expect(toHtml(sanitize(structuredClone(tree), bodySchema) as Root)).toBe(toHtml(tree));
  finishTree(tree, target);
  expect(bodyHtml(tree), markdown).toBe(toHtml(full));
  expect(hastText(tree)).toBe(hastText(full));
  expect(fastContext.outline).toEqual(fullContext.outline);
  expect([...fastContext.usedFiles]).toEqual([...fullContext.usedFiles]);
  expect(fastContext.broken).toEqual(fullContext.broken);
  return { fast: true };
}

describe('fast body path: the same output as the full path', () => {
  it('every Markdown fixture, corpus page and fixture repository page', () => {
    const inputs = realPages();
    const taken = inputs.filter((input) => compare(input.body).fast).map((input) => input.name);
    // The fast path must keep taking the pages it reads (a change that sends everything the full way is a regression).
    expect(inputs.length).toBeGreaterThan(90);
    expect(taken.length).toBeGreaterThanOrEqual(25);
    expect(taken).toContain('fixtures/markdown/hint/styles/input.md');
    expect(taken).toEqual(expect.arrayContaining(['fixtures/markdown/commonmark/non-canonical/input.md', 'fixtures/markdown/code/options/input.md', 'fixtures/markdown/figure/canonical/input.md', 'fixtures/markdown/include/canonical/input.md']));
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
  };
  for (const [name, markdown] of Object.entries(cases)) {
    it(name, () => {
      compare(markdown);
      compare(markdown, { target: 'blank', source: 'README.md', prefix: '' });
    });
  }

  it('takes the plain cases (they are what it is for)', () => {
    for (const name of ['tight and loose lists', 'links and images', 'tables with alignment', 'GitBook blocks', 'figures', 'code blocks', 'headings with the same text']) {
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
    { weight: 1, arbitrary: fc.constantFrom('***', '---', '{% include "../.gitbook/includes/plain.md" %}', '<figure><img src="../.gitbook/assets/cover.png" alt="x"><figcaption><p>C</p></figcaption></figure>') },
  );
  const blocks = fc.array(fc.tuple(leaf, fc.constantFrom('\n', '\n\n', '\n\n\n')), { minLength: 1, maxLength: 6 }).map((parts) => parts.map(([text, gap]) => text + gap).join(''));
  const fastish = fc.oneof(
    { weight: 3, arbitrary: blocks },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('info', 'warning'), blocks, blocks).map(([style, inside, after]) => `{% hint style="${style}" %}\n${inside}{% endhint %}\n${after}`) },
    { weight: 1, arbitrary: fc.tuple(blocks, blocks).map(([a, b]) => `* item\n\n  ${a.replace(/\n/g, '\n  ')}\n${b}`) },
  );

  it('generated pages of what the fast path reads', () => {
    let taken = 0;
    fc.assert(
      fc.property(fastish, (markdown) => {
        if (compare(markdown).fast) taken++;
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 400) },
    );
    expect(taken).toBeGreaterThan(100);
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
