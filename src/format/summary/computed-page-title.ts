/**
 * The title of a computed page in SUMMARY.md. The hosted exporter writes a computed page as its source alone (a
 * fenced `yaml` block: `type`, `props`, `dependencies`), so a reader names it after its specification, or "API
 * reference". A page whose title is another one keeps it as a `title` key of the block, which the reader takes out
 * of the source again: nothing is lost, and a page with the default title is written as the hosted exporter does.
 */

/** The title a computed page gets from its source alone. */
export function defaultComputedTitle(source: Readonly<Record<string, unknown>>): string {
  const spec = (source['dependencies'] as { spec?: { ref?: { spec?: unknown } } } | undefined)?.spec?.ref?.spec;
  return typeof spec === 'string' ? spec : 'API reference';
}

/**
 * The block's source and title as read: a `title` key is the page's title and not part of its source.
 *
 * @example
 * computedEntry({ title: 'Pets', type: 'builtin:openapi' }) // → { title: 'Pets', source: { type: 'builtin:openapi' } }
 */
export function computedEntry(block: Readonly<Record<string, unknown>>): { title: string; source: Record<string, unknown> } {
  const { title, ...source } = block;
  return { title: typeof title === 'string' && title !== '' ? title : defaultComputedTitle(source), source };
}

/**
 * What the block holds for a page of `title` and `source`: the source, with the title first when it is not the default.
 *
 * @example
 * computedBlock('API reference', { type: 'builtin:openapi' }) // → { type: 'builtin:openapi' }
 */
export function computedBlock(title: string, source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return title === defaultComputedTitle(source) ? { ...source } : { title, ...source };
}
