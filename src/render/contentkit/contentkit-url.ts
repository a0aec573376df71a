import { isExternalUrl, isSafeImageUrl } from '../safe-url.ts';
import { boundString, type ContentKitState } from './contentkit-state.ts';

/**
 * The address a ContentKit link, button or frame leads to, when a static page may link to it: a string, or a
 * `ContentKitURL` (`{ host, pathname, query }`, https, query values read from the state when bound). Anything else
 * (`javascript:`, a relative path, an unreadable object) is `undefined`: the element is shown without a link.
 *
 * @example
 * contentKitUrl({ host: 'example.com', pathname: '/a', query: { q: 'x' } }, {}) // → 'https://example.com/a?q=x'
 */
export function contentKitUrl(value: unknown, state: ContentKitState): string | undefined {
  if (typeof value === 'string') return isExternalUrl(value) ? value : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const { host, pathname, query } = value as { host?: unknown; pathname?: unknown; query?: unknown };
  if (typeof host !== 'string' || typeof pathname !== 'string' || !/^[a-z0-9.-]+(?::\d+)?$/i.test(host)) return undefined;
  const url = new URL(`https://${host}`);
  url.pathname = pathname;
  if (typeof query === 'object' && query !== null) {
    for (const [name, bound] of Object.entries(query)) {
      const resolved = boundString(bound, state);
      if (resolved !== undefined) url.searchParams.set(name, resolved);
    }
  }
  return url.href;
}

/** The `src` of a ContentKit image, when an `<img>` may load it (http(s), or a raster `data:` image). */
export function contentKitImageUrl(source: unknown): string | undefined {
  const url = typeof source === 'object' && source !== null ? (source as { url?: unknown }).url : undefined;
  return typeof url === 'string' && isSafeImageUrl(url) ? url : undefined;
}

/** The URL a ContentKit action opens, when it is `@ui.url.open` with a safe URL: other actions need the hosted app. */
export function actionUrl(action: unknown, state: ContentKitState): string | undefined {
  if (typeof action !== 'object' || action === null) return undefined;
  const { action: name, url } = action as { action?: unknown; url?: unknown };
  return name === '@ui.url.open' ? contentKitUrl(url, state) : undefined;
}
