import type { RawGitObject } from './git-object.ts';

/**
 * Where a repository handle reads objects from (chosen once per handle, see `object-backend.ts`): `read` gives an
 * object's type and content, or `undefined` when the repository does not hold it.
 */
export interface ObjectReader {
  read(oid: string): Promise<RawGitObject | undefined>;
}
