// Headings. The page title is the file's `# ` line, so body headings start at `##`: GitBook writes heading-1 as
// `##`, heading-2 as `###`, heading-3 as `####`. A body `#` is a heading-1 too, and `#####`/`######` (which the
// model has no level for) are heading-3.
import type { DocumentBlockHeading } from '@gitbook/api';
import { slugify } from '../../format/slug.ts';
import type { ConversionState } from './conversion-state.ts';
import type { InlineNode } from './document-nodes.ts';
import { documentText } from './document-text.ts';

/** `data.id` (a custom anchor) must match the model's pattern; other anchors still give the URL id (`meta.id`). */
const anchorPattern = /^[-a-z0-9.+_]+$/;

/**
 * The heading type for a Markdown depth (1 to 6).
 *
 * @example
 * headingType(2) // → 'heading-1'
 * headingType(5) // → 'heading-3'
 */
export function headingType(depth: number): DocumentBlockHeading['type'] {
  if (depth <= 2) return 'heading-1';
  return depth === 3 ? 'heading-2' : 'heading-3';
}

/**
 * A heading with its ids: `meta.id` is the explicit anchor (`## Title <a href="#x" id="x"></a>`) or the slug of
 * its text, made unique in the page as the HTML renderer makes it; `data.id` holds the explicit anchor when the
 * model's pattern accepts it.
 */
export function headingBlock(depth: number, nodes: InlineNode[], anchor: string | undefined, state: ConversionState): DocumentBlockHeading {
  // The text the HTML renderer slugs: inline code and math included.
  const text = nodes.map((node) => (node.object === 'inline' && node.type === 'inline-math' ? node.data.formula : documentText(node))).join('').trim();
  const id = uniqueId(state, anchor ?? slugify(text));
  return {
    object: 'block',
    type: headingType(depth),
    data: anchor !== undefined && anchorPattern.test(anchor) ? { id: anchor } : {},
    meta: { id },
    nodes,
  };
}

function uniqueId(state: ConversionState, base: string): string {
  let id = base;
  for (let counter = 1; state.headingIds.has(id); counter++) id = `${base}-${counter}`;
  state.headingIds.add(id);
  return id;
}
