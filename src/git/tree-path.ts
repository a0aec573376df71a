import { QuireError } from '../errors/index.ts';

/**
 * A segment Git refuses to check out (git's `verify_path`, with `core.protectNTFS`, on by default): `.git`
 * in any case, with trailing dots or spaces that Windows drops, and its 8.3 short name `git~1`.
 */
function isGitDirectoryName(segment: string): boolean {
  const name = segment.toLowerCase().replace(/[. ]+$/, '');
  return name === '.git' || name === 'git~1';
}

/**
 * Checks a path to write or delete: relative, `/`-separated, no empty, `.` or `..` segment, no `.git`
 * segment, no backslash or NUL. Returns its segments.
 *
 * @throws QuireError `GIT_INVALID_PATH` naming the path and what is wrong with it.
 */
export function parseChangePath(path: unknown): string[] {
  if (typeof path !== 'string' || path === '') throw invalidPath(path, 'a path must be a non-empty string');
  if (path.startsWith('/')) throw invalidPath(path, 'absolute paths are not allowed');
  if (path.endsWith('/')) throw invalidPath(path, 'a path names a file and cannot end with "/"');
  if (path.includes('\\')) throw invalidPath(path, 'backslashes are not allowed; use "/"');
  if (path.includes('\0')) throw invalidPath(path, 'NUL characters are not allowed');
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '') throw invalidPath(path, 'empty segments ("//") are not allowed');
    if (segment === '.' || segment === '..') throw invalidPath(path, `"${segment}" segments are not allowed`);
    if (isGitDirectoryName(segment)) throw invalidPath(path, `"${segment}" segments are not allowed (the git directory)`);
  }
  return segments;
}

/**
 * Normalises the folder a caller works in: `''` or `undefined` for the whole tree, otherwise a path as
 * for {@link parseChangePath}, with an optional trailing `/`. Returns its segments (none for the root).
 *
 * @throws QuireError `GIT_INVALID_PATH`.
 */
export function parsePrefix(prefix: string | undefined): string[] {
  if (prefix === undefined || prefix === '') return [];
  return parseChangePath(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

function invalidPath(path: unknown, reason: string): QuireError<'GIT_INVALID_PATH'> {
  return new QuireError('GIT_INVALID_PATH', `Invalid path ${JSON.stringify(path)}: ${reason}`, { path, reason });
}
