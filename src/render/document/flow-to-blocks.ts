// mdast flow content (CommonMark, GFM and GitBook's blocks) → published blocks, before they are fitted to their
// container. Every node gives blocks: unknown Liquid tags and raw HTML keep their text.
import type { DocumentBlock, DocumentBlockQuote, DocumentMarkSuperscript } from '@gitbook/api';
import type { Heading, Nodes, Paragraph } from 'mdast';
import { codeBlock } from './code-block.ts';
import { columnsBlock, conditionBlocks, detailsBlock, hintBlock, stepperBlock, tabsBlock, updatesBlocks } from './container-blocks.ts';
import { cardsBlock } from './cards-block.ts';
import type { ConversionState } from './conversion-state.ts';
import { paragraph, textNode, textParagraph } from './document-nodes.ts';
import { gfmTable } from './gfm-table.ts';
import { headingBlock } from './heading-block.ts';
import { htmlBlocks } from './html-to-blocks.ts';
import { imagesBlock } from './images-block.ts';
import { listBlock } from './list-block.ts';
import { openapiBlocks, swaggerBlock } from './openapi-blocks.ts';
import { phrasingInlines } from './phrasing-to-inlines.ts';
import { contentRefBlocks, drawingBlocks, embedBlocks, fileBlocks, figureBlocks, includeBlocks, integrationBlocks } from './reference-blocks.ts';

const superscript: DocumentMarkSuperscript = { object: 'mark', type: 'superscript' };
const bold = { object: 'mark', type: 'bold' } as const;

/**
 * The blocks of mdast flow nodes, in order.
 *
 * @example
 * flowBlocks(parseMarkdown('## Hi').children, state) // → [{ type: 'heading-1', ... }]
 */
export function flowBlocks(nodes: readonly Nodes[], state: ConversionState): DocumentBlock[] {
  return nodes.flatMap((node) => nodeBlocks(node, state));
}

function nodeBlocks(node: Nodes, state: ConversionState): DocumentBlock[] {
  switch (node.type) {
    case 'paragraph':
      return paragraphBlocks(node, state);
    case 'heading':
      return [headingOf(node, state)];
    case 'thematicBreak':
      return [{ object: 'block', type: 'divider', isVoid: true, data: {} }];
    case 'blockquote':
      return [{ object: 'block', type: 'blockquote', data: {}, nodes: state.blocks(node.children, 'blockquote') as DocumentBlockQuote['nodes'] }];
    case 'list':
      return [
        listBlock(
          { ordered: node.ordered === true, start: node.start },
          node.children.map((item) => ({ blocks: flowBlocks(item.children, state), checked: item.checked ?? undefined })),
          state.labels,
        ),
      ];
    case 'code':
      return [codeBlock(node.value, { syntax: node.lang ?? undefined })];
    case 'codeOptions': {
      const [code] = node.children;
      const overflow = node.overflow === 'wrap' ? 'wrap' : node.overflow === 'scroll' ? 'scroll' : undefined;
      return [
        codeBlock(code?.value ?? '', {
          syntax: code?.lang ?? undefined,
          title: node.title,
          overflow,
          lineNumbers: node.lineNumbers,
          fullWidth: node.fullWidth,
          expandable: node.expandable,
        }),
      ];
    }
    case 'math':
      return [{ object: 'block', type: 'math', isVoid: true, data: { formula: node.value } }];
    case 'table':
      return [gfmTable(node, state)];
    case 'html':
      return htmlBlocks(node.value, state);
    case 'definition':
      // A link reference definition is where links point, not content: the links carry its URL.
      return [];
    case 'footnoteDefinition': {
      const [first, ...rest] = flowBlocks(node.children, state);
      const label = textNode(`[${node.label ?? node.identifier}] `, [superscript]);
      if (first?.type === 'paragraph') return [paragraph([label, ...first.nodes]), ...rest];
      return [paragraph([label]), ...(first ? [first] : []), ...rest];
    }
    case 'hint':
      return [hintBlock(node, state)];
    case 'tabs':
      return [tabsBlock(node, state)];
    case 'stepper':
      return [stepperBlock(node, state)];
    case 'columns':
      return [columnsBlock(node, state)];
    case 'updates':
      return updatesBlocks(node, state);
    case 'condition':
      return conditionBlocks(node, state);
    case 'details':
      return [detailsBlock(node, state)];
    case 'tab':
      // Parts of a block met outside it: their content, under the title they had.
      return [...(node.title ? [textParagraph(node.title, [bold])] : []), ...flowBlocks(node.children, state)];
    case 'update':
      return [...(node.date ? [textParagraph(node.date, [bold])] : []), ...flowBlocks(node.children, state)];
    case 'step':
    case 'column':
    case 'swaggerDescription':
    case 'swaggerParameter':
    case 'swaggerResponse':
      return flowBlocks(node.children, state);
    case 'contentRef':
    case 'pageRef':
      return contentRefBlocks(node, state);
    case 'embed':
      return embedBlocks(node, state);
    case 'file':
      return fileBlocks(node, state);
    case 'drawing':
      return drawingBlocks(node, state);
    case 'figure':
      return figureBlocks(node, state);
    case 'include':
      return includeBlocks(node, state);
    case 'integrationBlock':
      return integrationBlocks(node, state);
    case 'openapi':
    case 'openapiOperation':
    case 'openapiSchemas':
    case 'openapiWebhook':
      return openapiBlocks(node, state);
    case 'swagger':
      return [swaggerBlock(node, state)];
    case 'cards':
      return [cardsBlock(node, state)];
    case 'liquidTag':
      // An unknown tag: what it would do is unknown, what was written is kept.
      return [textParagraph(node.value)];
    case 'liquidBlock':
      return [textParagraph(node.open), ...flowBlocks(node.children, state), textParagraph(node.close)];
    case 'root':
    case 'listItem':
      return flowBlocks(node.children, state);
    default:
      // Phrasing met where blocks go, and node types added later: a paragraph keeps their text.
      return [paragraph(phrasingInlines([node], state))];
  }
}

/** A paragraph; one that holds only images (`![alt](src "caption")` on its own) is a block of images. */
function paragraphBlocks(node: Paragraph, state: ConversionState): DocumentBlock[] {
  const content = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === '') && child.type !== 'break');
  if (content.length > 0 && content.every((child) => child.type === 'image')) {
    return [
      imagesBlock(
        content.map((image) => {
          const { url, alt, title } = image as { url: string; alt?: string | null; title?: string | null };
          return { ref: state.refs.file(url), alt: alt ?? undefined, caption: title ? [textParagraph(title)] : [] };
        }),
      ),
    ];
  }
  return [paragraph(phrasingInlines(node.children, state))];
}

/** GitBook's explicit heading anchor: `## Title <a href="#slug" id="slug"></a>`. */
const anchorOpen = /^<a\s[^>]*\bid\s*=\s*["']([^"']+)["'][^>]*>$/i;

function headingOf(node: Heading, state: ConversionState): DocumentBlock {
  let anchor: string | undefined;
  const children: Heading['children'] = [];
  for (let index = 0; index < node.children.length; index++) {
    const child = node.children[index]!;
    const match = child.type === 'html' ? anchorOpen.exec(child.value.trim()) : null;
    if (match) {
      anchor ??= match[1];
      const next = node.children[index + 1];
      if (next?.type === 'html' && /^<\/a\s*>$/i.test(next.value.trim())) index++;
      continue;
    }
    children.push(child);
  }
  const nodes = phrasingInlines(children, state);
  // The space before the anchor is not part of the title.
  const last = nodes[nodes.length - 1];
  if (anchor !== undefined && last?.object === 'text') {
    const leaf = last.leaves[last.leaves.length - 1];
    if (leaf) leaf.text = leaf.text.replace(/\s+$/, '');
  }
  return headingBlock(node.depth, nodes, anchor, state);
}
