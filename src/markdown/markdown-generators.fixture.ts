// Test support: fast-check generators of GitBook-flavoured Markdown pages. The inline and leaf generators follow
// those of src/markdown/idempotence.test.ts (which a test file cannot export); containers add every GitBook block
// and nest them in each other, so that the fitting of blocks into containers is exercised.
import fc from 'fast-check';

const word = fc.stringMatching(/^[A-Za-z][a-z0-9]{0,7}$/);
/** Characters that mean something to Markdown, Liquid, HTML or math, inside ordinary text. */
const tricky = fc.constantFrom('{%', '%}', '{% x %}', '\\{% x %}', '$$', '\\$$', '$', '*', '**', '_', '__', '`', '~~', '#', '<', '>', '&', '&amp;', '\\', '|', '[', ']', '!', '-', '+', '1.', '=');
const textRun = fc.array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: tricky }), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(' '));
const plainRun = fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));

const inline = fc.oneof(
  { weight: 4, arbitrary: textRun },
  { weight: 1, arbitrary: plainRun.map((text) => `_${text}_`) },
  { weight: 1, arbitrary: plainRun.map((text) => `**${text}**`) },
  { weight: 1, arbitrary: plainRun.map((text) => `~~${text}~~`) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z $*_{}%]{1,8}$/).filter((code) => code.trim() !== '').map((code) => `\`${code}\``) },
  { weight: 1, arbitrary: fc.tuple(plainRun, word).map(([text, path]) => `[${text}](https://example.com/${path})`) },
  { weight: 1, arbitrary: fc.tuple(plainRun, word).map(([text, path]) => `[${text}](${path}.md)`) },
  { weight: 1, arbitrary: fc.tuple(plainRun, word).map(([text, anchor]) => `[**${text}**](#${anchor.toLowerCase()})`) },
  { weight: 1, arbitrary: fc.tuple(word, word).map(([a, b]) => `$$${a}^${b}$$`) },
  { weight: 1, arbitrary: fc.tuple(plainRun, fc.constantFrom('red', 'orange', '$primary', '#ff0000', 'teal')).map(([text, color]) => `<mark style="color:${color};">${text}</mark>`) },
  { weight: 1, arbitrary: word.map((name) => `<img src="${name}.png" alt="${name}" data-size="line">`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('sup', 'sub', 'kbd', 'strong', 'em', 'code', 's'), plainRun).map(([tag, text]) => `<${tag}>${text}</${tag}>`) },
  { weight: 1, arbitrary: fc.tuple(word, plainRun).map(([page, text]) => `<a href="${page}.md">${text}</a>`) },
  { weight: 1, arbitrary: fc.tuple(word, plainRun).map(([page, label]) => `<a href="https://example.com/${page}" class="button secondary" data-icon="rocket">${label}</a>`) },
  { weight: 1, arbitrary: word.map((name) => `<i class="fa-${name.toLowerCase()}">:${name}:</i>`) },
  { weight: 1, arbitrary: fc.tuple(plainRun, plainRun).map(([a, b]) => `${a}\\\n${b}`) },
);

const paragraph = fc.array(fc.tuple(inline, fc.constantFrom(' ', ' ', '\n')), { minLength: 1, maxLength: 5 }).map((parts) => parts.map(([part, sep], index) => (index === 0 ? part : sep + part)).join(''));
const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), plainRun).map(([depth, text]) => `${'#'.repeat(depth)} ${text}`);
const list = fc
  .tuple(fc.constantFrom('*', '-', '1.', '* [ ]', '* [x]'), fc.array(fc.tuple(paragraph, fc.option(plainRun, { nil: undefined })), { minLength: 1, maxLength: 4 }))
  .map(([marker, items]) =>
    items
      .map(([text, nested], index) => {
        const bullet = marker === '1.' ? `${index + 1}.` : marker;
        const indent = ' '.repeat(marker === '1.' ? bullet.length + 1 : 2);
        return `${bullet} ${text}${nested === undefined ? '' : `\n${indent}* ${nested}`}`;
      })
      .join('\n'),
  );
const codeLine = fc.oneof(plainRun, fc.constant('```'), fc.constant('{% endcode %}'), fc.constant('$$'), textRun);
const codeFence = fc.tuple(fc.option(word, { nil: undefined }), fc.array(codeLine, { minLength: 0, maxLength: 4 })).map(([lang, lines]) => {
  const fence = lines.some((line) => line.startsWith('```')) ? '````' : '```';
  return [`${fence}${lang ?? ''}`, ...lines, fence].join('\n');
});
const table = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(fc.array(plainRun, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 3 })).map(([columns, rows]) => {
  const row = (cells: string[]) => `| ${cells.slice(0, columns).join(' | ')} |`;
  return [row(rows[0]!), `|${' :-: |'.repeat(columns)}`, ...rows.slice(1).map(row)].join('\n');
});
const mathBlock = fc.tuple(word, word).map(([a, b]) => `$$\n${a} = ${b}\n$$`);
const include = word.map((name) => `{% include "../.gitbook/includes/${name}.md" %}`);
const embed = fc.tuple(word, fc.option(paragraph, { nil: undefined })).map(([path, caption]) =>
  caption === undefined ? `{% embed url="https://example.com/${path}" %}` : `{% embed url="https://example.com/${path}" %}\n${caption}\n{% endembed %}`,
);
const unknownTag = fc.tuple(word, word).map(([name, value]) => `{% x${name} key="${value}" %}`);
const codeOptions = fc.tuple(word, codeFence).map(([title, code]) => `{% code title="${title}" overflow="wrap" lineNumbers="true" %}\n${code}\n{% endcode %}`);
const htmlBlock = fc.oneof(
  fc.tuple(word, word).map(([src, caption]) => `<figure><img src="${src}.png" alt="${caption}" width="300"><figcaption><p>${caption}</p></figcaption></figure>`),
  word.map((src) => `<img src="${src}.drawing.svg" alt="" class="gitbook-drawing">`),
  fc.tuple(word, word).map(([title, page]) => `<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>${title}</td><td><a href="${page}.md">${page}</a></td></tr></tbody></table>`),
  fc.tuple(word, word).map(([a, b]) => `<table><thead><tr><th>${a}</th></tr></thead><tbody><tr><td><p>${b}</p></td></tr></tbody></table>`),
  word.map((name) => `<div>${name}</div>`),
  fc.tuple(word, word).map(([a, b]) => `<div align="center"><h2>${a}</h2><ul><li>${b}</li></ul><!-- hidden --></div>`),
);
const voidTag = fc.oneof(
  fc.tuple(word, word).map(([integration, value]) => `{% @${integration.toLowerCase()}/block prop="${value}" %}`),
  word.map((page) => `{% page-ref page="${page}.md" %}`),
  word.map((page) => `{% content-ref url="${page}.md" %}\n[${page}.md](${page}.md)\n{% endcontent-ref %}`),
  word.map((page) => `{% openapi src="${page}.yaml" path="/${page}" method="get" %}`),
  word.map((spec) => `{% openapi-operation spec="${spec}" path="/pets" method="post" %}`),
  word.map((spec) => `{% openapi-schemas spec="${spec}" schemas="Pet,Order" grouped="true" %}`),
  word.map((spec) => `{% openapi-webhook spec="${spec}" name="newPet" method="post" %}`),
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
  { weight: 1, arbitrary: fc.constant('***') },
);

const separator = fc.constantFrom('\n\n', '\n\n', '\n');
const blocksOf = (block: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(block, separator), { minLength: 1, maxLength: 3 }).map((parts) => parts.map(([text, sep], index) => (index === 0 ? text : sep + text)).join(''));

/** Containers around `body`: every GitBook block that holds blocks, and Markdown's own. */
function containers(body: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(fc.constantFrom('info', 'warning', 'danger', 'success', 'tip'), body).map(([style, content]) => `{% hint style="${style}" %}\n${content}\n{% endhint %}`),
    fc.array(fc.tuple(word, body), { minLength: 1, maxLength: 3 }).map(
      (tabs) => `{% tabs %}\n${tabs.map(([title, content]) => `{% tab title="${title}" %}\n${content}\n{% endtab %}`).join('\n\n')}\n{% endtabs %}`,
    ),
    fc.tuple(word, body).map(([summary, content]) => `<details>\n\n<summary>${summary}</summary>\n\n${content}\n\n</details>`),
    fc.tuple(word, body).map(([name, content]) => `{% x${name} %}\n${content}\n{% endx${name} %}`),
    body.map((content) => `> ${content.replace(/\n/g, '\n> ')}`),
    fc.tuple(paragraph, body).map(([text, content]) => `* ${text}\n\n  ${content.replace(/\n/g, '\n  ')}\n* after`),
    fc.array(fc.tuple(fc.option(fc.constantFrom('50%', '30%'), { nil: undefined }), body), { minLength: 1, maxLength: 2 }).map(
      (columns) => `{% columns %}\n${columns.map(([width, content]) => `{% column${width ? ` width="${width}"` : ''} %}\n${content}\n{% endcolumn %}`).join('\n\n')}\n{% endcolumns %}`,
    ),
    fc.array(body, { minLength: 1, maxLength: 2 }).map((steps) => `{% stepper %}\n${steps.map((content) => `{% step %}\n${content}\n{% endstep %}`).join('\n\n')}\n{% endstepper %}`),
    fc.tuple(word, body, fc.option(body, { nil: undefined })).map(
      ([claim, content, other]) => `{% if visitor.claims.${claim} %}\n${content}\n${other === undefined ? '' : `{% else %}\n${other}\n`}{% endif %}`,
    ),
    fc.tuple(word, body).map(([path, content]) => `{% file src="../.gitbook/assets/${path}.pdf" %}\n${content}\n{% endfile %}`),
    fc.tuple(fc.constantFrom('2025-12-25', 'someday'), body).map(([date, content]) => `{% updates format="full" %}\n{% update date="${date}" tags="a,b" %}\n${content}\n{% endupdate %}\n{% endupdates %}`),
    fc.tuple(word, body).map(
      ([name, content]) =>
        `{% swagger baseUrl="https://api.example.com" path="/${name}" method="get" summary="Get ${name}" %}\n{% swagger-description %}\n${content}\n{% endswagger-description %}\n\n{% swagger-parameter in="query" name="${name}" type="string" required="true" %}\nThe ${name}\n{% endswagger-parameter %}\n\n{% swagger-response status="200" description="Found" %}\n${content}\n{% endswagger-response %}\n{% endswagger %}`,
    ),
  );
}

const inner = containers(blocksOf(leaf));
/** Containers in containers: a hint in a tab, a table in a quote, a stepper in a column... */
const nested = containers(blocksOf(fc.oneof({ weight: 2, arbitrary: leaf }, { weight: 1, arbitrary: inner })));

/** A page body. */
export const markdownPage: fc.Arbitrary<string> = fc
  .tuple(blocksOf(fc.oneof({ weight: 3, arbitrary: leaf }, { weight: 1, arbitrary: inner }, { weight: 1, arbitrary: nested })), fc.constantFrom('', '\n', '\n\n'))
  .map(([body, end]) => body + end);
