import type { Element, ElementContent } from 'hast';
import type { Drawing, Figure, InlineImage } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';
import { htmlFragment } from '../body/html-fragment.ts';

/** `<figure><img …><figcaption>…</figcaption></figure>` → a figure; the image's `width` is kept when it is a number. */
export function figure(_state: State, node: Figure): Element {
  return figureElement(node, node.caption === undefined ? [] : htmlFragment(node.caption.trim()));
}

/** The figure of an image with its caption, already read into hast. */
export function figureElement(node: Figure, caption: ElementContent[]): Element {
  const width = node.attributes?.find((attribute) => attribute.name === 'width')?.value ?? undefined;
  return element('figure', { className: ['figure'] }, [
    element('img', { src: node.url ?? '', alt: node.alt ?? '', width: width !== undefined && /^\d{1,5}$/.test(width) ? width : undefined }),
    ...(caption.length ? [element('figcaption', {}, caption)] : []),
  ]);
}

/** `<img … data-size="line">` inside text: as high as the line, or at its own size. */
export function inlineImage(_state: State, node: InlineImage): Element {
  const size = node.size === 'line' || node.size === 'original' ? node.size : undefined;
  return element('img', { className: ['inline-image'], dataSize: size, src: node.url ?? '', alt: node.alt ?? '' });
}

/** A drawing made in GitBook's editor: its SVG, as an image. */
export function drawing(_state: State, node: Drawing): Element {
  return element('figure', { className: ['figure', 'drawing'] }, [element('img', { src: node.url ?? '', alt: node.alt ?? '' })]);
}
