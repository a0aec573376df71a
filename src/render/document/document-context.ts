import type { ContentRef, ContentRefFile, ContentRefReusableContent, ContentRefURL } from '@gitbook/api';

/**
 * What the page's place in the space tells the conversion: the references its Markdown writes, resolved.
 * The caller (the service) builds it from the Git layout of the revision; every function gets the target
 * exactly as written in the page (`../guide/setup.md#install`, `.gitbook/assets/a b.png`, `https://…`).
 * A function that is missing, or that answers `undefined`, leaves the target as a URL (`#anchor` targets
 * become anchors in the same page).
 */
export interface DocumentContext {
  /** A link (`[text](target)`, `<a href>`, a content-ref, a card target) → page, anchor, file, space, URL... */
  resolveLink?(target: string): ContentRef | undefined;
  /** An image or file source (`![](src)`, `<img src>`, `{% file src %}`, an OpenAPI `src`) → the file. */
  resolveFile?(target: string): ContentRefFile | ContentRefURL | undefined;
  /** The path of an `{% include %}` → the reusable content. */
  resolveReusableContent?(target: string): ContentRefReusableContent | undefined;
}

/** The context with its defaults applied: every reference resolves to something the model accepts. */
export interface ReferenceResolver {
  link(target: string): ContentRef;
  file(target: string): ContentRefFile | ContentRefURL;
  reusableContent(target: string): ContentRefReusableContent | undefined;
}

/**
 * Applies the defaults of a `DocumentContext`: unresolved links stay URLs (or same-page anchors), unresolved
 * files stay URLs, unresolved includes stay unresolved (the caller of `reusableContent` falls back to a link).
 */
export function referenceResolver(context: DocumentContext): ReferenceResolver {
  return {
    link: (target) => context.resolveLink?.(target) ?? unresolvedLink(target),
    file: (target) => context.resolveFile?.(target) ?? { kind: 'url', url: target },
    reusableContent: (target) => context.resolveReusableContent?.(target),
  };
}

function unresolvedLink(target: string): ContentRef {
  if (target.startsWith('#') && target.length > 1) return { kind: 'anchor', anchor: decodeAnchor(target.slice(1)) };
  return { kind: 'url', url: target };
}

function decodeAnchor(anchor: string): string {
  try {
    return decodeURIComponent(anchor);
  } catch {
    return anchor;
  }
}
