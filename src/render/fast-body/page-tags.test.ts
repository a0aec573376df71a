// The differential test of the page's tag reader: wherever it reads a page, the OpenAPI and integration blocks it
// finds, and the sidebar's method badge, must be what the full parse gives. Inputs: every Markdown fixture, the
// golden corpus, the fixture repositories, the export bench's mixed pages, hand-picked cases (tag text in code,
// tags in containers, pairs left open) and generated pages.
import fc from 'fast-check';
import type { Node, Parent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { generateMixedSite } from '../../../bench/export/generate-mixed-site.ts';
import { pageBody, realPages } from '../../../test/support/real-pages.ts';
import { parseMarkdown } from '../../markdown/index.ts';
import { markdownPage } from '../../markdown/markdown-generators.fixture.ts';
import { parsedOperationMethod, singleOperationMethod } from '../openapi/page-operation.ts';
import { tagNodes } from './page-tags.ts';

const openapiTypes = new Set(['openapi', 'openapiOperation', 'openapiSchemas', 'openapiWebhook']);
const isOpenAPI = (node: Node) => openapiTypes.has(node.type);
const isIntegration = (node: Node) => node.type === 'integrationBlock';

/** A block node without what the planning does not read: its content and position. */
function attributes(node: Node): Record<string, unknown> {
  const { children: _children, position: _position, ...rest } = node as Node & { children?: unknown };
  return rest;
}

function parsedNodes(markdown: string, keep: (node: Node) => boolean): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (node: Node) => {
    if (keep(node)) found.push(attributes(node));
    for (const child of (node as Parent).children ?? []) visit(child);
  };
  visit(parseMarkdown(markdown));
  return found;
}

/** Compares both reads of `markdown`; answers whether the fast read took it. */
function compare(markdown: string): boolean {
  expect(singleOperationMethod(markdown), markdown).toBe(parsedOperationMethod(markdown));
  const openapi = tagNodes(markdown, (name) => name.startsWith('openapi'));
  const integrations = tagNodes(markdown, (name) => name.startsWith('@'));
  expect(openapi === undefined, markdown).toBe(integrations === undefined);
  if (openapi === undefined || integrations === undefined) return false;
  expect(openapi.filter(isOpenAPI).map(attributes), markdown).toEqual(parsedNodes(markdown, isOpenAPI));
  expect(integrations.filter(isIntegration).map(attributes), markdown).toEqual(parsedNodes(markdown, isIntegration));
  return true;
}

const operation = '{% openapi-operation spec="pets" path="/pets" method="post" %}';
const cases: Record<string, string> = {
  'one operation': `# Pets\n\n${operation}\n{% endopenapi-operation %}\n`,
  'one operation without its end tag, a comment and a separator': `<!-- generated -->\n\n${operation}\n\n---\n`,
  'an operation with content': `${operation}\nWhat it does.\n\n* a\n* b\n{% endopenapi-operation %}\n`,
  'two operations': `${operation}\n{% endopenapi-operation %}\n\n{% openapi src="pets.yaml" path="/pets" method="get" %}\n{% endopenapi %}\n`,
  'prose and an operation': `Intro.\n\n${operation}\n`,
  'a setext heading and an operation': `Pets\n====\n\n${operation}\n{% endopenapi-operation %}\n`,
  'a two-line setext heading and an operation': `# API\n\nPets and\nowners\n---\n\n${operation}\n`,
  'a setext heading in CRLF lines and an operation': `Pets\r\n----\r\n\r\n${operation}\r\n`,
  'a table and an operation': `a | b\n--- | ---\n1 | 2\n\n${operation}\n`,
  'an ordered list and an operation': `1. first\n2. second\n\n${operation}\n`,
  'a link definition and an operation': `[pets]: https://example.com/pets\n\n${operation}\n`,
  'an operation interrupting a paragraph': `Intro.\n${operation}\n`,
  'tag text in a fence': `\`\`\`markdown\n${operation}\n{% @hello-block/hello name="Ada" %}\n\`\`\`\n`,
  'tag text in a tilde fence inside a list': `* item\n\n  ~~~\n  ${operation}\n  ~~~\n`,
  'tag text in inline code': `Write \`${operation}\` or \`{% @hello-block/hello %}\` on a line.\n`,
  'tag text inside a line': `Write ${operation} on a line.\n`,
  'tag text in an indented code block': `Text.\n\n    ${operation}\n    {% @hello-block/hello %}\n`,
  'tags inside a hint, tabs and a list': `{% hint style="info" %}\n${operation}\n{% endhint %}\n\n{% tabs %}\n{% tab title="A" %}\n{% openapi-schemas spec="pets" schemas="Pet,Error" grouped="true" %}\n{% endtab %}\n{% endtabs %}\n\n* item\n  {% @hello-block/hello name="Ada" %}\n\n> {% openapi-webhook spec="pets" name="newPet" method="post" %}\n`,
  'an end tag crossing a hint': `{% hint style="info" %}\n${operation}\n{% endhint %}\n{% endopenapi-operation %}\n`,
  'swagger with its parts': '{% swagger method="delete" path="/pets/{id}" baseUrl="https://x" summary="Remove" %}\n{% swagger-description %}\nGone.\n{% endswagger-description %}\n{% endswagger %}\n',
  'swagger with prose inside': '{% swagger method="get" path="/pets" baseUrl="https://x" summary="List" %}\nProse.\n{% endswagger %}\n',
  'swagger without its end tag': '{% swagger method="get" path="/pets" baseUrl="https://x" summary="List" %}\n',
  'a method outside HTTP': '{% openapi-operation spec="pets" path="/pets" method="fetch" %}\n',
  'integration blocks with props': '{% @hello-block/hello name="Ada" %}\n\n{% @rich/card url="https://example.com/a" %}\n\n{% @hello-block/hello name="Ada" %}\n',
  'a tag in an HTML block': `<div>\n${operation}\n</div>\n`,
  'a tag in a comment': `<!--\n${operation}\n-->\n`,
  'a tag after an expandable': `<details>\n<summary>More</summary>\n\n${operation}\n\n</details>\n`,
  'front matter': `---\ndescription: x\n---\n\n${operation}\n`,
  'a reference definition': `${operation}\n\n[a]: https://example.com\n`,
};

describe('the page tag reader: the same blocks as the full parse', () => {
  it('hand-picked cases', () => {
    const taken = Object.entries(cases).filter(([, markdown]) => compare(markdown)).map(([name]) => name);
    expect(taken).toEqual(expect.arrayContaining(['one operation', 'tag text in a fence', 'tag text in inline code', 'tags inside a hint, tabs and a list', 'swagger with its parts']));
  });

  it('every Markdown fixture, corpus page and fixture repository page', () => {
    const inputs = realPages();
    const taken = inputs.filter((input) => compare(input.body));
    expect(inputs.length).toBeGreaterThan(90);
    expect(taken.length).toBeGreaterThan(60);
  });

  it("every page of the export bench's mixed site", () => {
    const decoder = new TextDecoder();
    let pages = 0;
    let taken = 0;
    for (const space of generateMixedSite(120)) {
      for (const [path, bytes] of space.files) {
        if (!path.endsWith('.md')) continue;
        pages++;
        if (compare(pageBody(decoder.decode(bytes)))) taken++;
      }
    }
    expect(pages).toBeGreaterThanOrEqual(120);
    expect(taken).toBe(pages);
  });

  it('generated pages', () => {
    const tag = fc.constantFrom(operation, '{% openapi src="pets.yaml" path="/pets/{id}" method="GET" %}', '{% openapi-schemas spec="pets" schemas="Pet" %}', '{% @hello-block/hello name="Ada" %}', '{% endopenapi-operation %}', '{% endopenapi %}', '{% hint style="info" %}', '{% endhint %}', '# Title', '---', '<!-- note -->', '```\n{% openapi-operation spec="code" path="/x" method="get" %}\n```', 'Text with `{% @x/y %}` in it.', '* item\n  {% openapi-webhook spec="pets" name="newPet" method="post" %}', '> quoted', 'Title', '===', 'Intro line', 'a | b\n--- | ---', '2. step', '[x]: /x');
    const page = fc.array(tag, { minLength: 1, maxLength: 8 }).chain((lines) => fc.array(fc.constantFrom('\n', '\n\n'), { minLength: lines.length, maxLength: lines.length }).map((gaps) => lines.map((line, index) => line + gaps[index]).join('')));
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof(page, markdownPage), (markdown) => {
        if (compare(markdown)) taken++;
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 400) },
    );
    expect(taken).toBeGreaterThan(100);
  });
});
