/**
 * Paths inside a directory: POSIX separators, relative to the directory, never leaving it.
 * Reading and writing never trust a path from content until it went through `resolveInside`.
 */

/** Why a path was refused. */
export type PathRefusal = 'absolute' | 'escapes-root' | 'empty';

export type ResolvedPath = { ok: true; path: string } | { ok: false; reason: PathRefusal };

/**
 * Resolves `target` (a relative path as written in `fromFile`) to a path relative to the directory.
 * Absolute paths and paths that climb out of `root` are refused.
 *
 * @example
 * resolveInside('guide/a.md', '../b.md', '') // → { ok: true, path: 'b.md' }
 * resolveInside('a.md', '../../etc/passwd', '') // → { ok: false, reason: 'escapes-root' }
 */
export function resolveInside(fromFile: string, target: string, root: string): ResolvedPath {
  if (target === '') return { ok: false, reason: 'empty' };
  if (target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target) || target.startsWith('\\')) {
    return { ok: false, reason: 'absolute' };
  }
  const folder = dirname(fromFile);
  const direct = folder === '' ? target : `${folder}/${target}`;
  // Most paths have no empty, `.` or `..` segment: they are their own resolution (thousands per directory read).
  const path = irregularSegment.test(direct) ? joinSegments(direct) : direct;
  if (path === undefined) return { ok: false, reason: 'escapes-root' };
  if (root !== '' && !path.startsWith(root)) return { ok: false, reason: 'escapes-root' };
  if (path === '') return { ok: false, reason: 'empty' };
  return { ok: true, path };
}

/** An empty, `.` or `..` segment. */
const irregularSegment = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** `path` without its empty and `.` segments, each `..` taking the one before it; undefined when one has none to take. */
function joinSegments(path: string): string | undefined {
  const joined = path.split('/');
  const segments: string[] = [];
  for (const segment of joined) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.join('/');
}

/** Normalises a path given relative to the directory itself (from `.gitbook.yaml` or a map key). */
export function normalizeDirectoryPath(path: string): ResolvedPath {
  return resolveInside('', path, '');
}

/** The folder of a file path, `''` at the top, without a trailing slash. */
export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** The last segment of a path. */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The relative path to write in `fromFile` so that it points at `toPath` (both relative to the directory).
 *
 * @example
 * relativePath('guide/a.md', 'b.md') // → '../b.md'
 * relativePath('a.md', 'guide/README.md') // → 'guide/README.md'
 */
export function relativePath(fromFile: string, toPath: string): string {
  const from = dirname(fromFile).split('/').filter(Boolean);
  const to = toPath.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...Array(from.length - common).fill('..'), ...to.slice(common)].join('/');
}

/** True for a target that is a URL or a site-absolute path rather than a path into the directory. */
export function isExternalTarget(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#');
}

/** Splits `path#anchor?query` into the path and what follows it. */
export function splitTarget(target: string): { path: string; suffix: string } {
  const cut = target.search(/[#?]/);
  return cut === -1 ? { path: target, suffix: '' } : { path: target.slice(0, cut), suffix: target.slice(cut) };
}

/** Decodes `%20` and friends in a link target; a malformed escape is kept as written. */
export function decodeTargetPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Resolves a link written in `fromFile` to the file it means: the path itself, or for a folder
 * (`guides/`, FORMAT.md: "a page with children: its folder with a trailing slash") the folder's README.md.
 *
 * @example
 * resolveLinkTarget('README.md', 'guides/', '', (path) => path === 'guides/README.md') // → { ok: true, path: 'guides/README.md' }
 */
export function resolveLinkTarget(fromFile: string, target: string, root: string, exists: (path: string) => boolean): ResolvedPath {
  const resolved = resolveInside(fromFile, target, root);
  if (!resolved.ok || exists(resolved.path)) return resolved;
  const readme = `${resolved.path}/README.md`;
  return exists(readme) ? { ok: true, path: readme } : resolved;
}
