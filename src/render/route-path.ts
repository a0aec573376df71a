// Paths of the exported bundle. Every page is a folder holding `index.html`; folders are written from path segments
// that cannot climb out of the bundle, and links between pages are relative and name `index.html`, so the bundle
// works from `file://` and from any static server, at any base path.

/** Characters a file name may not hold on common file systems, and control characters. */
const unsafeCharacters = /[\u0000-\u001f\u007f<>:"\\|?*]/g;

/**
 * The segments of a URL path from content (a page path, a section or site-space path), made safe to use as folder
 * names: empty, `.` and `..` segments are dropped, characters that file systems refuse become `-`.
 *
 * @example
 * safeSegments('guides/../../etc/passwd') // → ['guides', 'etc', 'passwd']
 * safeSegments('a\\b:c') // → ['a-b-c']
 */
export function safeSegments(path: string): string[] {
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    const segment = raw.replace(unsafeCharacters, '-').trim().slice(0, 200);
    if (segment === '' || /^\.+$/.test(segment)) continue;
    segments.push(segment);
  }
  return segments;
}

/** The folder of a page from its segments: `''` at the root, else `a/b/`. */
export function folderOf(segments: readonly string[]): string {
  return segments.length === 0 ? '' : `${segments.join('/')}/`;
}

/**
 * The URL of a folder's `index.html` relative to the bundle's root, each segment percent-encoded.
 *
 * @example
 * pageHref('reference/καλημερα/') // → 'reference/%CE%BA%CE%B1%CE%BB%CE%B7%CE%BC%CE%B5%CF%81%CE%B1/index.html'
 */
export function pageHref(folder: string): string {
  return `${encodePath(folder)}index.html`;
}

/** Percent-encodes each segment of a relative path, keeping the slashes. */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/**
 * The prefix that leads from a page's folder back to the bundle's root: `''` at the root, `../../` two levels down.
 *
 * @example
 * rootPrefix('guides/writing/') // → '../../'
 */
export function rootPrefix(folder: string): string {
  let depth = 0;
  for (let index = 0; index < folder.length; index++) if (folder.charCodeAt(index) === 47) depth++;
  return '../'.repeat(depth);
}
