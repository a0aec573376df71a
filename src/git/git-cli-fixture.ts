// Test fixtures: the git command line, to check the adapter against Git itself, and a clone of the corpus
// repository (its history bundle, real GitBook Git Sync history; test/support/corpus.ts says where it is).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_HISTORY, corpusPath } from '../../test/support/corpus.ts';

/** The corpus bundle (QUIRE_CORPUS or ../shared/corpus); tests that clone it skip on `corpusSkipReason`. */
export const CORPUS_BUNDLE = corpusPath(CORPUS_HISTORY);

/** Runs git in `dir` without the user's or the system's configuration, and returns its output. */
export function runGit(dir: string, args: readonly string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      LC_ALL: 'C',
      GIT_AUTHOR_NAME: 'Quire Test',
      GIT_AUTHOR_EMAIL: 'test@quire.invalid',
      GIT_COMMITTER_NAME: 'Quire Test',
      GIT_COMMITTER_EMAIL: 'test@quire.invalid',
    },
  });
}

/** Every object git holds in `dir`, with its type and its raw content as `git cat-file` prints them. */
export function gitObjects(dir: string): Array<{ oid: string; type: string; bytes: Buffer }> {
  const lines = runGit(dir, ['cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objecttype)']).trim().split('\n');
  return lines.map((line) => {
    const [oid, type] = line.split(' ') as [string, string];
    return { oid, type, bytes: execFileSync('git', ['cat-file', type, oid], { cwd: dir }) }; // raw bytes: trees hold binary oids
  });
}

/** Clones the corpus into a new temporary directory (checked out on `master`); call `remove` when done. */
export function cloneCorpus(): { dir: string; remove(): void } {
  const parent = mkdtempSync(join(tmpdir(), 'quire-corpus-'));
  const dir = join(parent, 'corpus');
  runGit(parent, ['clone', '--quiet', CORPUS_BUNDLE, dir]);
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
