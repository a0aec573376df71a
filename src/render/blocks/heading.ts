import type { Element, ElementContent } from 'hast';
import type { Heading, PhrasingContent } from 'mdast';
import type { State } from 'mdast-util-to-hast';
import { slugify } from '../../format/slug.ts';
import type { BodyContext } from '../body/body-context.ts';
import { chromeIdPrefix } from '../body/finish-tree.ts';
import { element, text } from '../body/hast-builder.ts';
import { mdastText } from '../body/node-text.ts';

/** GitBook's explicit heading anchor: `## Title <a href="#slug" id="slug"></a>`. */
const anchorOpen = /^<a\s[^>]*\bid\s*=\s*["']([^"']+)["'][^>]*>$/i;

/**
 * Headings get an id (the explicit anchor GitBook writes, else the slug of their text, unique in the page) and a
 * link to themselves; `##` to `####` go into the page's outline.
 */
export function createHeadingHandler(context: BodyContext) {
  return function heading(state: State, node: Heading): Element {
    let explicit: string | undefined;
    const children: PhrasingContent[] = [];
    for (let index = 0; index < node.children.length; index++) {
      const child = node.children[index]!;
      const match = child.type === 'html' ? anchorOpen.exec(child.value.trim()) : null;
      if (match) {
        explicit ??= match[1];
        const next = node.children[index + 1];
        if (next?.type === 'html' && /^<\/a\s*>$/i.test(next.value.trim())) index++;
        continue;
      }
      children.push(child);
    }
    return headingElement(context, node.depth, mdastText({ ...node, children }).trim(), explicit, state.all({ ...node, children }));
  };
}

/**
 * A heading of `depth` with its rendered content: its id (`explicit`, else the slug of `label`, unique in the
 * page), its self-link, and its entry in the outline for `##` to `####` (with `method`, an API operation's, as a badge).
 */
export function headingElement(context: BodyContext, depth: number, label: string, explicit: string | undefined, content: ElementContent[], method?: string): Element {
  const wanted = explicit ?? slugify(label);
  // The chrome's ids start with `qr-`: a heading's is renamed here, so its id, its self-link and the outline agree.
  const id = uniqueId(context, wanted.startsWith(chromeIdPrefix) ? `user-content-${wanted}` : wanted);
  if (depth >= 2 && depth <= 4) context.outline.push({ depth: depth as 2 | 3 | 4, id, text: label, ...(method ? { method } : {}) });
  return element(`h${depth}`, { id }, [
    ...content,
    element('a', { className: ['heading-anchor'], href: `#${id}`, ariaLabel: `Link to ${label || 'this section'}` }, [text('#')]),
  ]);
}

function uniqueId(context: BodyContext, base: string): string {
  let id = base;
  for (let counter = 1; context.ids.has(id); counter++) id = `${base}-${counter}`;
  context.ids.add(id);
  return id;
}
