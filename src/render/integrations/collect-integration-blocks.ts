import type { Node, Parent } from 'mdast';
import { parseMarkdown, type IntegrationBlock } from '../../markdown/index.ts';
import { tagNodes } from '../fast-body/page-tags.ts';
import type { SitePlan } from '../route-data.ts';
import { integrationBlockKey, integrationBlockProps, type IntegrationBlockReference } from './integration-block-reference.ts';

/**
 * Every distinct integration block the pages of a plan show, each once by key: in page bodies and in the reusable
 * contents they may include, with the space it is written in. Only bodies that mention `{% @` are read, by the fast
 * path's reader when it can (src/render/fast-body/page-tags.ts). Pure.
 *
 * @example
 * collectIntegrationBlocks(plan) // → [{ key: 'space1 @hello-block/hello {"name":"Ada"}', integration: 'hello-block', block: 'hello', props: { name: 'Ada' }, spaceId: 'space1' }]
 */
export function collectIntegrationBlocks(plan: SitePlan): IntegrationBlockReference[] {
  const found = new Map<string, IntegrationBlockReference>();
  const scan = (markdown: string, spaceId: string) => {
    if (!markdown.includes('{% @')) return;
    for (const { integration, block, props: attributes } of integrationBlocks(markdown)) {
      const props = integrationBlockProps(attributes);
      const key = integrationBlockKey(spaceId, integration, block, props);
      if (!found.has(key)) found.set(key, { key, integration, block, props, spaceId });
    }
  };
  for (const page of plan.pages) {
    const space = plan.spaces[page.space]!;
    if (page.documentId !== undefined) scan(space.documents[page.documentId] ?? '', space.spaceId);
  }
  for (const space of plan.spaces) for (const markdown of Object.values(space.includes)) scan(markdown, space.spaceId);
  return [...found.values()];
}

/** The integration blocks of a body, in document order. */
function integrationBlocks(markdown: string): IntegrationBlock[] {
  const isBlock = (node: Node): node is IntegrationBlock => node.type === 'integrationBlock';
  const read = tagNodes(markdown, (name) => name.startsWith('@'));
  if (read !== undefined) return read.filter(isBlock);
  const found: IntegrationBlock[] = [];
  visit(parseMarkdown(markdown), (node) => {
    if (isBlock(node)) found.push(node);
  });
  return found;
}

function visit(node: Node, enter: (node: Node) => void): void {
  enter(node);
  for (const child of (node as Parent).children ?? []) visit(child, enter);
}
