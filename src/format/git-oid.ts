import { createHash } from 'node:crypto';

/**
 * The Git blob id of `bytes`: SHA-1 of `blob <length>\0` followed by the bytes, as `git hash-object` computes it.
 *
 * @example
 * gitBlobOid(new Uint8Array()) // → 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'
 */
export function gitBlobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/** Blob ids already computed, by the very array they were computed from (read-directory.ts's input). */
const knownOids = new WeakMap<Uint8Array, string>();

/**
 * `gitBlobOid`, computed once per array. readDirectory asks for the id of each file several times (ids of pages and
 * files, the revision's id), and a sync reads two directories sharing the arrays of every file that did not change
 * (plan.ts builds one from the other with `applyDelta`): on a 1,000-page repository with 20 MB of images,
 * hashing was a third of reading one. The format never writes into the bytes it reads, and neither does anyone
 * who hands it a directory (its input is documented as immutable), so the array stands for its content.
 *
 * @example
 * memoizedBlobOid(bytes) === gitBlobOid(bytes) // → true, and the second call for `bytes` hashes nothing
 */
export function memoizedBlobOid(bytes: Uint8Array): string {
  let oid = knownOids.get(bytes);
  if (oid === undefined) {
    oid = gitBlobOid(bytes);
    knownOids.set(bytes, oid);
  }
  return oid;
}

/**
 * Tells `memoizedBlobOid` the id of an array read from Git by that id (a blob's content is what its id hashes), so
 * that it is not hashed again: a sync reads every file of a commit, 20 MB of them on a 1,000-page repository.
 *
 * @example
 * const tree = await readTree(repo, head);
 * for (const [path, bytes] of tree.files) rememberBlobOid(bytes, tree.oids.get(path)!);
 */
export function rememberBlobOid(bytes: Uint8Array, oid: string): void {
  knownOids.set(bytes, oid);
}
