import type { Element } from 'hast';
import type { State } from 'mdast-util-to-hast';
import type { IntegrationBlock } from '../../markdown/index.ts';
import type { BodyContext } from '../body/body-context.ts';
import { element, text } from '../body/hast-builder.ts';
import { contentKitHtml } from '../contentkit/contentkit-html.ts';
import { integrationBlockKey, integrationBlockProps, unescapeLiquid } from '../integrations/integration-block-reference.ts';

/**
 * `{% @hello-block/hello name="Ada" %}` → the ContentKit element its integration rendered for the export
 * (`plan.integrationBlocks`, src/render/contentkit), framed and named; or, when it was not rendered, a placeholder
 * naming the integration with the reason, a `content` or `code` prop shown as source and a `url` prop as a link,
 * so the reader still gets the block's substance.
 */
export function createIntegrationBlockHandler(context: BodyContext) {
  return (_state: State, node: IntegrationBlock): Element => integrationBlockElement(context, node);
}

/** The element of an integration block: what its integration rendered, or the placeholder. */
export function integrationBlockElement(context: BodyContext, node: IntegrationBlock): Element {
  const scope = context.integrationBlocks;
  const rendered = scope === undefined ? undefined : scope.rendered[integrationBlockKey(scope.spaceId, node.integration, node.block, integrationBlockProps(node.props))];
  if (rendered !== undefined && 'element' in rendered) {
    return element('div', { className: ['integration-block', 'integration-rendered'], dataIntegration: node.integration, dataBlock: node.block }, [contentKitHtml(rendered.element, rendered.state ?? {})]);
  }
  return integrationPlaceholder(node, rendered === undefined ? 'it was not rendered for this export' : rendered.error);
}

/** What a block shows when its integration did not render it: its name, why, and its source or URL prop. */
export function integrationPlaceholder(node: IntegrationBlock, reason: string): Element {
  const source = node.props.find((prop) => prop.name === 'content' || prop.name === 'code')?.value;
  const url = node.props.find((prop) => prop.name === 'url')?.value;
  return element('div', { className: ['integration-block'], dataIntegration: node.integration }, [
    element('div', { className: ['integration-head'] }, [
      element('span', { className: ['integration-icon'], ariaHidden: 'true' }),
      element('strong', {}, [text(node.integration)]),
      element('span', { className: ['integration-name'] }, [text(` · ${node.block}`)]),
    ]),
    element('p', { className: ['integration-note'] }, [text(`This block is drawn by the ${node.integration} integration on the hosted site.`)]),
    element('p', { className: ['integration-note', 'integration-reason'] }, [text(`Not rendered in this export: ${reason}.`)]),
    ...(source ? [element('pre', {}, [element('code', {}, [text(unescapeLiquid(source))])])] : []),
    ...(url ? [element('p', {}, [element('a', { href: unescapeLiquid(url) }, [text(unescapeLiquid(url))])])] : []),
  ]);
}
