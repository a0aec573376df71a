import { isomorphicGit } from './isomorphic-git.ts';
import { isIsomorphicGitError, type GitObjectType, type RawGitObject } from './git-object.ts';
import type { ObjectReader } from './object-reader.ts';
import type { GitRepository } from './repository.ts';

/**
 * Reads objects through isomorphic-git: the only reader for a file system without random access (an in-memory
 * one). It loads a whole pack, and checks its SHA-1, the first time it reads an object from it.
 */
export function createIsomorphicObjectReader(repo: GitRepository): ObjectReader {
  return {
    async read(oid) {
      const git = await isomorphicGit();
      try {
        const result = await git.readObject({ fs: repo.fs, gitdir: repo.gitdir, cache: repo.cache, oid, format: 'content' });
        const object = result.object as Uint8Array;
        // Buffers from isomorphic-git may be views into a larger pool; expose a plain Uint8Array view, no copy.
        return { type: (result as { type: GitObjectType }).type, bytes: new Uint8Array(object.buffer, object.byteOffset, object.byteLength) } satisfies RawGitObject;
      } catch (error) {
        if (isIsomorphicGitError(error, 'NotFoundError')) return undefined;
        throw error;
      }
    },
  };
}
