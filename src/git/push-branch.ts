import { isomorphicGit } from './isomorphic-git.ts';
import { QuireError } from '../errors/index.ts';
import { assertOid, readGitObject } from './git-object.ts';
import { objectReaderOf } from './object-backend.ts';
import { loadCommit } from './read-commit.ts';
import { fullRefName } from './ref-name.ts';
import { createRepositoryHandle, type GitRepository } from './repository.ts';
import { loadTreeItems } from './tree-walk.ts';
import { TREE_MODE } from './tree-object.ts';

/** Where and how to push. */
export interface PushBranchOptions {
  /** The remote's URL: `https://...` (pushed over HTTP) or a path to a repository on this machine. */
  url: string;
  /** The commit to push. */
  oid: string;
  /** The branch to update on the remote (`main` or `refs/heads/main`). */
  ref: string;
  /** The commit the remote branch must be at now (a fast-forward is checked either way). */
  expected?: string | undefined;
  /** For HTTP: sent as the password of `x-access-token` (a GitHub workflow token works so). */
  token?: string | undefined;
}

/**
 * Pushes a commit to a branch of a remote, as a fast-forward only: over HTTP with isomorphic-git (the token as
 * `onAuth` credentials), or, for a remote on this machine, by copying the objects it lacks and moving its ref.
 *
 * @throws QuireError `GIT_REF_CONFLICT` when the remote branch moved (someone pushed meanwhile).
 * @example
 * await pushBranch(repo, { url: 'https://github.com/acme/docs.git', oid: head, ref: 'main', token: process.env.GITHUB_TOKEN });
 */
export async function pushBranch(repo: GitRepository, options: PushBranchOptions): Promise<void> {
  assertOid(options.oid, 'oid');
  const ref = fullRefName(options.ref);
  if (/^https?:\/\//.test(options.url)) {
    const [git, { default: http }] = await Promise.all([isomorphicGit(), import('isomorphic-git/http/node')]);
    const tempRef = `refs/quire/push`;
    await git.writeRef({ fs: repo.fs, gitdir: repo.gitdir, ref: tempRef, value: options.oid, force: true });
    const token = options.token;
    const result = await git.push({
      fs: repo.fs,
      http,
      gitdir: repo.gitdir,
      url: options.url,
      ref: tempRef,
      remoteRef: ref,
      cache: repo.cache,
      ...(token === undefined ? {} : { onAuth: () => ({ username: 'x-access-token', password: token }) }),
    });
    await git.deleteRef({ fs: repo.fs, gitdir: repo.gitdir, ref: tempRef });
    if (!result.ok) throw new QuireError('GIT_REF_CONFLICT', `pushing ${ref} to ${redact(options.url)} failed: ${result.error ?? 'rejected'}`, { ref, expected: options.expected, actual: undefined });
    return;
  }
  await pushToLocal(repo, options.url, options.oid, ref, options.expected);
}

async function pushToLocal(repo: GitRepository, path: string, oid: string, ref: string, expected: string | undefined): Promise<void> {
  const git = await isomorphicGit();
  const remoteGitdir = await localGitdir(repo, path);
  const remote = createRepositoryHandle(repo.fs, remoteGitdir, undefined);
  const current = await git.resolveRef({ fs: remote.fs, gitdir: remote.gitdir, ref }).catch(() => undefined);
  if (current === oid) return; // pushed already (a run repeated)
  if (expected !== undefined && current !== undefined && current !== expected) {
    throw new QuireError('GIT_REF_CONFLICT', `${ref} of ${path} is at ${current}, not at ${expected}: someone pushed meanwhile; sync again`, { ref, expected, actual: current });
  }
  // Both sides read through their handle's object reader: neither pack is read whole.
  const remoteObjects = objectReaderOf(remote);
  const has = async (objectOid: string) => (await remoteObjects.read(objectOid)) !== undefined;
  const copy = async (objectOid: string) => {
    const object = await readGitObject(repo, objectOid);
    await git.writeObject({ fs: remote.fs, gitdir: remote.gitdir, type: object.type, object: object.bytes, format: 'content', oid: objectOid });
  };
  const copyTree = async (tree: string): Promise<void> => {
    if (await has(tree)) return;
    for (const item of await loadTreeItems(repo, tree)) {
      if (item.mode === TREE_MODE) await copyTree(item.oid);
      else if (item.mode !== '160000' && !(await has(item.oid))) await copy(item.oid);
    }
    await copy(tree);
  };
  const pending: string[] = [];
  for (let next: string | undefined = oid; next !== undefined && !(await has(next)); ) {
    pending.push(next);
    next = (await loadCommit(repo, next)).parents[0];
  }
  if (current !== undefined && pending.length > 0) {
    const oldest = await loadCommit(repo, pending.at(-1)!);
    if (!oldest.parents.includes(current)) {
      throw new QuireError('GIT_REF_CONFLICT', `${ref} of ${path} is at ${current}, which ${oid} does not build on: sync again`, { ref, expected, actual: current });
    }
  }
  for (const commitOid of pending.reverse()) {
    await copyTree((await loadCommit(repo, commitOid)).tree);
    await copy(commitOid);
  }
  await git.writeRef({ fs: remote.fs, gitdir: remote.gitdir, ref, value: oid, force: true });
}

async function localGitdir(repo: GitRepository, path: string): Promise<string> {
  const dotGit = `${path.replace(/\/+$/, '')}/.git`;
  return (await repo.fs.promises.stat(dotGit).then(() => true, () => false)) ? dotGit : path;
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
