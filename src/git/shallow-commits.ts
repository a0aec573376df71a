import type { GitRepository } from './repository.ts';

/** A shallow clone lists its boundary commits, whose parents are absent, in `$GIT_DIR/shallow`. */
export async function readShallowCommits(repo: GitRepository): Promise<Set<string>> {
  try {
    const text = String(await repo.fs.promises.readFile(`${repo.gitdir}/shallow`, 'utf8'));
    return new Set(text.split('\n').filter((line) => line !== ''));
  } catch {
    return new Set();
  }
}
