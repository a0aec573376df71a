import type { Element, ElementContent } from 'hast';
import { resolveUrl } from './convert-text.ts';
import { stringProperty, walkElements } from './convert-walk.ts';

/** How links and images are resolved and rewritten (see `ConvertOptions` in html-to-markdown.ts). */
export interface ReferenceOptions {
  /** The page's final URL. */
  page: URL;
  /** The base for relative URLs (`<base href>`, else the page's URL). */
  base: URL;
  rewriteLink?: ((absoluteUrl: string) => string | undefined) | undefined;
  rewriteImage?: ((absoluteUrl: string) => string | undefined) | undefined;
}

/** The links and images of the content, absolute, before rewriting. */
export interface References {
  links: string[];
  images: string[];
}

/** Schemes a link may keep besides http(s): they open a mail or a call, never run anything. */
const keptSchemes = new Set(['mailto:', 'tel:']);

/** Where lazy-loading scripts put the real source of an image. */
const lazySources = ['dataSrc', 'dataOriginal', 'dataLazySrc'];

/**
 * Resolves every link and image under `root`, in place, and answers them (see below):
 *
 * - A link to an anchor of the page itself (`#x`, or the page's own URL with a fragment) becomes `#x`.
 * - An http(s) link becomes absolute (against the `<base>`), is listed without its fragment, and is written as
 *   `rewriteLink` of the absolute URL with its fragment, or that URL.
 * - `mailto:` and `tel:` links stay; any other link (`javascript:`, `data:`, `file:`, unparsable, bare `#`) is
 *   dropped and its text kept. Links with neither text nor image are dropped.
 * - An http(s) image is listed and written as `rewriteImage` of its absolute URL, or that URL; the source of a
 *   lazy-loaded image is read from `data-src`. Any other image (`data:`, `blob:`...) is dropped: a page of
 *   Markdown does not carry inline bytes.
 *
 * @example
 * ```ts
 * const { links } = resolveReferences(content, { page, base: page, rewriteLink: (url) => mapToMarkdown(url) });
 * ```
 */
export function resolveReferences(root: Element, options: ReferenceOptions): References {
  const links = new Set<string>();
  const images = new Set<string>();
  const pageWithoutFragment = withoutFragment(options.page);
  walkElements(root, (element) => {
    if (element.tagName === 'a') return resolveLink(element);
    if (element.tagName === 'img') return resolveImage(element);
    if (element.tagName === 'iframe') {
      const src = stringProperty(element, 'src');
      const url = src === undefined ? undefined : resolveUrl(src, options.base);
      element.properties['src'] = url && /^https?:$/.test(url.protocol) ? url.href : undefined;
      return 'skip';
    }
    return 'continue';
  });
  return { links: [...links], images: [...images] };

  function resolveLink(element: Element): 'continue' | 'unwrap' | 'remove' {
    if (isEmpty(element)) return 'remove';
    const href = stringProperty(element, 'href');
    if (href === undefined) return 'unwrap';
    const url = resolveUrl(href, href.startsWith('#') ? options.page : options.base);
    if (url === undefined) return 'unwrap';
    if (/^https?:$/.test(url.protocol)) {
      const bare = withoutFragment(url);
      if (bare === pageWithoutFragment && (href.startsWith('#') || url.hash !== '')) {
        if (url.hash === '' || url.hash === '#') return 'unwrap';
        element.properties['href'] = url.hash;
        return 'continue';
      }
      links.add(bare);
      element.properties['href'] = options.rewriteLink?.(url.href) ?? url.href;
      return 'continue';
    }
    if (keptSchemes.has(url.protocol)) {
      element.properties['href'] = url.href;
      return 'continue';
    }
    return 'unwrap';
  }

  function resolveImage(element: Element): 'skip' | 'remove' {
    const written = stringProperty(element, 'src');
    const lazy = lazySources.map((name) => stringProperty(element, name)).find((value) => value !== undefined);
    const src = written === undefined || written.startsWith('data:') ? (lazy ?? written) : written;
    const url = src === undefined ? undefined : resolveUrl(src, options.base);
    if (url === undefined || !/^https?:$/.test(url.protocol)) return 'remove';
    images.add(url.href);
    element.properties['src'] = options.rewriteImage?.(url.href) ?? url.href;
    return 'skip';
  }
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/** A link that shows nothing: no text and no image. */
function isEmpty(link: Element): boolean {
  const pending: ElementContent[] = [link];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.type === 'text' && next.value.trim() !== '') return false;
    if (next.type === 'element') {
      if (next.tagName === 'img') return false;
      for (const child of next.children) pending.push(child);
    }
  }
  return true;
}
