import { isomorphicGit } from './isomorphic-git.ts';
import { QuireError } from '../errors/index.ts';
import { isIsomorphicGitError, isOid, readGitObject } from './git-object.ts';
import { readRefFiles } from './read-ref.ts';
import type { GitRepository } from './repository.ts';

/**
 * The commit a ref names, as `git rev-parse <ref>^{commit}`: `HEAD`, a branch (`main`, `refs/heads/main`),
 * a remote-tracking branch (`origin/main`), a tag (annotated tags are peeled to their commit), a full oid
 * or an unambiguous abbreviated one.
 *
 * @throws QuireError `GIT_REF_NOT_FOUND` (also for an unborn `HEAD`), `GIT_OBJECT_NOT_FOUND` (an oid that is
 * not in the repository), `GIT_WRONG_OBJECT_TYPE` (the ref names a tree or a blob).
 * @example
 * const head = await resolveRef(repo, 'HEAD');
 * const release = await resolveRef(repo, 'v1.2.0'); // the tagged commit, not the tag object
 */
export async function resolveRef(repo: GitRepository, ref: string): Promise<string> {
  if (typeof ref !== 'string' || ref === '' || /[\s\0]/.test(ref)) {
    throw new QuireError('INVALID_ARGUMENT', `ref must be a ref name or an oid, got ${JSON.stringify(ref)}`, { field: 'ref' });
  }
  const oid = isOid(ref) ? ref : await lookUpRef(repo, ref);
  return peelToCommit(repo, oid, ref);
}

async function lookUpRef(repo: GitRepository, ref: string): Promise<string> {
  const read = await readRefFiles(repo, ref);
  if (read !== undefined) return read;
  const git = await isomorphicGit();
  try {
    return await git.resolveRef({ fs: repo.fs, gitdir: repo.gitdir, ref });
  } catch (error) {
    if (!isIsomorphicGitError(error, 'NotFoundError')) throw error;
    if (/^[0-9a-f]{4,39}$/.test(ref)) {
      const expanded = await git.expandOid({ fs: repo.fs, gitdir: repo.gitdir, cache: repo.cache, oid: ref }).catch(() => undefined);
      if (expanded !== undefined) return expanded;
    }
    throw new QuireError('GIT_REF_NOT_FOUND', `Ref ${ref} does not exist`, { ref }, { cause: error });
  }
}

/** Annotated tags point at another object (possibly another tag); follow them to a commit. */
async function peelToCommit(repo: GitRepository, oid: string, ref: string): Promise<string> {
  let current = oid;
  for (let depth = 0; depth < 10; depth += 1) {
    const { type, bytes } = await readGitObject(repo, current);
    if (type === 'commit') return current;
    if (type !== 'tag') {
      throw new QuireError('GIT_WRONG_OBJECT_TYPE', `Ref ${ref} names a ${type} (${current}), not a commit`, {
        ref,
        oid: current,
        expected: 'commit',
        actual: type,
      });
    }
    const target = /^object ([0-9a-f]{40})\n/.exec(new TextDecoder().decode(bytes));
    if (target === null) throw new QuireError('INTERNAL', `Tag ${current} has no object line`, { oid: current });
    current = target[1]!;
  }
  throw new QuireError('GIT_WRONG_OBJECT_TYPE', `Ref ${ref} is a chain of more than 10 tags`, { ref, oid, expected: 'commit', actual: 'tag' });
}
