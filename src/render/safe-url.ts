// URLs from content and customization reach `href` and `src` only through these checks: a scheme outside the
// allowed list (`javascript:`, `vbscript:`, `file:`, …) never becomes a link.

const externalSchemes = /^(?:https?|mailto|tel):/i;
const anyScheme = /^[a-z][a-z0-9+.-]*:/i;
/** Raster images only: an SVG can carry script when opened on its own. */
const dataImage = /^data:image\/(?:png|gif|jpe?g|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/**
 * True for a URL a link may open in the browser: `http:`, `https:`, `mailto:`, `tel:`, or protocol-relative `//`.
 * Control characters and whitespace that browsers strip before reading the scheme are removed first.
 *
 * @example
 * isExternalUrl('https://example.com') // → true
 * isExternalUrl('java\tscript:alert(1)') // → false
 */
export function isExternalUrl(url: string): boolean {
  const cleaned = stripIgnored(url);
  return externalSchemes.test(cleaned) || cleaned.startsWith('//');
}

/** True for a URL with a scheme (or protocol-relative): not a path into the bundle or the space. */
export function hasScheme(url: string): boolean {
  const cleaned = stripIgnored(url);
  return anyScheme.test(cleaned) || cleaned.startsWith('//');
}

/**
 * True for a `src` an `<img>` may load: an external URL as above or a `data:` URL of a raster image.
 *
 * @example
 * isSafeImageUrl('data:image/png;base64,iVBORw0KGgo=') // → true
 * isSafeImageUrl('data:image/svg+xml,<svg onload=alert(1)>') // → false
 */
export function isSafeImageUrl(url: string): boolean {
  return isExternalUrl(url) || dataImage.test(stripIgnored(url));
}

// Browsers drop ASCII tab and newline anywhere in a URL, and leading C0 controls and spaces.
function stripIgnored(url: string): string {
  return url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
}
