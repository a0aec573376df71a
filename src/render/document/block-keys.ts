// Keys. Every block, inline, text and fragment of a published document may carry a `key`, unique in the
// document. Ours derive from the node itself (its type and content), not from its position: the same Markdown
// gives the same keys, and editing one paragraph leaves the keys of the others as they were.
import type { JSONDocument } from '@gitbook/api';

/**
 * Gives every node of `document` a key, in place: a hash of the node's content, with `-1`, `-2`... for the
 * second and later nodes of the same content.
 *
 * @example
 * assignKeys(document); document.nodes[0].key // → e.g. '1x8bq2k0d3v'
 */
export function assignKeys(document: JSONDocument): void {
  const used = new Set<string>();
  // The next counter to try for each hash: a page of 10,000 equal paragraphs would otherwise probe in n².
  const nextCounter = new Map<string, number>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as { object?: unknown; key?: string; nodes?: unknown; fragments?: unknown };
    if (record.object === 'block' || record.object === 'inline' || record.object === 'text' || record.object === 'fragment') {
      const base = hash(JSON.stringify(node));
      let key = base;
      if (used.has(key)) {
        let counter = nextCounter.get(base) ?? 1;
        while (used.has(`${base}-${counter}`)) counter++;
        key = `${base}-${counter}`;
        nextCounter.set(base, counter + 1);
      }
      used.add(key);
      record.key = key;
    }
    visit(record.fragments);
    visit(record.nodes);
  };
  visit(document.nodes);
}

/** cyrb53: a 53-bit string hash, in base 36. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
