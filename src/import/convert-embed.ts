import type { Link } from 'mdast';
import type { Embed } from '../markdown/index.ts';
import { collapseWhitespace } from './convert-page-meta.ts';
import type { Handle } from './convert-state.ts';
import { stringProperty } from './convert-walk.ts';

/** Parents among which an embed, a block, may stand. */
const blockParents = new Set(['body', 'main', 'article', 'section', 'div', 'li', 'blockquote', 'figure', 'details', 'dd', 'header', 'center']);

/**
 * The handler of `<iframe>`: Quire's embed block (`{% embed url="..." %}`) for an http(s) source (a video, a
 * sandbox), or a link to it when the frame stands inside text. A frame without such a source is dropped; what a
 * frame shows is never fetched nor kept as HTML.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { iframe: embedHandler } });
 * ```
 */
export const embedHandler: Handle = (state, element, parent) => {
  const url = stringProperty(element, 'src');
  if (url === undefined || !/^https?:\/\//i.test(url)) return undefined;
  const inBlock = parent === undefined || parent.type === 'root' || blockParents.has(parent.tagName);
  if (inBlock && !state.inTable) {
    const embed: Embed = { type: 'embed', url, children: [] };
    return embed;
  }
  const title = collapseWhitespace(stringProperty(element, 'title') ?? '');
  const link: Link = { type: 'link', url, title: null, children: [{ type: 'text', value: title === '' ? url : title }] };
  return link;
};
