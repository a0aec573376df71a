// Which blocks each container of the published model accepts (spec/published-content-model.md 5.1 and 5.5,
// `nodes` of each block). Markdown nests anything in anything; what a container does not accept is turned
// into something it does (fit-blocks.ts).
import type { DocumentBlock } from '@gitbook/api';

export type BlockType = DocumentBlock['type'];

/** The places blocks go: the document, the blocks that hold blocks, and the fragments that do. */
export type Container =
  | 'document'
  | 'if'
  | 'list-item'
  | 'blockquote'
  | 'hint'
  | 'expandable-body'
  | 'tabs-item'
  | 'stepper-step'
  | 'column'
  | 'update'
  | 'caption'
  | 'table-cell';

/** `DocumentBlocksEssentials`. */
const essentials: readonly BlockType[] = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'];

/** `DocumentBlocksTopLevels`. */
const topLevels: readonly BlockType[] = [
  ...essentials,
  'blockquote',
  'hint',
  'prompt',
  'images',
  'file',
  'drawing',
  'embed',
  'code',
  'math',
  'expandable',
  'tabs',
  'table',
  'swagger',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'content-ref',
  'integration',
  'reusable-content',
  'stepper',
  'if',
  'columns',
  'updates',
];

const tabsItem: readonly BlockType[] = [...essentials, 'content-ref', 'code', 'embed', 'file', 'images', 'drawing', 'hint', 'prompt', 'blockquote', 'math', 'integration'];

const allowed: Record<Container, ReadonlySet<BlockType>> = {
  document: new Set(topLevels),
  if: new Set(topLevels),
  'list-item': new Set([...essentials, 'code', 'hint', 'blockquote', 'math', 'table']),
  blockquote: new Set([...essentials, 'blockquote']),
  hint: new Set([...essentials, 'embed', 'integration', 'table']),
  'expandable-body': new Set([...essentials, 'file', 'images', 'code', 'table', 'hint', 'prompt', 'blockquote', 'reusable-content', 'integration']),
  'tabs-item': new Set(tabsItem),
  'stepper-step': new Set([...tabsItem, 'expandable']),
  column: new Set([...essentials, 'images', 'code', 'hint', 'prompt', 'content-ref', 'drawing', 'embed', 'file', 'integration', 'math', 'blockquote', 'table', 'expandable', 'stepper']),
  update: new Set([...tabsItem, 'tabs', 'expandable']),
  // An image caption holds paragraphs only.
  caption: new Set(['paragraph']),
  // A table cell is a fragment, which the model lets hold any block; we keep to what a page holds.
  'table-cell': new Set(topLevels),
};

/** Whether `container` accepts a block of `type` among its children. */
export function accepts(container: Container, type: BlockType): boolean {
  return allowed[container].has(type);
}
