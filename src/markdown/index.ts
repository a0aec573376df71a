// src/markdown: GitBook-flavoured Markdown ⇄ mdast syntax tree. Pure: no I/O.
// Explicit named exports only; index.test.ts pins the list.
export { parseMarkdown } from './parse-markdown.ts';
export { stringifyMarkdown } from './stringify-markdown.ts';
export { readGitbookTag } from './remark-gitbook.ts';
export { readFigure } from './blocks/figure/from-markdown.ts';
export { readCards } from './blocks/cards/from-markdown.ts';
export { gitbookNodeTypes, type GitbookNode, type GitbookNodeType } from './node-types.ts';
export type { Attribute } from './attributes/attribute.ts';
export type { Button, ButtonFields } from './blocks/button/types.ts';
export type { Cards, CardsColumn, CardsRow } from './blocks/cards/types.ts';
export type { CodeOptions, CodeOptionsFields } from './blocks/code/types.ts';
export type { Column, ColumnFields, Columns } from './blocks/columns/types.ts';
export type { Condition } from './blocks/condition/types.ts';
export type { ContentRef, ContentRefFields, PageRef, PageRefFields } from './blocks/content-ref/types.ts';
export type { Details } from './blocks/details/types.ts';
export type { Drawing, DrawingFields } from './blocks/drawing/types.ts';
export type { Embed, EmbedFields } from './blocks/embed/types.ts';
export type { Figure, FigureFields } from './blocks/figure/types.ts';
export type { File, FileFields } from './blocks/file/types.ts';
export type { Hint, HintFields, HintStyle } from './blocks/hint/types.ts';
export type { Icon, IconFields } from './blocks/icon/types.ts';
export type { Include } from './blocks/include/types.ts';
export type { InlineImage, InlineImageFields } from './blocks/inline-image/types.ts';
export type { IntegrationBlock } from './blocks/integration/types.ts';
export type { Mark, MarkFields } from './blocks/mark/types.ts';
export type { InlineMath, Math } from './blocks/math/types.ts';
export type {
  Openapi,
  OpenapiFields,
  OpenapiOperation,
  OpenapiOperationFields,
  OpenapiSchemas,
  OpenapiSchemasFields,
  OpenapiWebhook,
  OpenapiWebhookFields,
  Swagger,
  SwaggerContent,
  SwaggerDescription,
  SwaggerFields,
  SwaggerParameter,
  SwaggerResponse,
  SwaggerResponseFields,
} from './blocks/openapi/types.ts';
export type { Step, Stepper } from './blocks/stepper/types.ts';
export type { Tab, TabFields, Tabs } from './blocks/tabs/types.ts';
export type { Update, UpdateFields, Updates, UpdatesFields } from './blocks/updates/types.ts';
export type { FlowContent, LiquidBlock, LiquidTag } from './liquid/types.ts';
