import type { Element } from 'hast';
import type { Table } from 'mdast';
import { defaultHandlers, type Handler, type Handlers, type State } from 'mdast-util-to-hast';
import type { BodyContext } from '../body/body-context.ts';
import { element } from '../body/hast-builder.ts';
import { cards } from './cards.ts';
import { code, codeOptions } from './code.ts';
import { column, columns } from './columns.ts';
import { createContentRefHandlers } from './content-ref.ts';
import { details } from './details.ts';
import { embed } from './embed.ts';
import { createConditionHandler, liquidBlock, liquidTag, update, updates } from './extension-blocks.ts';
import { createFileHandler } from './file.ts';
import { createHeadingHandler } from './heading.ts';
import { hint } from './hint.ts';
import { drawing, figure, inlineImage } from './images.ts';
import { createIncludeHandler } from './include.ts';
import { createIntegrationBlockHandler } from './integration-block.ts';
import { button, icon, mark } from './inline-marks.ts';
import { inlineMath, math } from './math.ts';
import { createOpenAPIHandlers, swagger, swaggerPart, swaggerResponse } from './openapi.ts';
import { step, stepper } from './stepper.ts';
import { strayTab, tabs } from './tabs.ts';

/** Tables scroll sideways inside a frame instead of widening the page. */
function table(state: State, node: Table): Element {
  return element('div', { className: ['table-wrap'] }, [defaultHandlers.table(state, node)]);
}

/**
 * The mdast → hast handlers of every GitBook block (FORMAT.md, "Blocks") for one page body. Handlers that resolve
 * links or collect the outline read and fill the page's context.
 */
export function createHandlers(context: BodyContext): Handlers {
  const contentRefs = createContentRefHandlers(context);
  const handlers: Record<string, Handler> = {
    heading: createHeadingHandler(context),
    code,
    table,
    hint,
    tabs,
    tab: strayTab,
    codeOptions,
    details,
    stepper,
    step,
    columns,
    column,
    cards,
    embed,
    file: createFileHandler(context),
    include: createIncludeHandler(context),
    contentRef: contentRefs.contentRef,
    pageRef: contentRefs.pageRef,
    math,
    inlineMath,
    figure,
    drawing,
    inlineImage,
    button,
    icon,
    mark,
    ...createOpenAPIHandlers(context),
    swagger,
    swaggerDescription: swaggerPart,
    swaggerParameter: swaggerPart,
    swaggerResponse,
    integrationBlock: createIntegrationBlockHandler(context),
    liquidBlock,
    liquidTag,
    condition: createConditionHandler(context),
    updates,
    update,
  };
  return handlers as Handlers;
}

/** A node no handler knows (a block added to the format later): its children, or its text; never nothing. */
export const unknownHandler: Handler = (state, node: { children?: unknown[]; value?: unknown }) => {
  if (Array.isArray(node.children)) return element('div', { className: ['unknown-block'] }, state.all(node as Parameters<State['all']>[0]));
  if (typeof node.value === 'string') return { type: 'text', value: node.value };
  return undefined;
};
