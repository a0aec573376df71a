/**
 * A directory as sync handles it: the files of the synced folder (path → bytes, paths relative to the folder),
 * and changes to one (path → new bytes, or `null` where the file is deleted).
 */
import type { RevisionDirectory } from '../client/index.ts';

/** The files of a directory: path → bytes. */
export type DirectoryBytes = ReadonlyMap<string, Uint8Array>;

/** Changes to a directory: path → the new bytes, or `null` for a deleted file. */
export type DirectoryDelta = ReadonlyMap<string, Uint8Array | null>;

/**
 * True when two byte arrays hold the same bytes.
 *
 * @example
 * sameBytes(new Uint8Array([1]), new Uint8Array([1])) // → true
 */
export function sameBytes(a: Uint8Array | null | undefined, b: Uint8Array | null | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined || a.byteLength !== b.byteLength) return false;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/**
 * The directory `files` becomes with `delta` applied.
 *
 * @example
 * applyDelta(new Map([['a.md', bytes]]), new Map([['a.md', null]])).size // → 0
 */
export function applyDelta(files: DirectoryBytes, delta: DirectoryDelta): Map<string, Uint8Array> {
  const result = new Map(files);
  for (const [path, bytes] of delta) {
    if (bytes === null) result.delete(path);
    else result.set(path, bytes);
  }
  return result;
}

/**
 * What changes `from` into `to`: the paths whose bytes differ, and the paths `to` lacks (as `null`).
 *
 * @example
 * deltaBetween(new Map([['a.md', one]]), new Map([['b.md', two]])) // → Map { 'b.md' → two, 'a.md' → null }
 */
export function deltaBetween(from: DirectoryBytes, to: DirectoryBytes): Map<string, Uint8Array | null> {
  const delta = new Map<string, Uint8Array | null>();
  for (const [path, bytes] of to) if (!sameBytes(from.get(path), bytes)) delta.set(path, bytes);
  for (const path of from.keys()) if (!to.has(path)) delta.set(path, null);
  return delta;
}

/**
 * `first` then `second`, as one delta.
 *
 * @example
 * composeDeltas(new Map([['a.md', one]]), new Map([['a.md', null]])).get('a.md') // → null
 */
export function composeDeltas(first: DirectoryDelta, second: DirectoryDelta): Map<string, Uint8Array | null> {
  const result = new Map(first);
  for (const [path, bytes] of second) result.set(path, bytes);
  return result;
}

/**
 * The changes a `directory?since=` answer describes (bytes decoded from base64). Without `since`, the answer
 * is a whole directory: every file is "changed" and nothing deleted.
 *
 * @example
 * deltaFromRevisionDirectory({ files: { 'a.md': 'IyBB' }, symlinks: {}, deleted: ['b.md'] })
 */
export function deltaFromRevisionDirectory(directory: RevisionDirectory): Map<string, Uint8Array | null> {
  const delta = new Map<string, Uint8Array | null>();
  for (const [path, base64] of Object.entries(directory.files)) delta.set(path, new Uint8Array(Buffer.from(base64, 'base64')));
  for (const path of directory.deleted ?? []) if (!delta.has(path)) delta.set(path, null);
  return delta;
}

/**
 * The files of a whole `directory` answer.
 *
 * @example
 * filesFromRevisionDirectory({ files: { 'README.md': 'IyBB' }, symlinks: {} }).get('README.md')
 */
export function filesFromRevisionDirectory(directory: RevisionDirectory): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const [path, base64] of Object.entries(directory.files)) files.set(path, new Uint8Array(Buffer.from(base64, 'base64')));
  return files;
}
