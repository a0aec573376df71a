// Blocks that point at something: page links (content-ref), embeds, files, drawings, figures, includes and
// integration blocks. A caption the model has no place for (embeds and files have none) follows the block as
// paragraphs; a reference the model cannot hold (a file that is not in the space, an include that does not
// resolve) becomes a link to it.
import type { DocumentBlock, DocumentBlockParagraph, PlainObject } from '@gitbook/api';
import type { ContentRef as ContentRefNode, Drawing, Embed, Figure, File, Include, IntegrationBlock, PageRef } from '../../markdown/index.ts';
import { attributeValue } from '../../markdown/html/attribute-value.ts';
import { liquidValue } from '../../markdown/liquid/liquid-value.ts';
import type { ConversionState } from './conversion-state.ts';
import { linkParagraph } from './document-nodes.ts';
import { fitBlocks } from './fit-blocks.ts';
import { htmlBlocks } from './html-to-blocks.ts';
import { imagesBlock } from './images-block.ts';
import { plainText } from './phrasing-to-inlines.ts';

/** `{% content-ref url %}` and the legacy `{% page-ref page %}`: a card linking to a page. */
export function contentRefBlocks(node: ContentRefNode | PageRef, state: ConversionState): DocumentBlock[] {
  const target = node.type === 'contentRef' ? node.url : node.page;
  // What GitBook writes inside `content-ref` is a link to the same target: the card shows the page's title.
  if (target === undefined) return node.type === 'contentRef' ? state.blocks(node.children, 'document') : [];
  const block: DocumentBlock = { object: 'block', type: 'content-ref', isVoid: true, data: { ref: state.refs.link(target) } };
  const label = node.type === 'contentRef' ? node.children.map(plainText).join('').trim() : '';
  state.labels.set(block, label === '' ? target : label);
  return [block];
}

export function embedBlocks(node: Embed, state: ConversionState): DocumentBlock[] {
  if (node.url === undefined) return state.blocks(node.children, 'document');
  const block: DocumentBlock = { object: 'block', type: 'embed', isVoid: true, data: { url: node.url } };
  state.labels.set(block, node.url);
  return [block, ...state.blocks(node.children, 'document')];
}

export function fileBlocks(node: File, state: ConversionState): DocumentBlock[] {
  const caption = state.blocks(node.children, 'document');
  if (node.src === undefined) return caption;
  const ref = state.refs.file(node.src);
  const name = node.src.split('/').pop() ?? node.src;
  if (ref.kind !== 'file') return [linkParagraph(ref, name), ...caption];
  const block: DocumentBlock = { object: 'block', type: 'file', isVoid: true, data: { ref } };
  state.labels.set(block, name);
  return [block, ...caption];
}

/** A drawing is an SVG in the space's files; one that is not (a URL) is shown as the image it is. */
export function drawingBlocks(node: Drawing, state: ConversionState): DocumentBlock[] {
  if (node.url === undefined) return [];
  const ref = state.refs.file(node.url);
  if (ref.kind === 'url') return [imagesBlock([{ ref, alt: node.alt }])];
  const block: DocumentBlock = { object: 'block', type: 'drawing', isVoid: true, data: { ref } };
  state.labels.set(block, node.alt ?? '');
  return [block];
}

/** `<figure>`: an image with its size (`width`, `height` on `<img>`) and its caption (HTML) as paragraphs. */
export function figureBlocks(node: Figure, state: ConversionState): DocumentBlock[] {
  const caption = fitBlocks(htmlBlocks(node.caption ?? '', state), 'caption', state.labels) as DocumentBlockParagraph[];
  const attribute = (name: string) => (node.attributes ? (attributeValue(node.attributes, name) ?? undefined) : undefined);
  return [imagesBlock([{ ref: state.refs.file(node.url ?? ''), alt: node.alt, width: attribute('width'), height: attribute('height'), caption }])];
}

/** `{% include %}`: the reusable content, or a link to its file when the context does not know it. */
export function includeBlocks(node: Include, state: ConversionState): DocumentBlock[] {
  const ref = state.refs.reusableContent(node.path);
  if (ref === undefined) return [linkParagraph({ kind: 'url', url: node.path }, node.path)];
  const block: DocumentBlock = { object: 'block', type: 'reusable-content', isVoid: true, data: { ref } };
  state.labels.set(block, node.path);
  return [block];
}

/** `{% @integration/block prop="…" %}`: the props as written (Liquid escapes undone); a bare prop is `true`. */
export function integrationBlocks(node: IntegrationBlock, state: ConversionState): DocumentBlock[] {
  // fromEntries defines own properties, so a prop named `__proto__` is a prop like another.
  const props: PlainObject = Object.fromEntries(node.props.map((prop) => [prop.name, prop.value === null ? true : liquidValue.decode(prop.value)]));
  const block: DocumentBlock = { object: 'block', type: 'integration', isVoid: true, data: { integration: node.integration, block: node.block, props } };
  const written = node.props.map((prop) => (prop.value === null ? prop.name : `${prop.name}="${liquidValue.decode(prop.value)}"`));
  state.labels.set(block, [`@${node.integration}/${node.block}`, ...written].join(' '));
  return [block];
}
