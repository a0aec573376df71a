import { describe, expect, it } from 'vitest';
import { oneSpaceSite, spaceBundle } from '../inline-site-fixture.ts';
import { planSite } from '../plan-site.ts';
import { collectIntegrationBlocks } from './collect-integration-blocks.ts';
import { integrationBlockKey, integrationBlockProps } from './integration-block-reference.ts';

describe('collectIntegrationBlocks', () => {
  it('finds each distinct block once, in pages and reusable contents, with its props unescaped and its space', () => {
    const plan = planSite(
      oneSpaceSite(
        spaceBundle({
          'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Again](again.md)\n* [Plain](plain.md)\n',
          'README.md': '# Home\n\n{% @hello-block/hello name="Ada" %}\n\n{% @mermaid/diagram content="graph TD; A-->B" %}\n',
          'again.md': '# Again\n\n{% @hello-block/hello name="Ada" %}\n\n{% @hello-block/hello name="Say \\"hi\\"" loud %}\n\n{% include ".gitbook/includes/shared.md" %}\n',
          'plain.md': '# Plain\n\nNo blocks, only `{% @not/a-block %}` in code.\n',
          '.gitbook/includes/shared.md': '{% @hello-block/hello name="Grace" %}\n',
        }),
      ),
    );
    const spaceId = plan.spaces[0]!.spaceId;
    const found = collectIntegrationBlocks(plan);
    expect(found.map(({ integration, block, props }) => ({ integration, block, props }))).toEqual([
      { integration: 'hello-block', block: 'hello', props: { name: 'Ada' } },
      { integration: 'mermaid', block: 'diagram', props: { content: 'graph TD; A-->B' } },
      { integration: 'hello-block', block: 'hello', props: { name: 'Say "hi"', loud: true } },
      { integration: 'hello-block', block: 'hello', props: { name: 'Grace' } },
    ]);
    for (const block of found) {
      expect(block.spaceId).toBe(spaceId);
      expect(block.key).toBe(integrationBlockKey(spaceId, block.integration, block.block, block.props));
    }
  });

  it('keys blocks by space, integration, block and props', () => {
    const props = integrationBlockProps([{ name: 'name', value: 'Ada', quote: '"' }]);
    const keys = new Set([
      integrationBlockKey('s1', 'hello-block', 'hello', props),
      integrationBlockKey('s2', 'hello-block', 'hello', props),
      integrationBlockKey('s1', 'hello-block', 'other', props),
      integrationBlockKey('s1', 'hello-block', 'hello', { name: 'Grace' }),
    ]);
    expect(keys.size).toBe(4);
  });
});
