import { posix } from 'node:path';
import type { Node, Parent } from 'mdast';
import { parseMarkdown } from '../../markdown/index.ts';
import { tagNodes } from '../fast-body/page-tags.ts';
import type { SitePlan } from '../route-data.ts';
import { isExternalUrl } from '../safe-url.ts';

/**
 * A specification a site needs, by the key the plan stores its document under:
 * - `spec:<slug>`: a specification of the organization (`spec="…"` blocks, computed `builtin:openapi` pages);
 * - `url:<src>`: a document at an absolute http(s) URL (`{% openapi src="https://…" %}`);
 * - `url:<site space id>:<path>`: a file of the site space's directory, `src` resolved against the file the block
 *   is written in (what `quire build` reads from disk).
 */
export type OpenAPIReference =
  | { key: string; kind: 'spec'; slug: string }
  | { key: string; kind: 'url'; url: string }
  | { key: string; kind: 'file'; siteSpaceId: string; path: string };

export function specReference(slug: string): OpenAPIReference {
  return { key: `spec:${slug}`, kind: 'spec', slug };
}

/** The reference of a block's `src`, written in the file `base` (a layout path) of site space `siteSpaceId`. */
export function srcReference(src: string, base: string, siteSpaceId: string): OpenAPIReference {
  if (isExternalUrl(src)) return { key: `url:${src}`, kind: 'url', url: src };
  const path = posix.normalize(src.startsWith('/') ? src.slice(1) : posix.join(posix.dirname(base), src)).replace(/^(\.\.\/)+/, '');
  return { key: `url:${siteSpaceId}:${path}`, kind: 'file', siteSpaceId, path };
}

const blockTypes = new Set(['openapi', 'openapiOperation', 'openapiSchemas', 'openapiWebhook']);

/**
 * Every specification the pages of a plan render from, each once: the `spec` of computed pages and of
 * `openapi-operation`/`-schemas`/`-webhook` blocks, the `src` of `openapi` blocks, in page bodies and in the
 * reusable contents they may include. Only bodies that mention `{% openapi` are read, by the fast path's reader
 * when it can (src/render/fast-body/page-tags.ts). Pure.
 *
 * @example
 * collectOpenAPIReferences(plan) // → [{ key: 'spec:petstore', kind: 'spec', slug: 'petstore' }]
 */
export function collectOpenAPIReferences(plan: SitePlan): OpenAPIReference[] {
  const found = new Map<string, OpenAPIReference>();
  const add = (reference: OpenAPIReference) => {
    if (!found.has(reference.key)) found.set(reference.key, reference);
  };
  const scan = (markdown: string, base: string, siteSpaceId: string) => {
    if (!markdown.includes('{% openapi')) return;
    for (const node of openapiBlocks(markdown)) {
      const block = node as Node & { src?: string; spec?: string };
      if (node.type === 'openapi' && block.src) add(srcReference(block.src, base, siteSpaceId));
      else if (block.spec) add(specReference(block.spec));
    }
  };
  for (const page of plan.pages) {
    const space = plan.spaces[page.space]!;
    if (page.computed?.spec) add(specReference(page.computed.spec));
    if (page.documentId !== undefined) scan(space.documents[page.documentId] ?? '', page.source ?? '', space.siteSpaceId);
  }
  for (const space of plan.spaces) for (const [path, markdown] of Object.entries(space.includes)) scan(markdown, path, space.siteSpaceId);
  return [...found.values()];
}

/** The OpenAPI blocks of a body, in document order. */
function openapiBlocks(markdown: string): Node[] {
  const read = tagNodes(markdown, (name) => name.startsWith('openapi'));
  if (read !== undefined) return read.filter((node) => blockTypes.has(node.type));
  const found: Node[] = [];
  visit(parseMarkdown(markdown), (node) => {
    if (blockTypes.has(node.type)) found.push(node);
  });
  return found;
}

function visit(node: Node, enter: (node: Node) => void): void {
  enter(node);
  for (const child of (node as Parent).children ?? []) visit(child, enter);
}
