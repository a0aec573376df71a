import type { Root } from 'mdast';
import { maxMarkdownDepth } from '../model/nesting-limits.ts';
import { flattenDeepContainers } from './nesting/flatten-deep-containers.ts';
import { processor } from './processor.ts';

/**
 * Parses a page body (the Markdown after the frontmatter and the title) into an mdast tree with
 * GFM nodes and GitBook block nodes. Parsing never fails: what is not understood is kept as
 * `html`, `liquidTag` or `liquidBlock` nodes that write back verbatim. Nesting deeper than `maxMarkdownDepth`
 * (raw HTML: `maxHtmlDepth`) is flattened to text, so no walk over the tree meets a deeper one
 * (src/model/nesting-limits.ts).
 *
 * @example
 * ```ts
 * const tree = parseMarkdown('{% hint style="info" %}\nRead me.\n{% endhint %}\n');
 * tree.children[0]; // { type: 'hint', style: 'info', children: [{ type: 'paragraph', ... }] }
 * ```
 */
export function parseMarkdown(text: string): Root {
  // The tree transforms read the source (layout/), so the text goes along as the file: the text micromark read.
  const flat = flattenDeepContainers(text, maxMarkdownDepth);
  return processor.runSync(processor.parse(flat), flat);
}
