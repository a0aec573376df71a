// Pairing `<name ...>` and `</name>` among inline siblings into one node around the content
// between them (`<mark style="...">text</mark>`), the way Liquid tags pair among blocks.
import type { PhrasingContent } from 'mdast';
import type { SiblingPairing } from '../tree/pair-siblings.ts';
import type { HtmlTag } from './html-tag.ts';
import { isCloseTag, readOpenTag } from './read-html-element.ts';

type OpenTag = Extract<HtmlTag, { kind: 'open' }>;

export interface InlineElementOptions {
  name: string;
  /** Whether this opening tag is one of ours (`<a class="button ...">`, not any `<a>`). */
  accepts(tag: OpenTag): boolean;
  build(tag: OpenTag, children: PhrasingContent[]): PhrasingContent | undefined;
}

export function inlineElementPairing(options: InlineElementOptions): SiblingPairing<PhrasingContent> {
  return {
    mark(node) {
      if (node.type !== 'html') return undefined;
      const tag = readOpenTag(node, options.name);
      if (tag) return options.accepts(tag) ? { kind: 'open', key: options.name } : undefined;
      return isCloseTag(node, options.name) ? { kind: 'close', key: options.name } : undefined;
    },
    wrap(open, children) {
      const tag = open.type === 'html' ? readOpenTag(open, options.name) : undefined;
      return tag && options.build(tag, children);
    },
  };
}
