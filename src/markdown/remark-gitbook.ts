// The remark plugin for GitBook-flavoured Markdown. It only wires: each syntax feature brings how it
// is read (micromark syntax, mdast-util-from-markdown extension, tree readers) and how it is
// written (mdast-util-to-markdown extension); see blocks/<family>/.
import type { Root, RootContent } from 'mdast';
import type { Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import type { Plugin } from 'unified';
import { buttonPairing } from './blocks/button/from-markdown.ts';
import { buttonToMarkdown } from './blocks/button/to-markdown.ts';
import { readCards } from './blocks/cards/from-markdown.ts';
import { cardsToMarkdown } from './blocks/cards/to-markdown.ts';
import { codeOptionsReader } from './blocks/code/from-markdown.ts';
import { codeOptionsToMarkdown } from './blocks/code/to-markdown.ts';
import { columnReader, columnsReader } from './blocks/columns/from-markdown.ts';
import { columnsToMarkdown } from './blocks/columns/to-markdown.ts';
import { conditionReader } from './blocks/condition/from-markdown.ts';
import { conditionToMarkdown } from './blocks/condition/to-markdown.ts';
import { contentRefReader, pageRefReader } from './blocks/content-ref/from-markdown.ts';
import { contentRefToMarkdown } from './blocks/content-ref/to-markdown.ts';
import { detailsPairing } from './blocks/details/from-markdown.ts';
import { detailsToMarkdown } from './blocks/details/to-markdown.ts';
import { readDrawing } from './blocks/drawing/from-markdown.ts';
import { drawingToMarkdown } from './blocks/drawing/to-markdown.ts';
import { embedReader } from './blocks/embed/from-markdown.ts';
import { embedToMarkdown } from './blocks/embed/to-markdown.ts';
import { fileReader } from './blocks/file/from-markdown.ts';
import { fileToMarkdown } from './blocks/file/to-markdown.ts';
import { readFigure } from './blocks/figure/from-markdown.ts';
import { figureToMarkdown } from './blocks/figure/to-markdown.ts';
import { hintReader } from './blocks/hint/from-markdown.ts';
import { hintToMarkdown } from './blocks/hint/to-markdown.ts';
import { iconPairing } from './blocks/icon/from-markdown.ts';
import { iconToMarkdown } from './blocks/icon/to-markdown.ts';
import { includeReader } from './blocks/include/from-markdown.ts';
import { includeToMarkdown } from './blocks/include/to-markdown.ts';
import { readInlineImage } from './blocks/inline-image/from-markdown.ts';
import { inlineImageToMarkdown } from './blocks/inline-image/to-markdown.ts';
import { integrationBlockReader } from './blocks/integration/from-markdown.ts';
import { integrationBlockToMarkdown } from './blocks/integration/to-markdown.ts';
import { markPairing } from './blocks/mark/from-markdown.ts';
import { markToMarkdown } from './blocks/mark/to-markdown.ts';
import { mathFromMarkdown } from './blocks/math/from-markdown.ts';
import { mathSyntax } from './blocks/math/syntax.ts';
import { mathToMarkdown } from './blocks/math/to-markdown.ts';
import {
  openapiOperationReader,
  openapiReader,
  openapiSchemasReader,
  openapiWebhookReader,
  swaggerDescriptionReader,
  swaggerParameterReader,
  swaggerReader,
  swaggerResponseReader,
} from './blocks/openapi/from-markdown.ts';
import { openapiToMarkdown } from './blocks/openapi/to-markdown.ts';
import { stepReader, stepperReader } from './blocks/stepper/from-markdown.ts';
import { stepperToMarkdown } from './blocks/stepper/to-markdown.ts';
import { tabReader, tabsReader } from './blocks/tabs/from-markdown.ts';
import { tabsToMarkdown } from './blocks/tabs/to-markdown.ts';
import { updateReader, updatesReader } from './blocks/updates/from-markdown.ts';
import { updatesToMarkdown } from './blocks/updates/to-markdown.ts';
import { maxHtmlDepth, maxMarkdownDepth } from '../model/nesting-limits.ts';
import { htmlBlockEnd } from './layout/html-block-end.ts';
import { writeText } from './layout/paragraph-trailing-space.ts';
import { liquidTagFromMarkdown } from './liquid/from-markdown.ts';
import { htmlFlowBeforeTagSyntax } from './liquid/html-flow-before-tag.ts';
import { liquidTagSyntax } from './liquid/syntax.ts';
import { readLiquidTags } from './liquid/read-liquid-tags.ts';
import { readTagName } from './liquid/tag-name.ts';
import { liquidTagToMarkdown } from './liquid/to-markdown.ts';
import { capHtmlDepth } from './nesting/cap-html-depth.ts';
import { capTreeDepth } from './nesting/cap-tree-depth.ts';
import { flattenDeepContainers } from './nesting/flatten-deep-containers.ts';
import { longDelimiterRunSyntax } from './nesting/long-delimiter-runs.ts';
import type { BlockReaders } from './tree/block-readers.ts';
import { readGitbookTree } from './tree/read-gitbook-tree.ts';

const readers: BlockReaders = {
  liquid: [
    hintReader,
    tabsReader,
    tabReader,
    codeOptionsReader,
    embedReader,
    contentRefReader,
    pageRefReader,
    fileReader,
    includeReader,
    stepperReader,
    stepReader,
    columnsReader,
    columnReader,
    updatesReader,
    updateReader,
    conditionReader,
    openapiReader,
    openapiOperationReader,
    openapiSchemasReader,
    openapiWebhookReader,
    swaggerReader,
    swaggerDescriptionReader,
    swaggerParameterReader,
    swaggerResponseReader,
    integrationBlockReader,
  ],
  flowPairings: [detailsPairing],
  flowHtml: [readFigure, readDrawing, readCards],
  phrasingPairings: [markPairing, buttonPairing, iconPairing],
  phrasingHtml: [readInlineImage],
};

/**
 * Reads one Liquid tag the way `parseMarkdown` reads a tag at the top level of a page: `value` is the tag as
 * written (`{% hint style="info" %}`); `children` is the content between it and its end tag for a pair, and absent
 * for a tag that stands alone. Answers the block node, or `undefined` when no block family takes the tag (parsing
 * would keep it as a `liquidTag` or `liquidBlock`). For renderers that read the Markdown around tags themselves.
 *
 * @example
 * readGitbookTag('{% hint style="warning" %}', []) // → { type: 'hint', style: 'warning', children: [] }
 * readGitbookTag('{% include "x.md" %}') // → { type: 'include', path: 'x.md' }
 */
export function readGitbookTag(value: string, children?: RootContent[]): RootContent | undefined {
  const name = readTagName(value);
  const node: RootContent =
    children === undefined
      ? { type: 'liquidTag', name, value }
      : { type: 'liquidBlock', name, open: value, close: `{% end${name} %}`, children: children as Extract<RootContent, { type: 'liquidBlock' }>['children'] };
  const [read] = readLiquidTags([node], readers.liquid, null);
  return read === undefined || read.type === 'liquidTag' || read.type === 'liquidBlock' ? undefined : read;
}

const writers: ToMarkdownOptions[] = [
  liquidTagToMarkdown,
  { join: [htmlBlockEnd] },
  hintToMarkdown,
  tabsToMarkdown,
  codeOptionsToMarkdown,
  embedToMarkdown,
  contentRefToMarkdown,
  fileToMarkdown,
  includeToMarkdown,
  stepperToMarkdown,
  columnsToMarkdown,
  updatesToMarkdown,
  conditionToMarkdown,
  openapiToMarkdown,
  integrationBlockToMarkdown,
  mathToMarkdown,
  detailsToMarkdown,
  figureToMarkdown,
  drawingToMarkdown,
  cardsToMarkdown,
  markToMarkdown,
  buttonToMarkdown,
  iconToMarkdown,
  inlineImageToMarkdown,
  { handlers: { text: writeText } },
];

/**
 * Adds GitBook-flavoured Markdown to remark: use it after `remark-parse` and `remark-gfm`.
 *
 * @example
 * ```ts
 * const processor = unified().use(remarkParse).use(remarkGfm).use(remarkGitbook).use(remarkStringify, canonicalStyle);
 * ```
 */
export const remarkGitbook: Plugin<[], Root> = function () {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(liquidTagSyntax, htmlFlowBeforeTagSyntax, mathSyntax, longDelimiterRunSyntax);
  (data.fromMarkdownExtensions ??= []).push(liquidTagFromMarkdown, mathFromMarkdown);
  (data.toMarkdownExtensions ??= []).push(...writers);
  const reparse = (text: string): Root => {
    const flat = flattenDeepContainers(text, maxMarkdownDepth);
    return this.runSync(this.parse(flat), flat) as Root;
  };
  return (tree, file) => {
    // Nesting is capped before the first walk over the tree (all of them recursive), and again after pairing
    // Liquid tags and HTML, which nests what was flat (src/model/nesting-limits.ts).
    capTreeDepth(tree, maxMarkdownDepth);
    capHtmlDepth(tree, maxHtmlDepth);
    readGitbookTree(tree, String(file), readers, reparse);
    capTreeDepth(tree, maxMarkdownDepth);
  };
};
