import { decodeTargetPath, isExternalTarget, resolveInside, splitTarget } from '../format/directory-path.ts';
import { scanReferences, type Reference } from '../format/references.ts';

/**
 * How a body refers to its target (the `relation` of a link item, docs/api-extensions.md):
 * - `reference`: a Markdown link or image, a reference definition, an HTML `href`/`src`, a `{% file %}` block;
 * - `mention`: `[text](page.md "mention")` (FORMAT.md, "Page files");
 * - `content-ref`: a page link block, `{% content-ref url="..." %}` or the legacy `{% page-ref page="..." %}`;
 * - `include`: `{% include "../.gitbook/includes/x.md" %}`, reusable content.
 */
export type LinkRelation = 'reference' | 'mention' | 'content-ref' | 'include';

/**
 * What a written target means before the revision is looked at: a path of the Git layout (relative links,
 * resolved against the file of the page that wrote them), an id form the API accepts (`/pages/<id>`,
 * `/files/<id>`), a URL, an anchor of the same page, or a path that leaves the directory (`invalid`).
 */
export type ExtractedTarget =
  | { kind: 'path'; path: string; anchor?: string }
  | { kind: 'page-id'; page: string; anchor?: string }
  | { kind: 'file-id'; file: string }
  | { kind: 'url'; url: string }
  | { kind: 'anchor'; anchor: string }
  | { kind: 'invalid'; written: string };

/** One reference of a body, with its target as far as the text and the page's own path tell. */
export interface ExtractedLink {
  relation: LinkRelation;
  target: ExtractedTarget;
}

/**
 * The links of a page body written in `pageFile` (its path in the Git layout, `guides/install.md`), in order of
 * position. A pure function of its two arguments, so its result can be stored per (document, path) and reused
 * by every revision where the page keeps that body and that path. References inside code are not links (the
 * scanner skips them); a heading anchor (`<a href="x" id="x">`) is not either.
 *
 * @example
 * extractLinks('[Install](../install.md#npm) and [x](https://example.com)', 'guides/README.md')
 * // → [{ relation: 'reference', target: { kind: 'path', path: 'install.md', anchor: 'npm' } },
 * //    { relation: 'reference', target: { kind: 'url', url: 'https://example.com' } }]
 */
export function extractLinks(body: string, pageFile: string): ExtractedLink[] {
  const links: ExtractedLink[] = [];
  for (const reference of scanReferences(body)) {
    // An OpenAPI block's `src` names a specification, not content of the space.
    if (reference.syntax === 'openapi') continue;
    links.push({ relation: relationOf(body, reference), target: targetOf(reference.target, pageFile) });
  }
  return links;
}

function relationOf(body: string, reference: Reference): LinkRelation {
  switch (reference.syntax) {
    case 'content-ref':
    case 'page-ref':
      return 'content-ref';
    case 'include':
      return 'include';
    case 'markdown-link':
      // The title follows the target: `(page.md "mention")`, the closing `>` first when written in brackets.
      return /^>?[ \t]+"mention"[ \t]*\)/.test(body.slice(reference.end, reference.end + 16)) ? 'mention' : 'reference';
    default:
      return 'reference';
  }
}

function targetOf(written: string, pageFile: string): ExtractedTarget {
  if (written.startsWith('#')) return { kind: 'anchor', anchor: decodeTargetPath(written.slice(1)) };
  if (isExternalTarget(written)) return { kind: 'url', url: written };
  const { path, suffix } = splitTarget(written);
  const anchor = suffix.startsWith('#') ? decodeTargetPath(suffix.slice(1)) : undefined;
  const withAnchor = <T extends object>(target: T): T & { anchor?: string } => (anchor === undefined || anchor === '' ? target : { ...target, anchor });
  const decoded = decodeTargetPath(path);
  const idForm = /^\/(pages|files)\/([^/]+)\/*$/.exec(decoded);
  if (idForm !== null) return idForm[1] === 'pages' ? withAnchor({ kind: 'page-id', page: idForm[2]! }) : { kind: 'file-id', file: idForm[2]! };
  // Any other site-absolute path addresses the published site, not a file of the directory.
  if (decoded.startsWith('/')) return { kind: 'url', url: written };
  const resolved = resolveInside(pageFile, decoded, '');
  return resolved.ok ? withAnchor({ kind: 'path', path: resolved.path }) : { kind: 'invalid', written };
}
