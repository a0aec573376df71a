/*
 * Uploaded files that a browser runs as a document (HTML, XHTML, SVG, XML with its stylesheets) would run their
 * scripts with the exported site's origin if a reader opened them. The bundle never serves them under such a
 * name: links lead to a copy with `.txt` appended (a browser shows it as text; a link in a page also asks for a
 * download under the file's own name), and an SVG keeps an image copy under its own name that pages reference
 * only through `<img>`, where scripts never run.
 */

/** Media types a browser renders as an active document (parameters and case ignored). */
const activeTypes = new Set(['text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml', 'text/xsl', 'application/xslt+xml', 'multipart/related', 'message/rfc822', 'application/x-mimearchive']);

/** Extensions a static server or `file://` maps to such a type. */
const activeExtensions = new Set(['html', 'htm', 'shtml', 'xhtml', 'xht', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'mht', 'mhtml']);

/** The extension appended to the linked copy of an active file. */
export const inertExtension = '.txt';

/**
 * Whether a file is active content: its media type or its name's extension, whichever says so (a `+xml` type
 * counts, as browsers render any XML).
 *
 * @example
 * isActiveFile('logo.svg', 'image/png') // → true
 * isActiveFile('notes.txt', 'text/html; charset=utf-8') // → true
 * isActiveFile('photo.png', 'image/png') // → false
 */
export function isActiveFile(name: string, contentType: string | undefined): boolean {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (activeTypes.has(essence) || essence.endsWith('+xml')) return true;
  // Trailing dots and spaces are dropped by Windows and some servers: `page.html.` is `page.html`.
  const trimmed = name.replace(/[.\s]+$/, '');
  const dot = trimmed.lastIndexOf('.');
  return dot !== -1 && activeExtensions.has(trimmed.slice(dot + 1).toLowerCase());
}

/** Whether an active file is an SVG image, which `<img>` may still show. */
function isSvg(name: string, contentType: string | undefined): boolean {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return essence === 'image/svg+xml' || /\.svgz?$/i.test(name.trim());
}

/** The bundle paths of one file: where links lead, and where `<img>` reads it when that differs. */
export interface AssetPaths {
  /** Root-relative path that links use (inert for active files). */
  link: string;
  /** Root-relative path of the copy that only `<img>` uses: an SVG's own name. Absent otherwise. */
  image?: string;
}

/**
 * The paths a file is written under, from the path it would have (`assets/files/3f2a-logo.svg`).
 *
 * @example
 * assetPaths('assets/files/3f2a-logo.svg', { name: 'logo.svg', contentType: 'image/svg+xml' })
 * // → { link: 'assets/files/3f2a-logo.svg.txt', image: 'assets/files/3f2a-logo.svg' }
 * assetPaths('assets/files/9c1e-photo.png', { name: 'photo.png', contentType: 'image/png' })
 * // → { link: 'assets/files/9c1e-photo.png' }
 */
export function assetPaths(path: string, file: { name: string; contentType?: string }): AssetPaths {
  if (!isActiveFile(file.name, file.contentType) && !isActiveFile(path, undefined)) return { link: path };
  const link = `${path}${inertExtension}`;
  if (!isSvg(file.name, file.contentType) && !isSvg(path, undefined)) return { link };
  // `<img>` shows an SVG only when it is served as one: the image copy ends in `.svg` whatever the upload's name.
  return { link, image: /\.svgz?$/i.test(path) ? path : `${path}.svg` };
}
