// The fast body path: most pages are plain Markdown with a few GitBook blocks, and reading them with markdown-it
// instead of micromark is about twenty times faster (bench/export). It gives the same tree the full path gives,
// before the link pass, or nothing when the page uses something only the full path reads exactly; the
// differential test (fast-body-tree.test.ts) holds it to that on every fixture, the corpus and generated pages.
import type { Element, Root } from 'hast';
import type { BodyContext } from '../body/body-context.ts';
import { linkedSchemasOfPage } from '../blocks/openapi.ts';
import { markdownToHast } from './tokens-to-hast.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';

/** A page body's tree from the fast path, and which of the full path's passes after the tree it still needs. */
export interface FastBody {
  tree: Root;
  /**
   * The page holds HTML the full path parses with the page (an HTML table), parsed here on its own: the passes
   * that follow that parse (icon colours, inline expressions) run over the tree as on the full path.
   */
  raw: boolean;
  /**
   * The elements of the tree that HTML or outside data made (cards, HTML tables, OpenAPI blocks and the models they
   * link to, rendered integration blocks): they are sanitized after the link pass, as the full path sanitizes the
   * whole tree (`sanitizeParts`). The rest of the tree holds only elements and attributes Quire's blocks make, and
   * needs no sanitizing.
   */
  unsafe: Element[];
}

/**
 * The hast tree of a page body, as `renderBody` builds it before resolving links, or `undefined` when the page
 * must take the full path. On `undefined`, `context` is as it was.
 *
 * @example
 * const body = fastBodyTree('Some *text*.', context); // → { tree, raw: false, unsafe: [] }
 */
export function fastBodyTree(markdown: string, context: BodyContext): FastBody | undefined {
  const outline = context.outline.length;
  const broken = context.broken.length;
  const ids = new Set(context.ids);
  const including = context.including.length;
  const warnings = context.warnings.length;
  const openapiContexts = context.openapiContexts;
  try {
    const { children, raw, unsafe } = markdownToHast(markdown, context);
    // OpenAPI blocks link to component schemas instead of repeating their trees: the page ends with those models.
    const models = linkedSchemasOfPage(context);
    const tree: Root = { type: 'root', children: [...children, ...models] };
    return { tree, raw, unsafe: [...unsafe, ...models] };
  } catch (error) {
    // Anything markdown-it or the conversion could not do (even a stack overflow on absurd nesting) means: full path.
    if (!(error instanceof FastPathUnsupported) && !(error instanceof RangeError)) throw error;
    context.outline.length = outline;
    context.broken.length = broken;
    context.ids.clear();
    for (const id of ids) context.ids.add(id);
    context.including.length = including;
    context.warnings.length = warnings;
    // A fresh context has none; the blocks read here made theirs, which the full path must make again.
    if (openapiContexts === undefined) delete context.openapiContexts;
    else context.openapiContexts = openapiContexts;
    return undefined;
  }
}
