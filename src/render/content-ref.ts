import type { ChromeLink, LinkTarget } from './route-data.ts';
import { isExternalUrl } from './safe-url.ts';
import type { ContentRefInput } from './site-profile.ts';

/** What a content reference needs to be resolved: the pages and files of each exported space. */
export interface ContentRefScope {
  /** The space the reference is written in. */
  space: { pages: Record<string, LinkTarget>; files: Record<string, LinkTarget>; homeHref: string };
  /** Other exported spaces, by space id (`ContentRef.space`). */
  spaces: ReadonlyMap<string, { pages: Record<string, LinkTarget>; files: Record<string, LinkTarget>; homeHref: string }>;
}

/** Where a content reference leads: a root-relative href (with `file` set for files), or an external URL. */
export interface ResolvedRef {
  href: string;
  external: boolean;
  /** Set when the reference is a file of the export, so it is copied. */
  file?: boolean;
  /** A file's image copy, when images use another copy than links (an SVG: src/render/inert-asset.ts). */
  imageHref?: string;
}

/**
 * Resolves a `ContentRef` (`{ kind: 'page', page }`, `{ kind: 'url', url }`, `{ kind: 'file', file }`,
 * `{ kind: 'anchor', page, anchor }`, `{ kind: 'space', space }`) to a link of the export. References to what the
 * export does not hold (another site's space, a user, a tag) and URLs with an unsafe scheme give `undefined`.
 *
 * @example
 * resolveContentRef({ kind: 'url', url: 'https://example.com' }, scope) // → { href: 'https://example.com', external: true }
 */
export function resolveContentRef(ref: ContentRefInput | null | undefined, scope: ContentRefScope): ResolvedRef | undefined {
  if (!ref) return undefined;
  const space = ref.space === undefined ? scope.space : scope.spaces.get(ref.space);
  switch (ref.kind) {
    case 'url':
      return ref.url !== undefined && isExternalUrl(ref.url) ? { href: ref.url, external: true } : undefined;
    case 'page': {
      const target = ref.page === undefined ? undefined : space?.pages[ref.page];
      return target ? { href: target.href, external: false } : undefined;
    }
    case 'anchor': {
      const target = ref.page === undefined ? undefined : space?.pages[ref.page];
      if (!target || ref.anchor === undefined) return undefined;
      return { href: `${target.href}#${encodeURIComponent(ref.anchor)}`, external: false };
    }
    case 'file': {
      const target = ref.file === undefined ? undefined : space?.files[ref.file];
      if (!target) return undefined;
      return { href: target.href, external: false, file: true, ...(target.imageHref === undefined ? {} : { imageHref: target.imageHref }) };
    }
    case 'space':
      return space && ref.space !== undefined ? { href: space.homeHref, external: false } : undefined;
    default:
      return undefined;
  }
}

/** A titled chrome link from a content reference; without a target, the title alone. */
export function chromeLink(title: string, ref: ContentRefInput | null | undefined, scope: ContentRefScope, used: Set<string>): ChromeLink {
  const resolved = resolveContentRef(ref, scope);
  if (resolved?.file) used.add(resolved.href);
  return resolved ? { title, href: resolved.href, external: resolved.external } : { title, external: false };
}
