// Property: for generated GitBook Markdown, writing is idempotent. The first write may change the
// bytes (non-canonical input becomes canonical), but never the tree, and the canonical output
// writes back to itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse-markdown.ts';
import { stringifyMarkdown } from './stringify-markdown.ts';
import { stripPositions } from './tree/strip-positions.ts';

const word = fc.stringMatching(/^[A-Za-z][a-z0-9]{0,7}$/);
/** Characters that mean something to Markdown, Liquid or math, inside ordinary text. */
const tricky = fc.constantFrom(
  '{%', '%}', '{% x %}', '\\{% x %}', '$$', '\\$$', '\\$$x\\$$', '$', '*', '**', '_', '__', '`', '~~', '#', '<', '>', '&', '&amp;', '\\', '|', '[', ']', '!', '-', '+', '1.', '=',
);
const textRun = fc.array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: tricky }), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(' '));
const plainRun = fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));

const inline = fc.oneof(
  { weight: 4, arbitrary: textRun },
  { weight: 1, arbitrary: plainRun.map((text) => `_${text}_`) },
  { weight: 1, arbitrary: plainRun.map((text) => `*${text}*`) },
  { weight: 1, arbitrary: plainRun.map((text) => `**${text}**`) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z $*_{}%]{1,8}$/).filter((code) => code.trim() !== '').map((code) => `\`${code}\``) },
  { weight: 1, arbitrary: fc.tuple(plainRun, word).map(([text, path]) => `[${text}](https://example.com/${path})`) },
  { weight: 1, arbitrary: fc.tuple(word, word).map(([a, b]) => `$$${a}^${b}$$`) },
  // Inline math against text that starts or ends with a dollar sign.
  { weight: 1, arbitrary: fc.tuple(word, word).map(([a, b]) => `${b}\\$$$${a}$$\\$${b}`) },
  { weight: 1, arbitrary: plainRun.map((text) => `<mark style="color:red;">${text}</mark>`) },
  { weight: 1, arbitrary: word.map((name) => `<img src="${name}.png" alt="${name}" data-size="line">`) },
);

// Parts are joined by spaces or line endings, so that text also starts lines inside a paragraph.
const paragraph = fc.array(fc.tuple(inline, fc.constantFrom(' ', ' ', '\n')), { minLength: 1, maxLength: 5 }).map((parts) => parts.map(([part, sep], index) => (index === 0 ? part : sep + part)).join(''));
const heading = fc.tuple(fc.integer({ min: 2, max: 4 }), plainRun).map(([depth, text]) => `${'#'.repeat(depth)} ${text}`);
const list = fc
  .tuple(fc.constantFrom('*', '-', '1.'), fc.array(fc.tuple(paragraph, fc.option(plainRun, { nil: undefined })), { minLength: 1, maxLength: 4 }))
  .map(([marker, items]) =>
    items.map(([text, nested], index) => {
      const bullet = marker === '1.' ? `${index + 1}.` : marker;
      const indent = ' '.repeat(bullet.length + 1);
      return `${bullet} ${text}${nested === undefined ? '' : `\n${indent}* ${nested}`}`;
    }).join('\n'),
  );
const codeLine = fc.oneof(plainRun, fc.constant('```'), fc.constant('``` js'), fc.constant('{% endcode %}'), fc.constant('$$'), textRun);
const codeFence = fc.tuple(fc.option(word, { nil: undefined }), fc.array(codeLine, { minLength: 0, maxLength: 4 })).map(([lang, lines]) => {
  const fence = lines.some((line) => line.startsWith('```')) ? '````' : '```';
  return [`${fence}${lang ?? ''}`, ...lines, fence].join('\n');
});
const table = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(fc.array(plainRun, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 3 })).map(([columns, rows]) => {
  const row = (cells: string[]) => `| ${cells.slice(0, columns).join(' | ')} |`;
  return [row(rows[0]!), `|${' --- |'.repeat(columns)}`, ...rows.slice(1).map(row)].join('\n');
});
const mathBlock = fc.tuple(word, word).map(([a, b]) => `$$\n${a} = ${b}\n$$`);
const include = word.map((name) => `{% include "../.gitbook/includes/${name}.md" %}`);
const embed = fc.tuple(word, fc.option(paragraph, { nil: undefined })).map(([path, caption]) =>
  caption === undefined ? `{% embed url="https://example.com/${path}" %}` : `{% embed url="https://example.com/${path}" %}\n${caption}\n{% endembed %}`,
);
const unknownTag = fc.tuple(word, word).map(([name, value]) => `{% x${name} key="${value}" %}`);
const codeOptions = fc.tuple(word, codeFence).map(([title, code]) => `{% code title="${title}" lineNumbers="true" %}\n${code}\n{% endcode %}`);
const htmlBlock = fc.oneof(
  fc.tuple(word, word).map(([src, caption]) => `<figure><img src="${src}.png" alt="${caption}"><figcaption><p>${caption}</p></figcaption></figure>`),
  word.map((src) => `<img src="${src}.drawing.svg" alt="" class="gitbook-drawing">`),
  fc.tuple(word, word).map(([title, page]) => `<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>${title}</td><td><a href="${page}.md">${page}</a></td></tr></tbody></table>`),
  fc.tuple(word, plainRun).map(([page, label]) => `<a href="https://example.com/${page}" class="button primary" data-icon="rocket">${label}</a> and <i class="fa-github">:github:</i>`),
  word.map((name) => `<div>${name}</div>`),
);
const voidTag = fc.oneof(
  fc.tuple(word, word).map(([integration, value]) => `{% @${integration.toLowerCase()}/block prop="${value}" other="a\n  ${value}" %}`),
  word.map((page) => `{% page-ref page="${page}.md" %}`),
  word.map((page) => `{% openapi src="${page}.yaml" path="/${page}" method="get" %}`),
);

const leaf = fc.oneof(
  { weight: 6, arbitrary: paragraph },
  { weight: 2, arbitrary: heading },
  { weight: 2, arbitrary: list },
  { weight: 2, arbitrary: codeFence },
  { weight: 1, arbitrary: table },
  { weight: 1, arbitrary: mathBlock },
  { weight: 1, arbitrary: include },
  { weight: 1, arbitrary: embed },
  { weight: 1, arbitrary: unknownTag },
  { weight: 1, arbitrary: codeOptions },
  { weight: 1, arbitrary: htmlBlock },
  { weight: 1, arbitrary: voidTag },
);

const separator = fc.constantFrom('\n\n', '\n\n', '\n');
const blocksOf = (block: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(block, separator), { minLength: 1, maxLength: 3 }).map((parts) => parts.map(([text, sep], index) => (index === 0 ? text : sep + text)).join(''));

const container = fc.oneof(
  fc.tuple(fc.constantFrom('info', 'warning', 'danger', 'success'), blocksOf(leaf)).map(([style, body]) => `{% hint style="${style}" %}\n${body}\n{% endhint %}`),
  fc.array(fc.tuple(word, blocksOf(leaf)), { minLength: 1, maxLength: 3 }).map(
    (tabs) => `{% tabs %}\n${tabs.map(([title, body]) => `{% tab title="${title}" %}\n${body}\n{% endtab %}`).join('\n\n')}\n{% endtabs %}`,
  ),
  fc.tuple(word, blocksOf(leaf)).map(([summary, body]) => `<details>\n\n<summary>${summary}</summary>\n\n${body}\n\n</details>`),
  fc.tuple(word, blocksOf(leaf)).map(([name, body]) => `{% x${name} %}\n${body}\n{% endx${name} %}`),
  blocksOf(leaf).map((body) => `> ${body.replace(/\n/g, '\n> ')}`),
  fc.tuple(paragraph, blocksOf(leaf)).map(([text, body]) => `* ${text}\n\n  ${body.replace(/\n/g, '\n  ')}\n* after`),
  fc.array(fc.tuple(fc.option(fc.constantFrom('50%', '30%'), { nil: undefined }), blocksOf(leaf)), { minLength: 1, maxLength: 2 }).map(
    (columns) =>
      `{% columns %}\n${columns.map(([width, body]) => `{% column${width ? ` width="${width}"` : ''} %}\n${body}\n{% endcolumn %}`).join('\n\n')}\n{% endcolumns %}`,
  ),
  fc.array(blocksOf(leaf), { minLength: 1, maxLength: 2 }).map((steps) => `{% stepper %}\n${steps.map((body) => `{% step %}\n${body}\n{% endstep %}`).join('\n\n')}\n{% endstepper %}`),
  fc.tuple(word, blocksOf(leaf)).map(([claim, body]) => `{% if visitor.claims.${claim} %}\n${body}\n{% endif %}`),
  fc.tuple(word, blocksOf(leaf)).map(([path, body]) => `{% file src="../.gitbook/assets/${path}.pdf" %}\n${body}\n{% endfile %}`),
  fc.tuple(word, blocksOf(leaf)).map(([date, body]) => `{% updates format="full" %}\n{% update date="${date}" tags="a,b" %}\n${body}\n{% endupdate %}\n{% endupdates %}`),
);

const document = fc
  .tuple(blocksOf(fc.oneof({ weight: 3, arbitrary: leaf }, { weight: 1, arbitrary: container })), fc.constantFrom('', '\n', '\n\n', '\n\n\n'))
  .map(([body, end]) => body + end);

function roundTrip(markdown: string): void {
  const tree = parseMarkdown(markdown);
  const written = stringifyMarkdown(tree);
  const reread = parseMarkdown(written);
  expect(stripPositions(reread)).toEqual(stripPositions(tree));
  expect(stringifyMarkdown(reread)).toBe(written);
}

describe('writing is idempotent', () => {
  it('for generated GitBook Markdown documents', () => {
    fc.assert(fc.property(document, roundTrip), { numRuns: Number(process.env.RUNS ?? 400) });
  });

  it('for the counterexamples the property found', () => {
    // Kept as regression cases.
    const found = [
      '> - a\n> * a\n> \n> a\n\n## A',
      '* [a](https://example.com/A)\n<img src="a.png" alt="a" data-size="line">\n\n',
      '> * `} `\n>   * A\n> \n> - <img src="a.png" alt="a" data-size="line">\n',
      '> ` A {%\n<mark style="color:red;">A</mark> `%` A',
      '* 1. A a\n\n  * a\n* after\n',
      '* `a`\n<img src="a.png" alt="a" data-size="line">\n  * A',
      '> 1. <img src="a.png" alt="a" data-size="line">\n> <mark style="color:red;">a</mark> <img src="A.png" alt="A" data-size="line">\n>    * A\n> 2. a\n> \n> * A',
      '* <img src="a.png" alt="a" data-size="line">\n_A_\n\n  * [A](https://example.com/a)\n  <img src="a.png" alt="a" data-size="line">\n  * {%\n* after',
      '> * A\n> > a <img src="A.png" alt="A" data-size="line">\n> * `*`\n> \n> {% embed url="https://example.com/A" %}\n\n## A',
      '> * <mark style="color:red;">A</mark>\n> > A\n> \n> ```\n> ```',
      'a\n{% x %}',
      '$$a$$$',
      '* a\n{% endhint %}',
      '{% if visitor.claims.A %}\n* <img src="a.png" alt="a" data-size="line">\n{% @a/block prop="a" other="a\n  a" %}\n{% endif %}\n\n```\n```',
      '* <img src="a.png" alt="a" data-size="line">\nA\n\n  * a\n  \n  <div>a</div>\n  \n  ```\n  ```\n* after',
      '* a\\$$$A$$\\$a\n\n  ` a `$$${` $$a^A$$\n* after',
      '1. <img src="A.png" alt="A" data-size="line">\n{% @a/block prop="A" other="a\n  A" %}\n\n_A_',
      '> * A\n> <img src="a.png" alt="a" data-size="line">\n>   * a\n> \n> * `}`\n> \n> `$`\n\n{% xa %}\n```\n```\n{% endxa %}',
    ];
    for (const markdown of found) roundTrip(markdown);
  });
});
