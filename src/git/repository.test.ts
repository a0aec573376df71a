import fs from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGit } from './git-cli-fixture.ts';
import { initRepository } from './init-repository.ts';
import { openRepository } from './repository.ts';

describe('openRepository and initRepository', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-repository-'));
  });
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('creates a repository git agrees with, on main, with the settings git init writes here', async () => {
    const dir = join(root, 'docs');
    const repo = await initRepository({ fs, dir });
    expect(repo).toMatchObject({ dir, gitdir: join(dir, '.git') });
    expect(runGit(dir, ['symbolic-ref', 'HEAD']).trim()).toBe('refs/heads/main');
    expect(runGit(dir, ['config', 'core.symlinks']).trim()).toBe(String(process.platform !== 'win32'));
    expect(runGit(dir, ['rev-parse', '--is-bare-repository']).trim()).toBe('false');
    expect(await openRepository({ fs, dir })).toMatchObject({ dir, gitdir: join(dir, '.git') });
  });

  it('creates and opens bare repositories', async () => {
    const gitdir = join(root, 'docs.git');
    await initRepository({ fs, dir: gitdir, bare: true, defaultBranch: 'trunk' });
    expect(runGit(gitdir, ['rev-parse', '--is-bare-repository']).trim()).toBe('true');
    expect(runGit(gitdir, ['symbolic-ref', 'HEAD']).trim()).toBe('refs/heads/trunk');
    const repo = await openRepository({ fs, gitdir });
    expect(repo.dir).toBeUndefined();
  });

  it('follows the .git file of a linked work tree', async () => {
    const dir = join(root, 'main');
    await initRepository({ fs, dir });
    runGit(dir, ['commit', '-q', '--allow-empty', '-m', 'A']);
    runGit(dir, ['worktree', 'add', '-q', join(root, 'linked')]);
    const repo = await openRepository({ fs, dir: join(root, 'linked') });
    expect(repo.gitdir).toBe(join(dir, '.git', 'worktrees', 'linked'));
  });

  it('says when a directory is not a repository', async () => {
    await mkdir(join(root, 'plain'));
    await expect(openRepository({ fs, dir: join(root, 'plain') })).rejects.toMatchObject({ code: 'GIT_REPOSITORY_NOT_FOUND' });
    await expect(openRepository({ fs })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
