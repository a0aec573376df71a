/**
 * A mark, kept in the space's folder beside the location cache (`.git/quire/<space>/files-complete.txt`), that the space held every file of
 * a commit: the last run synced that commit and refused no file. While the sync point is that commit, a file the
 * space lacks can only be one Git changed since, which the plan itself sends (or reports refused), so the run need
 * not look through all of Git's files for refused ones (`refusedFilesInGit`, about 150 ms at 10,000 files). A run
 * that refuses anything removes the mark: until one is clean again, every run looks, and names what is still
 * refused.
 */
import type { GitRepository } from '../git/index.ts';
import { spaceCacheFolder } from './location-cache.ts';

/**
 * The commit whose files the space held in full, as the last clean run recorded; undefined when unknown.
 *
 * @example
 * const complete = await readFilesCompleteMark(repo, spaceId); // → 'c0ffee…' or undefined
 */
export async function readFilesCompleteMark(repo: GitRepository, spaceId: string): Promise<string | undefined> {
  try {
    const text = String(await repo.fs.promises.readFile(markPath(repo, spaceId), 'utf8')).trim();
    return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records that the space holds every file of `commit`, or (undefined) forgets any such mark.
 *
 * @example
 * await writeFilesCompleteMark(repo, spaceId, result.commit);
 */
export async function writeFilesCompleteMark(repo: GitRepository, spaceId: string, commit: string | undefined): Promise<void> {
  const path = markPath(repo, spaceId);
  if (commit === undefined) {
    await repo.fs.promises.unlink(path).catch(() => undefined);
    return;
  }
  for (const folder of [`${repo.gitdir}/quire`, spaceCacheFolder(repo, spaceId)]) await repo.fs.promises.mkdir(folder).catch(() => undefined);
  await repo.fs.promises.writeFile(path, `${commit}\n`).catch(() => undefined);
}

/** A name with a dot: the location cache never takes it for one of its generation folders. */
function markPath(repo: GitRepository, spaceId: string): string {
  return `${spaceCacheFolder(repo, spaceId)}/files-complete.txt`;
}
