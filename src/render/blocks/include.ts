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
    const path = includedPath(context, baseOf(context, node), node.path);
    if (path === undefined) return undefined;
    const tree = parseMarkdown(context.space.includes[path]!);
    const mark = (current: Node) => {
      context.bases.set(current, path);
      if ('children' in current && Array.isArray(current.children)) for (const child of current.children as Node[]) mark(child);
    };
    mark(tree);
    context.including.push(path);
    const children: ElementContent[] = state.all(tree);
    context.including.pop();
    return reusableContentElement(path, children);
  };
}

/**
 * The reusable content an include of `written` (in the file `base`) renders, or undefined when it renders nothing:
 * it names nothing of this space (counted as a broken link), or it is already being included (a cycle) or too deep.
 */
export function includedPath(context: BodyContext, base: string, written: string): string | undefined {
  const resolved = resolveInside(base, written.trim(), context.space.root);
  if (!resolved.ok || !Object.hasOwn(context.space.includes, resolved.path)) {
    context.broken.push({ target: written, source: base });
    return undefined;
  }
  const path = resolved.path;
  if (context.including.includes(path) || context.including.length >= maxDepth) return undefined;
  return path;
}

/** The wrapper of an included reusable content: it carries the file its links are relative to, for the link pass. */
export function reusableContentElement(path: string, children: ElementContent[]): Element {
  return element('div', { className: ['reusable-content'], dataQuireBase: path }, children);
}
