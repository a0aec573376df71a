import type { Nodes, RootContent } from 'mdast';

// Text a page shows that GitBook blocks hold in fields rather than children, for search (search-sections.ts, and
// its fast reading search-sections-fast.ts, which must give the same).

/**
 * Text that GitBook blocks hold in fields rather than children: tab titles, summaries, captions.
 *
 * @example
 * visibleFields({ type: 'tab', title: 'Linux', children: [] } as never) // → 'Linux'
 */
export function visibleFields(node: Nodes | RootContent): string {
  const fields = node as { type: string; title?: unknown; summary?: unknown; caption?: unknown };
  const texts: string[] = [];
  if (fields.type === 'tab' && typeof fields.title === 'string') texts.push(fields.title);
  if (fields.type === 'details' && typeof fields.summary === 'string') texts.push(withoutTags(fields.summary));
  if (fields.type === 'figure' && typeof fields.caption === 'string') texts.push(withoutTags(fields.caption));
  return texts.join(' ');
}

/**
 * The text of a small HTML fragment (a summary, a caption): tags dropped, the common entities decoded.
 *
 * @example
 * withoutTags('<p>A &amp; B</p>') // → ' A & B '
 */
export function withoutTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[entity] ?? ' ');
}
