import type { RawGitObject } from './git-object.ts';

/**
 * Where a repository handle reads objects from (chosen once per handle, see `object-backend.ts`): `read` gives an
 * object's type and content, or `undefined` when the repository does not hold it.
 */
export interface ObjectReader {
  read(oid: string): Promise<RawGitObject | undefined>;
  /**
   * Reads worth having in flight at once (default `OBJECT_READ_CONCURRENCY`): a reader that queues them in one
   * pipe (`git cat-file --batch`) takes many more than one that opens a file per read.
   */
  readonly readsInFlight?: number;
}
