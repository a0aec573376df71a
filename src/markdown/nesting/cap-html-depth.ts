import type { Html, Nodes, Parents, Root } from 'mdast';
import { phrasingParents } from '../tree/phrasing-parents.ts';

/*
 * Raw HTML is parsed once for the whole page when it is rendered (every `html` node of the page feeds one HTML
 * parser), so `<div>` × 10,000 nests 10,000 deep whether it is one block or 10,000 blocks, and the walks after
 * the parse (hast, sanitizing, the JSON document) are recursive. This counts the elements open at once across the
 * page, in document order, with a tag scan that errs on the deep side, and shows an `html` node that would go past
 * the limit as text (as written), so its tags open nothing.
 */

/** Elements with no content: they never stay open. */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements a sibling of the same kind closes (`<p><p>` is two paragraphs): they do not nest by themselves. */
const selfClosingByNext = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rp', 'rt', 'colgroup', 'caption']);

// Attribute values holding `<` or `>` are rare; reading them as tag ends only counts fewer tags.
const tagPattern = /<(\/?)([A-Za-z][A-Za-z0-9-]*)[^<>]*?(\/?)>/g;

/** The depth after `html` and the deepest it reaches, starting at `depth` open elements. */
function scanTags(html: string, depth: number): { after: number; deepest: number } {
  let current = depth;
  let deepest = depth;
  tagPattern.lastIndex = 0;
  for (let match = tagPattern.exec(html); match !== null; match = tagPattern.exec(html)) {
    const [, closing, name, selfClosing] = match;
    const element = name!.toLowerCase();
    if (voidElements.has(element) || selfClosingByNext.has(element)) continue;
    if (closing === '/') current = Math.max(0, current - 1);
    else if (selfClosing !== '/') deepest = Math.max(deepest, ++current);
  }
  return { after: current, deepest };
}

/**
 * Shows as text, in place, each `html` node of `tree` that would open raw HTML elements deeper than `maxDepth`
 * (counted across the page); answers how many. Iterative.
 *
 * @example
 * capHtmlDepth(parseMarkdown('<div>'.repeat(10_000)), 64) // → 1: the block is now a paragraph of text
 */
export function capHtmlDepth(tree: Root, maxDepth: number): number {
  let depth = 0;
  let count = 0;
  // Document order: each entry is a parent and the index of its next child to visit.
  const pending: Array<{ parent: Parents; next: number }> = [{ parent: tree, next: 0 }];
  while (pending.length > 0) {
    const top = pending[pending.length - 1]!;
    const children = top.parent.children as Nodes[];
    if (top.next >= children.length) {
      pending.pop();
      continue;
    }
    const index = top.next++;
    const child = children[index]!;
    if (child.type === 'html') {
      const scanned = scanTags(child.value, depth);
      if (scanned.deepest > maxDepth) {
        children[index] = asText(child, top.parent);
        count++;
      } else {
        depth = scanned.after;
      }
    } else if ('children' in child) {
      pending.push({ parent: child, next: 0 });
    }
  }
  return count;
}

function asText(node: Html, parent: Parents): Nodes {
  const text = { type: 'text' as const, value: node.value, ...(node.position ? { position: node.position } : {}) };
  return phrasingParents.has(parent.type) ? text : { type: 'paragraph', children: [text], ...(node.position ? { position: node.position } : {}) };
}
