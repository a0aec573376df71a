import type { Element, ElementContent } from 'hast';
import type { Node } from 'mdast';
import { resolveInside } from '../../format/directory-path.ts';
import { parseMarkdown, type Include } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { baseOf, type BodyContext } from '../body/body-context.ts';
import { element } from '../body/hast-builder.ts';

/** How deep reusable content may include reusable content. */
const maxDepth = 8;

/**
 * `{% include "../.gitbook/includes/x.md" %}` → the reusable content's body, rendered in place. Its relative links
 * are relative to its own file (the wrapper carries that base to the link pass). An include that names nothing of
 * this space counts as a broken link; an include of itself stops.
 */
export function createIncludeHandler(context: BodyContext) {
  return function include(state: State, node: Include): Element | undefined {
    const base = baseOf(context, node);
    const resolved = resolveInside(base, node.path.trim(), context.space.root);
    if (!resolved.ok || !Object.hasOwn(context.space.includes, resolved.path)) {
      context.broken.push({ target: node.path, source: base });
      return undefined;
    }
    const path = resolved.path;
    if (context.including.includes(path) || context.including.length >= maxDepth) return undefined;
    const tree = parseMarkdown(context.space.includes[path]!);
    const mark = (current: Node) => {
      context.bases.set(current, path);
      if ('children' in current && Array.isArray(current.children)) for (const child of current.children as Node[]) mark(child);
    };
    mark(tree);
    context.including.push(path);
    const children: ElementContent[] = state.all(tree);
    context.including.pop();
    return element('div', { className: ['reusable-content'], dataQuireBase: path }, children);
  };
}
