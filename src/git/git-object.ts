import { QuireError } from '../errors/index.ts';
import { objectReaderOf } from './object-backend.ts';
import type { GitRepository } from './repository.ts';

/** The four kinds of object in a Git object database. */
export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';

/** An object's type and its content (without the `type size\0` header). */
export interface RawGitObject {
  type: GitObjectType;
  bytes: Uint8Array;
}

const OID = /^[0-9a-f]{40}$/;

/** True for a full, lowercase SHA-1 object id. */
export function isOid(value: unknown): value is string {
  return typeof value === 'string' && OID.test(value);
}

/** @throws QuireError `INVALID_ARGUMENT` naming `field` when `value` is not a full lowercase oid. */
export function assertOid(value: unknown, field: string): asserts value is string {
  if (!isOid(value)) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must be a full 40-character lowercase object id, got ${JSON.stringify(value)}`, {
      field,
    });
  }
}

/**
 * Reads one object, of the `expected` type when given, with the handle's reader (`object-backend.ts`).
 *
 * @throws QuireError `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 */
export async function readGitObject(repo: GitRepository, oid: string, expected?: GitObjectType): Promise<RawGitObject> {
  const object = await objectReaderOf(repo).read(oid);
  if (object === undefined) throw new QuireError('GIT_OBJECT_NOT_FOUND', `Object ${oid} is not in the repository`, { oid });
  if (expected !== undefined && object.type !== expected) {
    throw new QuireError('GIT_WRONG_OBJECT_TYPE', `Object ${oid} is a ${object.type}, not a ${expected}`, { oid, expected, actual: object.type });
  }
  return object;
}

/** isomorphic-git's errors carry a `code` equal to their class name. */
export function isIsomorphicGitError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
