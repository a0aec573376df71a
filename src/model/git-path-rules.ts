/**
 * The one set of rules for a path Quire stores or writes into a Git repository: every layer (the API's
 * `git.path`, file names and `quire_set_directory` keys, the format's reading of a directory, the Git layer
 * before a commit or a work-tree write) asks these functions, so a path one layer takes can never stop another.
 *
 * They follow git's own `verify_path` with `core.protectNTFS` and `core.protectHFS` (what git refuses to check
 * out on some machine), and add limits so that no later walk meets an unbounded path:
 *
 * - relative, `/` between segments; no empty, `.` or `..` segment; no `\`, control character or lone surrogate;
 * - no segment that a file system turns into `.git`: any case, trailing dots or spaces (Windows drops them), an
 *   NTFS stream (`.git::$INDEX_ALLOCATION`), the 8.3 short name (`GIT~1`), or HFS+ ignorable code points inside
 *   (U+200C..U+200F, U+202A..U+202E, U+206A..U+206F, U+FEFF);
 * - no segment that is `.gitmodules` in one of those disguises (the exact name is an ordinary file); for a
 *   symbolic link, not `.gitmodules`, `.gitattributes`, `.gitignore` or `.mailmap` at all, nor in disguise;
 * - no segment ending in `.` or ` ` (Windows would store another name);
 * - at most {@link maxPathBytes} bytes of UTF-8, {@link maxPathSegments} segments, {@link maxSegmentBytes}
 *   bytes a segment (the common file-system limit).
 */

/** The most bytes (UTF-8) of a path: Linux's `PATH_MAX`. */
export const maxPathBytes = 4096;

/** The most segments of a path: deeper than any documentation tree, shallow enough for every recursive walk. */
export const maxPathSegments = 64;

/** The most bytes (UTF-8) of one segment: the name limit of ext4, APFS and NTFS. */
export const maxSegmentBytes = 255;

/** What the path names: a symbolic link is held to git's stricter rule for its special files. */
export interface GitPathKind {
  symlink?: boolean;
}

const hfsIgnorable = /[\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/gu;
const unsafeCharacter = /[\p{Cc}\p{Cs}\\]/u;

/**
 * The special files of git that are dangerous in disguise, with the 8.3 short names Windows may give them
 * (the first six letters, or git's documented hashed fallback, then `~` and a digit).
 */
const specialFiles: ReadonlyArray<{ name: string; shortNames: RegExp }> = [
  { name: '.git', shortNames: /^git~\d+$/ },
  { name: '.gitmodules', shortNames: /^(?:gitmod|gi7eba)~\d+$/ },
  { name: '.gitattributes', shortNames: /^(?:gitatt|gi7d29)~\d+$/ },
  { name: '.gitignore', shortNames: /^(?:gitign|gi250a)~\d+$/ },
  { name: '.mailmap', shortNames: /^(?:mailma|maba30)~\d+$/ },
];

/**
 * Which of git's special files `segment` becomes on some file system (NTFS, HFS+, case-insensitive), or
 * undefined: HFS+ ignorable code points dropped, case folded, then trailing dots and spaces and any NTFS
 * stream (`:...`) cut off.
 *
 * @example
 * gitSpecialFileAlias('.G\u200Cit. ::$INDEX_ALLOCATION') // → '.git'
 * gitSpecialFileAlias('.github') // → undefined
 */
export function gitSpecialFileAlias(segment: string): string | undefined {
  const folded = segment.replace(hfsIgnorable, '').toLowerCase();
  const stream = folded.indexOf(':');
  const name = (stream === -1 ? folded : folded.slice(0, stream)).replace(/[. ]+$/, '');
  return specialFiles.find((file) => name === file.name || file.shortNames.test(name))?.name;
}

/**
 * Why `segment` (one name between slashes) may not be part of a repository path, or undefined when it may.
 *
 * @example
 * pathSegmentProblem('a b.png') // → undefined
 * pathSegmentProblem('GIT~1') // → '"GIT~1" is .git on some file system (the git directory)'
 */
export function pathSegmentProblem(segment: string, kind: GitPathKind = {}): string | undefined {
  if (segment === '') return 'has an empty segment ("//", or "/" at an end)';
  if (segment === '.' || segment === '..') return `must stay inside the repository: no "${segment}" segment`;
  if (segment.includes('/')) return `${quotedSegment(segment)} is a path, not one name: no "/"`;
  if (unsafeCharacter.test(segment)) return `${quotedSegment(segment)} holds a backslash, a control character or a lone surrogate`;
  if (segment.length * 3 > maxSegmentBytes && utf8Length(segment) > maxSegmentBytes) return `has a segment of more than ${maxSegmentBytes} bytes`;
  const alias = gitSpecialFileAlias(segment);
  if (alias === '.git') return `${quotedSegment(segment)} is .git on some file system (the git directory)`;
  if (alias !== undefined && kind.symlink) return `${quotedSegment(segment)} is ${alias} on some file system, which git never checks out as a symbolic link`;
  if (alias === '.gitmodules' && segment !== alias) return `${quotedSegment(segment)} is .gitmodules on some file system; only the exact name is allowed`;
  if (/[. ]$/.test(segment)) return `${quotedSegment(segment)} ends in a dot or a space, which Windows drops`;
  return undefined;
}

/**
 * Why `path` may not be stored or written in a repository, or undefined when it may (the rules above). The
 * limits are checked first, so a path of thousands of segments costs one pass.
 *
 * @example
 * repositoryPathProblem('.gitbook/assets/a b.png') // → undefined
 * repositoryPathProblem('docs/.git/config') // → '".git" is .git on some file system (the git directory)'
 */
export function repositoryPathProblem(path: string, kind: GitPathKind = {}): string | undefined {
  if (path === '') return 'must be a path of at least one segment';
  if (path.length > maxPathBytes || (path.length * 3 > maxPathBytes && utf8Length(path) > maxPathBytes)) return `is longer than ${maxPathBytes} bytes`;
  if (path.startsWith('/')) return 'must be relative (no leading "/")';
  const segments = path.split('/');
  if (segments.length > maxPathSegments) return `has ${segments.length} segments; the limit is ${maxPathSegments}`;
  for (const [index, segment] of segments.entries()) {
    // Only the last segment is the link; the folders on the way are folders.
    const problem = pathSegmentProblem(segment, index === segments.length - 1 ? kind : {});
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Bytes of UTF-8; only asked when the text is long enough for it to matter (3 bytes a UTF-16 unit at most). */
function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * A segment as a message shows it: JSON-quoted, so invisible code points are visible, and at most 80 characters,
 * so a 5,000-byte name does not come back as a 5,000-byte message.
 *
 * @example
 * quotedSegment('.g\u200Cit') // → '".g\\u200Cit"'
 */
export function quotedSegment(segment: string): string {
  const shown = segment.length > 80 ? `${segment.slice(0, 80)}…` : segment;
  return JSON.stringify(shown).replace(/[\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
