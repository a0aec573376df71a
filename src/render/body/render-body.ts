import type { Root, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import { sanitize } from 'hast-util-sanitize';
import { toHast } from 'mdast-util-to-hast';
import { parseMarkdown } from '../../markdown/index.ts';
import { createHandlers, unknownHandler } from '../blocks/handlers.ts';
import { linkedSchemasOfPage } from '../blocks/openapi.ts';
import { renderInlineExpressions } from '../blocks/inline-expression.ts';
import type { BodyContext } from './body-context.ts';
import { fastBodyTree } from '../fast-body/fast-body-tree.ts';
import { keepIconColours } from '../icons/icon-slot.ts';
import { finishTree } from './finish-tree.ts';
import { resolveLinks } from './resolve-links.ts';
import { sanitizeParts } from './sanitize-parts.ts';
import { bodySchema } from './sanitize-schema.ts';
import { writeBody, type WrittenBody } from './write-body.ts';

/**
 * Renders a page body (GitBook-flavoured Markdown) to a sanitized hast tree: every GitBook block through its
 * handler, raw HTML parsed, links resolved for the bundle (relative to the page's folder through `prefix`),
 * then sanitized (`bodySchema`). Outline, used files and broken links are collected in `context`.
 * Pages the fast path reads (src/render/fast-body: every block family, HTML only as GitBook writes figures and
 * tables) skip micromark (and the sanitizer, but for what HTML or outside data made) and give the same tree;
 * `fast: false` always takes the full path.
 *
 * @example
 * const context = createBodyContext(space, 'guides/README.md', 'self');
 * const tree = renderBody('See [writing](writing.md).', context, '../');
 * toHtml(tree) // → '<p>See <a href="../guides/writing/index.html">writing</a>.</p>'
 */
export function renderBody(markdown: string, context: BodyContext, prefix: string, options: { fast?: boolean } = {}): Root {
  const { tree, linksLeft } = unfinishedBody(markdown, context, prefix, options);
  if (linksLeft) resolveLinks(tree, context, prefix);
  finishTree(tree, context.externalTarget, context.icons);
  return tree;
}

/**
 * `bodyHtml` and `hastText` of `renderBody(markdown, context, prefix, options)`, its last passes made in one walk
 * (`writeBody`): what an export writes of a page body.
 *
 * @example
 * renderBodyHtml('See [writing](writing.md).', context, '../') // → { html: '<p>See <a href="../guides/writing/index.html">writing</a>.</p>', text: 'See writing.' }
 */
export function renderBodyHtml(markdown: string, context: BodyContext, prefix: string, options: { fast?: boolean } = {}): WrittenBody {
  const { tree, linksLeft } = unfinishedBody(markdown, context, prefix, options);
  return writeBody(tree, context, linksLeft ? prefix : undefined);
}

/** A body's tree before its last passes: sanitized, its links resolved unless `linksLeft` (then it needs no sanitizing). */
function unfinishedBody(markdown: string, context: BodyContext, prefix: string, options: { fast?: boolean }): { tree: Root; linksLeft: boolean } {
  const fast = options.fast === false ? undefined : fastBodyTree(markdown, context);
  if (fast !== undefined) {
    // Built from Quire's own elements, and HTML already parsed: the passes the full path runs after parsing raw
    // HTML, the link pass, and the sanitizer over what came from HTML or outside data.
    if (fast.raw) afterRaw(fast.tree, context);
    if (fast.unsafe.length === 0) return { tree: fast.tree, linksLeft: true };
    resolveLinks(fast.tree, context, prefix);
    return { tree: sanitizeParts(fast.tree, fast.unsafe), linksLeft: false };
  }
  const mdast = parseMarkdown(markdown);
  let tree = toHast(mdast, { allowDangerousHtml: true, handlers: createHandlers(context), unknownHandler }) as Root;
  // OpenAPI blocks link to component schemas instead of repeating their trees: the page ends with those models.
  tree.children.push(...linkedSchemasOfPage(context));
  // Parsing raw HTML costs a full HTML parse of the page: only when there is some.
  if (hasRaw(tree.children)) {
    tree = raw(tree) as Root;
    afterRaw(tree, context);
  }
  resolveLinks(tree, context, prefix);
  return { tree: sanitize(tree, bodySchema) as Root, linksLeft: false };
}

/** What raw HTML asks for once parsed: the colours of its icons kept, its inline expressions evaluated. */
function afterRaw(tree: Root, context: BodyContext): void {
  keepIconColours(tree);
  renderInlineExpressions(tree, context);
}

function hasRaw(nodes: RootContent[]): boolean {
  for (const node of nodes) {
    if (node.type === 'raw') return true;
    if (node.type === 'element' && hasRaw(node.children)) return true;
  }
  return false;
}
