import type { Element } from 'hast';
import type { Figure } from '../markdown/index.ts';
import { escapeHtml } from './convert-escape-html.ts';
import { collapseWhitespace } from './convert-page-meta.ts';
import type { Handle } from './convert-state.ts';
import { nodeText } from './convert-text.ts';
import { findElements, stringProperty } from './convert-walk.ts';

/**
 * The handler of `<figure>`: one image with a caption becomes Quire's figure,
 * `<figure><img src alt><figcaption><p>Caption</p></figcaption></figure>` (FORMAT.md), the caption as text.
 * Anything else (a figure of code, a quote, several images, or an image without caption) is converted as its
 * content, the caption a paragraph after it.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { figure: figureHandler } });
 * ```
 */
export const figureHandler: Handle = (state, element) => {
  const images = findElements(element, (child) => child.tagName === 'img');
  const [caption] = findElements(element, (child) => child.tagName === 'figcaption');
  const image = images.length === 1 ? images[0]! : undefined;
  const url = image && stringProperty(image, 'src');
  const text = caption ? collapseWhitespace(nodeText(caption)) : '';
  if (state.inTable) return state.all(element);
  if (!image || url === undefined || text === '' || hasOtherContent(element, image, caption!)) return state.toFlow(state.all(element));
  const alt = stringProperty(image, 'alt');
  const figure: Figure = { type: 'figure', url, ...(alt === undefined ? {} : { alt }), caption: `<p>${escapeHtml(text)}</p>` };
  return figure;
};

/** Whether the figure holds text besides its image and caption (then it is not just an image). */
function hasOtherContent(figure: Element, image: Element, caption: Element): boolean {
  const outside: string[] = [];
  const pending: Array<Element> = [figure];
  while (pending.length > 0) {
    const next = pending.pop()!;
    for (const child of next.children) {
      if (child.type === 'text') outside.push(child.value);
      else if (child.type === 'element' && child !== image && child !== caption) pending.push(child);
    }
  }
  return outside.join('').trim() !== '';
}
