// bench/render/families: what each block family of FORMAT.md costs to render (issue 17: "every block family renders
// on the fast path, or the full path costs < 0.5 ms a page"). For each family it generates `pages` realistic pages
// (a title-less body of prose: headings, paragraphs with links and emphasis, a list, and one or two blocks of the
// family), renders each page body once untimed (warm-up), then times every page on the full path (`fast: false`) and
// as pages are rendered (`renderBody`, which takes the fast path when it can), and prints per family: the share of
// pages the fast path takes, and the median ms per page of each. The body HTML is written as the export writes it.
// OpenAPI blocks are measured twice: with their specification loaded (test/fixtures/openapi/petstore.yaml, rendered
// from it) and without (their fallback); integration blocks likewise, rendered by their integration (a ContentKit
// output) and not.
// Usage: npx tsx bench/render/families.ts [pages=300] [rounds=3]
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parse } from 'yaml';
import { createBodyContext, type BodyContextOptions } from '../../src/render/body/body-context.ts';
import { bodySpace } from '../../src/render/body/body-space.fixture.ts';
import { bodyHtml } from '../../src/render/body/body-html.ts';
import { renderBody } from '../../src/render/body/render-body.ts';
import { fastBodyTree } from '../../src/render/fast-body/fast-body-tree.ts';
import { integrationBlockKey } from '../../src/render/integrations/integration-block-reference.ts';
import type { OpenAPIDocument } from '../../src/render/openapi/document.ts';

const pages = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 3);

/** A small deterministic generator, so every run renders the same pages. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const words = ['the', 'service', 'reads', 'each', 'page', 'of', 'a', 'space', 'and', 'writes', 'its', 'bundle', 'when', 'you', 'sync', 'repository', 'tokens', 'are', 'scoped', 'to', 'one', 'organization', 'request', 'returns', 'list', 'members', 'with', 'their', 'roles', 'configure', 'webhook', 'retries', 'after', 'failure'];

type Pick = <T>(list: readonly T[]) => T;

function sentence(pick: Pick, next: () => number): string {
  const length = 6 + Math.floor(next() * 10);
  const parts: string[] = [];
  for (let index = 0; index < length; index++) {
    const word = pick(words);
    const roll = next();
    if (roll < 0.04) parts.push(`**${word}**`);
    else if (roll < 0.07) parts.push(`_${word}_`);
    else if (roll < 0.1) parts.push(`\`${word}\``);
    else if (roll < 0.13) parts.push(`[${word}](writing.md)`);
    else parts.push(word);
  }
  const text = parts.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(pick: Pick, next: () => number): string {
  return Array.from({ length: 2 + Math.floor(next() * 3) }, () => sentence(pick, next)).join(' ');
}

/** Prose around the blocks: what most of a real page is. */
function prose(pick: Pick, next: () => number, heading: string): string {
  return [`## ${heading}`, paragraph(pick, next), `* ${sentence(pick, next)}\n* ${sentence(pick, next)}\n* ${sentence(pick, next)}`, paragraph(pick, next)].join('\n\n');
}

/** One block of each family, written the way GitBook's exporter writes it (FORMAT.md, "Blocks"). */
const families: Record<string, (pick: Pick, next: () => number) => string> = {
  'plain prose (no block)': (pick, next) => paragraph(pick, next),
  hints: (pick, next) => `{% hint style="${pick(['info', 'warning', 'danger', 'success'])}" %}\n${paragraph(pick, next)}\n{% endhint %}`,
  tabs: (pick, next) => `{% tabs %}\n{% tab title="npm" %}\n${paragraph(pick, next)}\n\n\`\`\`bash\nnpm install quire\n\`\`\`\n{% endtab %}\n\n{% tab title="yarn" %}\n${paragraph(pick, next)}\n{% endtab %}\n{% endtabs %}`,
  'code with titles': (pick) => `{% code title="${pick(['index.js', 'server.ts', 'config.yaml'])}" lineNumbers="true" %}\n\`\`\`javascript\nconst client = createClient({ token: process.env.TOKEN });\nconst page = await client.pages.get('${pick(words)}');\nconsole.log(page.title);\n\`\`\`\n{% endcode %}`,
  cards: (pick) => `<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>${pick(words)}</strong></td><td><a href="writing.md">writing.md</a></td></tr><tr><td><strong>Home</strong></td><td><a href="../README.md">../README.md</a></td></tr></tbody></table>`,
  columns: (pick, next) => `{% columns %}\n{% column width="50%" %}\n${paragraph(pick, next)}\n{% endcolumn %}\n\n{% column %}\n${paragraph(pick, next)}\n{% endcolumn %}\n{% endcolumns %}`,
  steppers: (pick, next) => `{% stepper %}\n{% step %}\n### Install\n\n${paragraph(pick, next)}\n{% endstep %}\n\n{% step %}\n### Configure\n\n${paragraph(pick, next)}\n{% endstep %}\n{% endstepper %}`,
  'content-refs': (pick) => `{% content-ref url="${pick(['writing.md', '../README.md'])}" %}\n[${'writing.md'}](writing.md)\n{% endcontent-ref %}`,
  includes: () => `{% include "../.gitbook/includes/plain.md" %}`,
  embeds: (pick) => `{% embed url="https://www.youtube.com/watch?v=${pick(words)}" %}`,
  math: () => `$$\nf(x) = \\int_{-\\infty}^\\infty \\hat f(\\xi)\\,e^{2 \\pi i \\xi x} \\,d\\xi\n$$`,
  'HTML tables': (pick) => `<table><thead><tr><th>Name</th><th>Type</th></tr></thead><tbody><tr><td>${pick(words)}</td><td>string</td></tr><tr><td>limit</td><td>number</td></tr></tbody></table>`,
  images: (pick) => `<figure><img src="../.gitbook/assets/cover.png" alt="${pick(words)}"><figcaption><p>The ${pick(words)} screen</p></figcaption></figure>`,
  expandables: (pick, next) => `<details>\n\n<summary>${pick(['How do I sync?', 'What are tokens?'])}</summary>\n\n${paragraph(pick, next)}\n\n</details>`,
  'buttons, icons': (pick, next) => `${paragraph(pick, next)} <a href="https://example.com" class="button primary" data-icon="rocket">Get started</a> <i class="fa-wallet">:wallet:</i>`,
  updates: (pick, next) => `{% updates format="full" %}\n{% update date="2025-12-25" tags="release" %}\n## New ${pick(words)}\n\n${paragraph(pick, next)}\n{% endupdate %}\n{% endupdates %}`,
  conditions: (pick, next) => `{% if visitor.claims.plan == "pro" %}\n${paragraph(pick, next)}\n{% endif %}`,
  'OpenAPI blocks (specification loaded)': (pick) => `{% openapi-operation spec="petstore" path="${pick(['/pets', '/pets/{petId}'])}" method="get" %}\n[OpenAPI petstore](https://petstore3.swagger.io/api/v3/openapi.json)\n{% endopenapi-operation %}`,
  'OpenAPI blocks (specification not loaded)': () => `{% openapi src="https://petstore3.swagger.io/api/v3/openapi.json" path="/pet" method="post" %}\n[https://petstore3.swagger.io/api/v3/openapi.json](https://petstore3.swagger.io/api/v3/openapi.json)\n{% endopenapi %}`,
  'integration blocks (rendered by their integration)': () => `{% @hello-block/hello name="Ada" %}`,
  'integration blocks (not rendered)': () => `{% @mermaid/diagram content="graph TD; A-->B" %}`,
};

const petstore = parse(readFileSync(new URL('../../test/fixtures/openapi/petstore.yaml', import.meta.url), 'utf8')) as OpenAPIDocument;
/** What the blocks of every family render with: the petstore specification, and one block its integration rendered. */
const contextOptions: BodyContextOptions = {
  openapi: { documents: { 'spec:petstore': { document: petstore } }, siteSpaceId: 'main' },
  integrationBlocks: {
    spaceId: 'space1',
    rendered: {
      [integrationBlockKey('space1', 'hello-block', 'hello', { name: 'Ada' })]: {
        element: { type: 'block', children: [{ type: 'card', title: 'Hello, Ada!', onPress: { action: '@ui.url.open', url: 'https://hello.example.com/ada' }, children: [{ type: 'text', children: ['Rendered by ', { type: 'text', style: 'bold', children: 'hello-block' }] }] }] },
      },
    },
  },
};

function generatePage(family: string, seed: number): string {
  const next = random(seed);
  const pick: Pick = (list) => list[Math.floor(next() * list.length)]!;
  const block = families[family]!;
  const sections = [prose(pick, next, 'Overview'), block(pick, next), prose(pick, next, 'Details')];
  if (next() < 0.5) sections.push(block(pick, next));
  sections.push(paragraph(pick, next));
  return `${sections.join('\n\n')}\n`;
}

const space = bodySpace({ '.gitbook/includes/plain.md': '* one\n* [two](../../guides/writing.md)\n' });

function timeOne(markdown: string, fast: boolean): number {
  const start = performance.now();
  const tree = renderBody(markdown, createBodyContext(space, 'guides/README.md', 'self', contextOptions), '../', { fast });
  bodyHtml(tree);
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

console.log(`${pages} pages a family, ${rounds} rounds; ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
console.log('| family | fast path takes | full path, ms a page (median) | as rendered, ms a page (median) |');
console.log('|---|---|---|---|');
for (const family of Object.keys(families)) {
  const inputs = Array.from({ length: pages }, (_, index) => generatePage(family, index + 1));
  const taken = inputs.filter((markdown) => fastBodyTree(markdown, createBodyContext(space, 'guides/README.md', 'self', contextOptions)) !== undefined).length;
  for (const markdown of inputs) timeOne(markdown, false);
  for (const markdown of inputs) timeOne(markdown, true);
  const full: number[] = [];
  const rendered: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const markdown of inputs) full.push(timeOne(markdown, false));
    for (const markdown of inputs) rendered.push(timeOne(markdown, true));
  }
  console.log(`| ${family} | ${taken} / ${pages} | ${median(full).toFixed(3)} | ${median(rendered).toFixed(3)} |`);
}
