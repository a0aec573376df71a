import type { ElementContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { element, text } from '../body/hast-builder.ts';
import { bodyHtml } from '../body/body-html.ts';
import { descriptionMarkdown, documentDescriptions } from './description-markdown.ts';

/** Every node of `nodes` and below. */
function allNodes(nodes: ElementContent[]): ElementContent[] {
  return nodes.flatMap((node) => [node, ...(node.type === 'element' ? allNodes(node.children) : [])]);
}

describe('documentDescriptions', () => {
  const source = 'Returns **one** pet, see [the guide](https://example.com/guide).\n\n- `id`: its *number*';

  it('answers the description as descriptionMarkdown reads it, each time a copy a page may change', () => {
    const markdown = documentDescriptions({});
    const first = markdown(source);
    expect(bodyHtml({ type: 'root', children: first })).toBe(bodyHtml({ type: 'root', children: descriptionMarkdown(source) }));
    (first[0] as { children: ElementContent[] }).children.length = 0;
    const second = markdown(source);
    expect(second).not.toBe(first);
    expect(bodyHtml({ type: 'root', children: second })).toBe(bodyHtml({ type: 'root', children: descriptionMarkdown(source) }));
  });

  it('makes its nodes in the shapes the rest of a page body has: no source position, the builders\' keys in their order', () => {
    const nodes = allNodes(documentDescriptions({})(source));
    expect(nodes.some((node) => node.type === 'element')).toBe(true);
    const keysOf = (node: object) => Object.keys(node).join(',');
    const elementKeys = keysOf(element('p'));
    const textKeys = keysOf(text('x'));
    for (const node of nodes) expect(keysOf(node)).toBe(node.type === 'element' ? elementKeys : textKeys);
  });
});
