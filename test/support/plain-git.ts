// Repositories made with plain git, as a user makes them, for tests that drive `quire sync` in child processes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { runGit } from '../../src/git/git-cli-fixture.ts';
import { runQuire } from './serve-process.ts';

/** `git init` in `dir` (made when missing) on `main`, with `who` as the author of its commits. */
export function initPlainRepository(dir: string, who: { name: string; email: string }): void {
  mkdirSync(dir, { recursive: true });
  runGit(dir, ['init', '--quiet', '--initial-branch=main']);
  runGit(dir, ['config', 'user.name', who.name]);
  runGit(dir, ['config', 'user.email', who.email]);
}

/** Writes `files` into `dir`, commits every change, and returns the commit's oid. */
export function commitFiles(dir: string, files: Record<string, string | Uint8Array>, message: string): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  runGit(dir, ['add', '--all']);
  runGit(dir, ['commit', '--quiet', '--message', message]);
  return runGit(dir, ['rev-parse', 'HEAD']).trim();
}

/** Path → blob id of every file of a commit. */
export function treeOf(dir: string, commit: string): Record<string, string> {
  const lines = runGit(dir, ['ls-tree', '-r', commit]).trim().split('\n');
  return Object.fromEntries(
    lines.map((line) => {
      const [meta, path] = line.split('\t');
      return [path!, meta!.split(' ')[2]!];
    }),
  );
}

/** A fresh repository in `dir` with the space pulled into it (`--direction space-to-git`); its tree, as `treeOf`. */
export async function pullInto(dir: string, data: string, spaceId: string): Promise<Record<string, string>> {
  initPlainRepository(dir, { name: 'Reader', email: 'reader@example.com' });
  const pull = await runQuire(['sync', '--dir', dir, '--data', data, '--space', spaceId, '--direction', 'space-to-git']);
  expect(pull.code, pull.stderr + pull.stdout).toBe(0);
  return treeOf(dir, 'HEAD');
}
