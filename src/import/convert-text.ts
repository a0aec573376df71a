import type { Element, ElementContent, Root } from 'hast';

/**
 * The text of a node as written (`textContent`, with `<br>` as a line feed), without recursion. Used for code
 * blocks, whose highlighting spans are flattened to their text, and for titles and captions.
 *
 * @example
 * ```ts
 * nodeText(h('pre', [h('span', 'let'), ' x', h('br'), 'y'])); // 'let x\ny'
 * ```
 */
export function nodeText(node: Root | ElementContent): string {
  const parts: string[] = [];
  const pending: Array<Root | ElementContent> = [node];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.type === 'text') parts.push(next.value);
    else if (next.type === 'element' && next.tagName === 'br') parts.push('\n');
    else if (next.type === 'element' || next.type === 'root') {
      const children = (next as Element).children;
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
    }
  }
  return parts.join('');
}

/**
 * `href` resolved against `base`, or undefined when it is not a URL.
 *
 * @example
 * ```ts
 * resolveUrl('../a.html#x', new URL('https://x.test/docs/b.html'))?.href; // 'https://x.test/a.html#x'
 * ```
 */
export function resolveUrl(href: string, base: URL | string): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}
