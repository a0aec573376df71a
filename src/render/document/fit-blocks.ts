// Markdown nests any block in any other; the published model does not (a hint holds no code block, only the
// document holds an `if`). A block its container does not accept becomes the nearest thing it does, keeping
// all the text: its content, a paragraph, or a link to what it pointed at.
import type {
  ContentRef,
  DocumentBlock,
  DocumentBlockImage,
  DocumentBlockListItem,
  DocumentInlineImage,
  DocumentInlineMath,
  DocumentMarkBold,
  DocumentMarkCode,
} from '@gitbook/api';
import { accepts, type Container } from './allowed-children.ts';
import { inlinesAmongTexts, linkParagraph, paragraph, textParagraph } from './document-nodes.ts';
import { documentText } from './document-text.ts';
import { tableAsList } from './table-as-list.ts';

const bold: DocumentMarkBold = { object: 'mark', type: 'bold' };
const code: DocumentMarkCode = { object: 'mark', type: 'code' };

/**
 * `blocks`, each one `container` does not accept replaced by what it holds or stands for, until all fit.
 *
 * @example
 * fitBlocks([codeBlock], 'hint', labels) // → [a paragraph of the code, in a code mark]
 */
export function fitBlocks(blocks: readonly DocumentBlock[], container: Container, labels: WeakMap<object, string>): DocumentBlock[] {
  return blocks.flatMap((block) => (accepts(container, block.type) ? [block] : fitBlocks(downgrade(block, labels), container, labels)));
}

/** What a block becomes where it is not accepted: always smaller, ending in paragraphs, which go anywhere. */
function downgrade(block: DocumentBlock, labels: WeakMap<object, string>): DocumentBlock[] {
  const label = labels.get(block);
  switch (block.type) {
    case 'paragraph':
      return [block];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [paragraph(block.nodes)];
    case 'divider':
      return [];
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return block.nodes.flatMap((item) => item.nodes);
    case 'list-item':
    case 'blockquote':
    case 'hint':
    case 'if':
    case 'tabs-item':
    case 'stepper-step':
    case 'column':
    case 'update':
    case 'prompt':
      return block.nodes;
    case 'columns':
      return block.nodes.flatMap((column) => column.nodes);
    case 'code': {
      const lines = block.nodes.map((line) => documentText(line)).join('\n');
      return [...(block.data.title ? [textParagraph(block.data.title, [bold])] : []), textParagraph(lines, [code])];
    }
    case 'code-line':
      return [textParagraph(documentText(block), [code])];
    case 'math':
      return [paragraph(inlinesAmongTexts([{ object: 'inline', type: 'inline-math', data: { formula: block.data.formula }, isVoid: true } satisfies DocumentInlineMath]))];
    case 'images':
      return block.nodes.flatMap(imageParagraphs);
    case 'image':
      return imageParagraphs(block);
    case 'drawing':
      return block.data.ref ? [paragraph(inlinesAmongTexts([{ object: 'inline', type: 'inline-image', data: { ref: block.data.ref, alt: label ?? '' }, isVoid: true }]))] : [];
    case 'file':
    case 'content-ref':
    case 'reusable-content':
      return [linkParagraph(block.data.ref, label ?? refText(block.data.ref))];
    case 'embed':
      return [linkParagraph({ kind: 'url', url: block.data.url }, label ?? block.data.url)];
    case 'swagger':
      return [linkParagraph(block.data.ref, label ?? `${block.data.method.toUpperCase()} ${block.data.path}`)];
    case 'openapi-operation':
      return [textParagraph(label ?? `${block.data.method.toUpperCase()} ${block.data.path}`)];
    case 'openapi-webhook':
      return [textParagraph(label ?? `${block.data.method.toUpperCase()} ${block.data.name}`)];
    case 'openapi-schemas':
      return [textParagraph(label ?? block.data.schemas.join(', '))];
    case 'integration':
      return [textParagraph(label ?? `@${block.data.integration}/${block.data.block}`)];
    case 'expandable':
      return block.fragments.flatMap((part) => part.nodes);
    case 'tabs':
      return block.nodes.flatMap((tab) => [...(tab.data.title ? [textParagraph(tab.data.title, [bold])] : []), ...tab.nodes]);
    case 'stepper':
      return [
        {
          object: 'block',
          type: 'list-ordered',
          data: {},
          nodes: block.nodes.map((step): DocumentBlockListItem => ({ object: 'block', type: 'list-item', data: {}, nodes: fitBlocks(step.nodes, 'list-item', labels) as DocumentBlockListItem['nodes'] })),
        },
      ];
    case 'updates':
      return block.nodes.flatMap((update) => [textParagraph(labels.get(update) ?? update.data.date.slice(0, 10), [bold]), ...update.nodes]);
    case 'table':
      return tableAsList(block, labels, (nodes) => fitBlocks(nodes, 'list-item', labels) as DocumentBlockListItem['nodes']);
  }
}

/** An image as an inline image, its caption (which an inline image holds only as data) after it. */
function imageParagraphs(image: DocumentBlockImage): DocumentBlock[] {
  const { ref, alt } = image.data;
  const inline: DocumentInlineImage = { object: 'inline', type: 'inline-image', data: { ref, ...(alt === undefined ? {} : { alt }) }, isVoid: true };
  return [paragraph(inlinesAmongTexts([inline])), ...image.fragments.flatMap((part) => part.nodes)];
}

function refText(ref: ContentRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'file':
      return ref.file;
    case 'page':
      return ref.page;
    case 'anchor':
      return ref.anchor;
    case 'reusable-content':
      return ref.reusableContent;
    case 'user':
      return ref.user;
    case 'collection':
      return ref.collection;
    case 'space':
      return ref.space;
    case 'tag':
      return ref.tag;
    case 'openapi':
      return ref.spec;
  }
}
