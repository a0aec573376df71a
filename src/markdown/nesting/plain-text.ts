import type { Nodes } from 'mdast';

/**
 * The text of a subtree, leaves in document order (`value` of text, code, HTML...), without recursion: what is
 * kept of content nested too deep to keep its structure.
 *
 * @example
 * plainText({ type: 'emphasis', children: [{ type: 'text', value: 'hi' }] }) // → 'hi'
 */
export function plainText(node: Nodes): string {
  const parts: string[] = [];
  const pending: Nodes[] = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if ('value' in current && typeof current.value === 'string') parts.push(current.value);
    if ('children' in current) for (let index = current.children.length - 1; index >= 0; index--) pending.push(current.children[index] as Nodes);
  }
  return parts.join('');
}
