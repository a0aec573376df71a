import { createConcurrencyLimit } from './concurrency-limit.ts';
import { assertOid, readGitObject } from './git-object.ts';
import { readConcurrencyOf } from './object-backend.ts';
import type { GitRepository } from './repository.ts';

/**
 * The bytes of the given blobs, by oid. Sync calls it with only the blobs whose oids changed.
 *
 * @throws QuireError `INVALID_ARGUMENT` (not an oid), `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE` (not a blob).
 * @example
 * const changed = entries.filter((entry) => known.get(entry.path) !== entry.oid);
 * const bytes = await readBlobs(repo, changed.map((entry) => entry.oid));
 * const text = new TextDecoder().decode(bytes.get(changed[0].oid));
 */
export async function readBlobs(repo: GitRepository, oids: Iterable<string>): Promise<Map<string, Uint8Array>> {
  const unique = new Set<string>();
  for (const oid of oids) {
    assertOid(oid, 'oids[]');
    unique.add(oid);
  }
  return loadBlobs(repo, unique);
}

/** {@link readBlobs} without argument checks. */
export async function loadBlobs(repo: GitRepository, oids: Iterable<string>): Promise<Map<string, Uint8Array>> {
  const limit = createConcurrencyLimit(readConcurrencyOf(repo));
  const list = [...new Set(oids)];
  const blobs = await Promise.all(list.map((oid) => limit.run(async () => (await readGitObject(repo, oid, 'blob')).bytes)));
  return new Map(list.map((oid, index) => [oid, blobs[index]!]));
}
