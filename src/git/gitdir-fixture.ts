// Test fixtures: a repository built inline next to the assertion (STYLE.md), e.g.
//   const fixture = await gitdir({ 'README.md': '# Hi\n', 'docs/link': { symlink: '../README.md' } });
// Commits use a fixed author, committer and date, so the same files always give the same oids.
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { onTestFinished } from 'vitest';
import { diffTrees } from './changed-paths.ts';
import type { GitIdentity } from './commit-object.ts';
import { editTree, type TreeEdit } from './edit-tree.ts';
import { initRepository } from './init-repository.ts';
import { loadCommit } from './read-commit.ts';
import type { GitRepository } from './repository.ts';
import { writeWorkTree } from './work-tree.ts';

/** A file's content, or a symlink, a submodule or an executable file. `null` deletes the path in `commit`. */
export type FixtureEntry = string | Uint8Array | { symlink: string } | { submodule: string } | { executable: string | Uint8Array };

/** The identity of every fixture commit; the timestamp grows by a minute per commit. */
export const FIXTURE_IDENTITY: GitIdentity = { name: 'Quire Test', email: 'test@quire.invalid', timestamp: 1_700_000_000, timezoneOffset: 0 };

export interface FixtureRepository {
  repo: GitRepository;
  /** The work tree (the git directory is `dir/.git`). */
  dir: string;
  /** The oid of the last commit on `main`. */
  head: string;
  /** Commits changes on top of `head` (on `main`, checked out when the fixture is), returns the new head. */
  commit(entries: Record<string, FixtureEntry | null>, message?: string): Promise<string>;
  /** Deletes the directory; done by itself when the fixture was made inside a test. */
  remove(): Promise<void>;
}

export interface FixtureOptions {
  /** First commit's message. Default `Initial commit`. */
  message?: string;
  /** Also write the files to the work tree and the index, so `git status` is clean. Default false. */
  checkout?: boolean;
}

/**
 * Creates a repository in a temporary directory with one commit on `main` holding `entries`.
 *
 * @example
 * const { repo, head } = await gitdir({ 'README.md': '# Hi\n', 'guide/setup.md': '# Setup\n' });
 * expect((await readTreeEntries(repo, head)).map((entry) => entry.path)).toEqual(['README.md', 'guide/setup.md']);
 */
export async function gitdir(entries: Record<string, FixtureEntry>, options: FixtureOptions = {}): Promise<FixtureRepository> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-gitdir-'));
  const remove = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Made outside a test (beforeAll): the caller removes it.
  }
  const repo = await initRepository({ fs, dir });
  let commits = 0;
  const fixture: FixtureRepository = {
    repo,
    dir,
    head: '',
    remove,
    async commit(changes, message = `Commit ${commits + 1}`) {
      const parent = fixture.head === '' ? undefined : fixture.head;
      const base = parent === undefined ? undefined : (await loadCommit(repo, parent)).tree;
      const edits = new Map<string, TreeEdit>();
      for (const [path, entry] of Object.entries(changes)) edits.set(path, await toEdit(repo, entry));
      const tree = await editTree(repo, base, edits);
      const when = { ...FIXTURE_IDENTITY, timestamp: FIXTURE_IDENTITY.timestamp + 60 * commits };
      const oid = await git.writeCommit({ fs, gitdir: repo.gitdir, commit: { message, tree, parent: parent === undefined ? [] : [parent], author: when, committer: when } });
      await git.writeRef({ fs, gitdir: repo.gitdir, ref: 'refs/heads/main', value: oid, force: true });
      // A fixture may hold paths git would refuse elsewhere (a tab in a name): tests of hostile repositories need them.
      if (options.checkout === true) await writeWorkTree(repo, dir, await diffTrees(repo, base, tree));
      commits += 1;
      fixture.head = oid;
      return oid;
    },
  };
  await fixture.commit(entries, options.message ?? 'Initial commit');
  return fixture;
}

async function toEdit(repo: GitRepository, entry: FixtureEntry | null): Promise<TreeEdit> {
  if (entry === null) return { kind: 'delete' };
  if (typeof entry === 'string' || entry instanceof Uint8Array) return { kind: 'put', oid: await blob(repo, entry), mode: '100644' };
  if ('symlink' in entry) return { kind: 'put', oid: await blob(repo, entry.symlink), mode: '120000' };
  if ('submodule' in entry) return { kind: 'put', oid: entry.submodule, mode: '160000' };
  return { kind: 'put', oid: await blob(repo, entry.executable), mode: '100755' };
}

async function blob(repo: GitRepository, content: string | Uint8Array): Promise<string> {
  return git.writeBlob({ fs, gitdir: repo.gitdir, blob: typeof content === 'string' ? new TextEncoder().encode(content) : content });
}
