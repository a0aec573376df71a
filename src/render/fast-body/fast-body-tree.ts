// The fast body path: most pages are plain Markdown with a few GitBook blocks, and reading them with markdown-it
// instead of micromark is about twenty times faster (bench/export). It gives the same tree the full path gives,
// before the link pass, or nothing when the page uses something only the full path reads exactly; the
// differential test (fast-body-tree.test.ts) holds it to that on every fixture, the corpus and generated pages.
import type { Root } from 'hast';
import type { BodyContext } from '../body/body-context.ts';
import { markdownToHast } from './tokens-to-hast.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';

/**
 * The hast tree of a page body, as `renderBody` builds it before resolving links (so no sanitizing is needed: it
 * holds no raw HTML and only elements and attributes Quire's blocks make), or `undefined` when the page must take
 * the full path. On `undefined`, `context` is as it was.
 *
 * @example
 * const tree = fastBodyTree('Some *text*.', context) ?? fullBodyTree('Some *text*.', context);
 */
export function fastBodyTree(markdown: string, context: BodyContext): Root | undefined {
  const outline = context.outline.length;
  const broken = context.broken.length;
  const ids = new Set(context.ids);
  const including = context.including.length;
  const warnings = context.warnings.length;
  try {
    return { type: 'root', children: markdownToHast(markdown, context) };
  } catch (error) {
    // Anything markdown-it or the conversion could not do (even a stack overflow on absurd nesting) means: full path.
    if (!(error instanceof FastPathUnsupported) && !(error instanceof RangeError)) throw error;
    context.outline.length = outline;
    context.broken.length = broken;
    context.ids.clear();
    for (const id of ids) context.ids.add(id);
    context.including.length = including;
    context.warnings.length = warnings;
    return undefined;
  }
}
