import type { Element, ElementContent, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { bodySchema } from './sanitize-schema.ts';

/**
 * `sanitize(tree, bodySchema)` for a tree of the fast body path, in which only `parts` (what HTML or outside data made:
 * cards, HTML tables, OpenAPI blocks, rendered integration blocks) hold anything the sanitizer would change: each
 * part is sanitized in place, and the rest of the tree, Quire's own elements, is left as it is (the differential test
 * of the fast path holds those to what sanitizing gives). On a page with an OpenAPI block or a card among prose and
 * other blocks, the sanitizer walked every node of the page.
 *
 * When a part is not in the tree once, as itself (a pass copied or dropped it, or it sits in the tree twice), the
 * whole tree is sanitized instead, as before: a part can never skip the sanitizer. A part inside another is
 * sanitized with it, once (the sanitizer's clobbering prefix is not idempotent).
 *
 * @example
 * const tree = sanitizeParts(fast.tree, fast.unsafe); // after resolveLinks, as the full path sanitizes
 */
export function sanitizeParts(tree: Root, parts: readonly Element[]): Root {
  const all = new Set(parts);
  const pending = new Set(parts);
  const outermost: Array<{ parent: Root | Element; index: number; part: Element }> = [];
  let shared = false;
  const visit = (parent: Root | Element, insidePart: boolean) => {
    parent.children.forEach((child, index) => {
      if (child.type !== 'element') return;
      const isPart = all.has(child);
      // Met a second time: the tree holds it twice.
      if (isPart && !pending.delete(child)) shared = true;
      if (isPart && !insidePart) outermost.push({ parent, index, part: child });
      visit(child, insidePart || isPart);
    });
  };
  visit(tree, false);
  if (pending.size > 0 || shared) return sanitize(tree, bodySchema) as Root;
  // From the last, so that a replacement of several nodes leaves the indexes still to come in place.
  for (const { parent, index, part } of outermost.reverse()) {
    const clean = sanitize(part, bodySchema);
    const replacement = clean.type === 'root' ? (clean.children as ElementContent[]) : [clean as ElementContent];
    parent.children.splice(index, 1, ...replacement);
  }
  return tree;
}
