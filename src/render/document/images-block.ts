// Block images: `images` holding `image` blocks, each with its caption as a fragment of paragraphs.
import type { ContentRefFile, ContentRefURL, DocumentBlockImage, DocumentBlockImages, DocumentBlockParagraph, Length } from '@gitbook/api';
import { fragment } from './document-nodes.ts';

export interface ImageInput {
  ref: ContentRefFile | ContentRefURL;
  alt?: string | undefined;
  width?: string | undefined;
  height?: string | undefined;
  caption?: DocumentBlockParagraph[] | undefined;
}

/**
 * An `images` block of one or more images.
 *
 * @example
 * imagesBlock([{ ref: { kind: 'url', url: 'a.png' }, alt: 'A', width: '375' }])
 */
export function imagesBlock(images: readonly ImageInput[]): DocumentBlockImages {
  return { object: 'block', type: 'images', isVoid: false, data: {}, nodes: images.map(imageBlock) };
}

function imageBlock(input: ImageInput): DocumentBlockImage {
  const width = lengthOf(input.width);
  const height = lengthOf(input.height);
  const caption = input.caption ?? [];
  return {
    object: 'block',
    type: 'image',
    isVoid: true,
    data: {
      ref: input.ref,
      ...(input.alt ? { alt: input.alt } : {}),
      ...(width === undefined ? {} : { width }),
      ...(height === undefined ? {} : { height }),
    },
    fragments: caption.length === 0 ? [] : [fragment('caption', caption, 'caption') as DocumentBlockImage['fragments'][number]],
  };
}

/**
 * A CSS length as the model holds it: pixels as a number, other units with their unit.
 *
 * @example
 * lengthOf('375') // → 375
 * lengthOf('50%') // → { unit: '%', value: 50 }
 */
export function lengthOf(written: string | undefined): Length | undefined {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z%]*)\s*$/i.exec(written ?? '');
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  return unit === '' || unit === 'px' ? value : { unit, value };
}
