// The node types GitBook-flavoured Markdown adds to mdast, for consumers that switch on `type`.
import type { Button } from './blocks/button/types.ts';
import type { Cards } from './blocks/cards/types.ts';
import type { CodeOptions } from './blocks/code/types.ts';
import type { Column, Columns } from './blocks/columns/types.ts';
import type { Condition } from './blocks/condition/types.ts';
import type { ContentRef, PageRef } from './blocks/content-ref/types.ts';
import type { Details } from './blocks/details/types.ts';
import type { Drawing } from './blocks/drawing/types.ts';
import type { Embed } from './blocks/embed/types.ts';
import type { Figure } from './blocks/figure/types.ts';
import type { File } from './blocks/file/types.ts';
import type { Hint } from './blocks/hint/types.ts';
import type { Icon } from './blocks/icon/types.ts';
import type { Include } from './blocks/include/types.ts';
import type { InlineImage } from './blocks/inline-image/types.ts';
import type { IntegrationBlock } from './blocks/integration/types.ts';
import type { Mark } from './blocks/mark/types.ts';
import type { InlineMath, Math } from './blocks/math/types.ts';
import type { Openapi, OpenapiOperation, OpenapiSchemas, OpenapiWebhook, Swagger, SwaggerDescription, SwaggerParameter, SwaggerResponse } from './blocks/openapi/types.ts';
import type { Step, Stepper } from './blocks/stepper/types.ts';
import type { Tab, Tabs } from './blocks/tabs/types.ts';
import type { Update, Updates } from './blocks/updates/types.ts';
import type { LiquidBlock, LiquidTag } from './liquid/types.ts';

/** Every node GitBook-flavoured Markdown adds to mdast (GFM's are mdast's own). */
export type GitbookNode =
  | Button
  | Cards
  | CodeOptions
  | Column
  | Columns
  | Condition
  | ContentRef
  | Details
  | Drawing
  | Embed
  | Figure
  | File
  | Hint
  | Icon
  | Include
  | InlineImage
  | InlineMath
  | IntegrationBlock
  | LiquidBlock
  | LiquidTag
  | Mark
  | Math
  | Openapi
  | OpenapiOperation
  | OpenapiSchemas
  | OpenapiWebhook
  | PageRef
  | Step
  | Stepper
  | Swagger
  | SwaggerDescription
  | SwaggerParameter
  | SwaggerResponse
  | Tab
  | Tabs
  | Update
  | Updates;

export type GitbookNodeType = GitbookNode['type'];

/**
 * The `type` of every node GitBook-flavoured Markdown adds to mdast.
 *
 * @example
 * ```ts
 * const custom = tree.children.filter((node) => (gitbookNodeTypes as readonly string[]).includes(node.type));
 * ```
 */
export const gitbookNodeTypes = [
  'button',
  'cards',
  'codeOptions',
  'column',
  'columns',
  'condition',
  'contentRef',
  'details',
  'drawing',
  'embed',
  'figure',
  'file',
  'hint',
  'icon',
  'include',
  'inlineImage',
  'inlineMath',
  'integrationBlock',
  'liquidBlock',
  'liquidTag',
  'mark',
  'math',
  'openapi',
  'openapiOperation',
  'openapiSchemas',
  'openapiWebhook',
  'pageRef',
  'step',
  'stepper',
  'swagger',
  'swaggerDescription',
  'swaggerParameter',
  'swaggerResponse',
  'tab',
  'tabs',
  'update',
  'updates',
] as const satisfies readonly GitbookNodeType[];

// Every member of the union is listed above, and nothing else.
type Missing = Exclude<GitbookNodeType, (typeof gitbookNodeTypes)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;
