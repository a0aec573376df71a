import type { List, Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../parse-markdown.ts';
import { stringifyMarkdown } from '../stringify-markdown.ts';
import type { GitbookNodeType } from '../node-types.ts';
import { gitbookNodeTypes } from '../node-types.ts';
import { htmlBlockStart } from '../html/html-block-start.ts';
import { htmlBlockNodeTypes, tagLineNodeTypes } from './html-block-end.ts';

type PhrasingType = 'button' | 'icon' | 'inlineImage' | 'inlineMath' | 'mark';
const phrasingTypes: readonly PhrasingType[] = ['button', 'icon', 'inlineImage', 'inlineMath', 'mark'];

const swagger = [
  '{% swagger baseUrl="https://api.example.com" path="/v1/pets" method="get" summary="List pets" %}\n{% swagger-description %}\nAll pets.\n{% endswagger-description %}',
  '{% swagger-parameter in="query" name="limit" type="integer" %}\nAt most.\n{% endswagger-parameter %}',
  '{% swagger-response status="200" description="Found" %}\n```json\n[]\n```\n{% endswagger-response %}\n{% endswagger %}',
].join('\n\n');

/** Markdown holding a node of each flow type GitBook's dialect adds (child types inside their parent). */
const samples: Record<Exclude<GitbookNodeType, PhrasingType>, string> = {
  cards: '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>Guide</td><td><a href="guide.md">guide.md</a></td></tr></tbody></table>',
  codeOptions: '{% code title="index.js" lineNumbers="true" %}\n```js\nrun();\n```\n{% endcode %}',
  column: '{% columns %}\n{% column %}\nLeft.\n{% endcolumn %}\n{% endcolumns %}',
  columns: '{% columns %}\n{% column %}\nLeft.\n{% endcolumn %}\n{% endcolumns %}',
  condition: '{% if visitor.claims.beta %}\nBeta only.\n{% endif %}',
  contentRef: '{% content-ref url="lists.md" %}\n[lists.md](lists.md)\n{% endcontent-ref %}',
  details: '<details>\n\n<summary>More</summary>\n\nHidden.\n\n</details>',
  drawing: '<img src=".gitbook/assets/flow.drawing.svg" alt="" class="gitbook-drawing">',
  embed: '{% embed url="https://example.com/video" %}',
  figure: '<figure><img src=".gitbook/assets/a.png" alt=""><figcaption><p>The flow</p></figcaption></figure>',
  file: '{% file src=".gitbook/assets/guide.pdf" %}\nThe guide.\n{% endfile %}',
  hint: '{% hint style="info" %}\nNote.\n{% endhint %}',
  include: '{% include "../.gitbook/includes/legal.md" %}',
  integrationBlock: '{% @acme/map zoom="2" %}',
  liquidBlock: '{% xcustom %}\nInside.\n{% endxcustom %}',
  liquidTag: '{% xcustom key="value" %}',
  math: '$$\na = b\n$$',
  openapi: '{% openapi src="petstore.yaml" path="/pets" method="get" %}\n[petstore.yaml](petstore.yaml)\n{% endopenapi %}',
  openapiOperation: '{% openapi-operation spec="petstore" path="/pet" method="post" %}\n[OpenAPI petstore](https://example.com/openapi.json)\n{% endopenapi-operation %}',
  openapiSchemas: '{% openapi-schemas spec="petstore" schemas="Pet" grouped="true" %}\n[OpenAPI petstore](https://example.com/openapi.json)\n{% endopenapi-schemas %}',
  openapiWebhook: '{% openapi-webhook spec="petstore" name="newPet" method="post" %}\n[OpenAPI petstore](https://example.com/openapi.json)\n{% endopenapi-webhook %}',
  pageRef: '{% page-ref page="emoji.md" %}',
  step: '{% stepper %}\n{% step %}\nFirst.\n{% endstep %}\n{% endstepper %}',
  stepper: '{% stepper %}\n{% step %}\nFirst.\n{% endstep %}\n{% endstepper %}',
  swagger,
  swaggerDescription: swagger,
  swaggerParameter: swagger,
  swaggerResponse: swagger,
  tab: '{% tabs %}\n{% tab title="One" %}\nFirst.\n{% endtab %}\n{% endtabs %}',
  tabs: '{% tabs %}\n{% tab title="One" %}\nFirst.\n{% endtab %}\n{% endtabs %}',
  update: '{% updates format="full" %}\n{% update date="2025-12-25" tags="release" %}\nNews.\n{% endupdate %}\n{% endupdates %}',
  updates: '{% updates format="full" %}\n{% update date="2025-12-25" tags="release" %}\nNews.\n{% endupdate %}\n{% endupdates %}',
};

function find(node: Root | RootContent, type: string): RootContent | undefined {
  if (node.type === type) return node as RootContent;
  if (!('children' in node)) return undefined;
  for (const child of node.children) {
    const found = find(child, type);
    if (found) return found;
  }
  return undefined;
}

function sampleNode(type: keyof typeof samples): RootContent {
  const node = find(parseMarkdown(samples[type]), type);
  if (!node) throw new Error(`the sample of ${type} holds no ${type} node`);
  return node;
}

function writtenAlone(node: RootContent): string {
  return stringifyMarkdown({ type: 'root', children: [node] });
}

function tightItem(children: RootContent[]): Root {
  return { type: 'root', children: [{ type: 'list', ordered: false, spread: false, children: [{ type: 'listItem', spread: false, children: children as List['children'][number]['children'] }] }] };
}

function itemOf(tree: Root) {
  const list = tree.children[0] as List;
  return list.children[0]!;
}

const flowTypes = Object.keys(samples) as Array<keyof typeof samples>;
/** Types that only stand inside their parent's tags (a column in columns), never directly in a list item. */
const childTypes = new Set(['column', 'step', 'swaggerDescription', 'swaggerParameter', 'swaggerResponse', 'tab', 'update']);

describe('html block ends in tight list items', () => {
  it('classifies every node type of the dialect', () => {
    expect([...flowTypes, ...phrasingTypes].sort()).toEqual([...gitbookNodeTypes].sort());
  });

  it.each(flowTypes)('%s: starts with a tag line exactly when listed so', (type) => {
    const written = writtenAlone(sampleNode(type));
    expect(written.startsWith('{%'), written).toBe(tagLineNodeTypes.has(type));
  });

  it.each(flowTypes)('%s: ends with an HTML block exactly when listed so', (type) => {
    const lines = writtenAlone(sampleNode(type)).trimEnd().split('\n');
    const last = lines[lines.length - 1]!;
    expect(htmlBlockStart(last) !== undefined, last).toBe(htmlBlockNodeTypes.has(type));
  });

  const tagLineFlow = flowTypes.filter((type) => tagLineNodeTypes.has(type) && !childTypes.has(type));
  it.each(tagLineFlow)('%s right under HTML keeps the item tight', (type) => {
    const markdown = `* <img src="a.png" alt="">\n  ${samples[type].replace(/\n(?=.)/g, '\n  ')}\n* next\n`;
    const tree = parseMarkdown(markdown);
    const item = itemOf(tree);
    expect(item.spread).toBe(false);
    expect(item.children.map((child) => child.type)).toEqual(['html', type]);
    expect(stringifyMarkdown(tree)).toBe(markdown);
  });

  const htmlFlow = [...htmlBlockNodeTypes] as Array<keyof typeof samples>;
  it.each(htmlFlow)('%s then text or code in a tight item: nothing joins the HTML', (type) => {
    for (const after of ['Text after.', '```\ncode\n```']) {
      const next = parseMarkdown(after).children[0]!;
      const written = stringifyMarkdown(tightItem([sampleNode(type), next]));
      const children = itemOf(parseMarkdown(written)).children;
      expect(children.map((child) => child.type), written).toEqual([type, next.type]);
    }
  });

  it('html then text in a tight item: nothing joins the HTML', () => {
    const written = stringifyMarkdown(tightItem([{ type: 'html', value: '<div>a</div>' }, { type: 'paragraph', children: [{ type: 'text', value: 'b' }] }]));
    expect(itemOf(parseMarkdown(written)).children.map((child) => child.type)).toEqual(['html', 'paragraph']);
  });
});
