// The embedded service in a user's repository (child processes of bin/quire.js, in the repository): `.quire/`
// holds a database and the admin token, so it is made with a `.gitignore` that keeps it out of Git; a dry run
// and a failed export make nothing on disk; and failures name the service by its folder, not its random port.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGit } from '../src/git/git-cli-fixture.ts';
import { gitdir } from '../src/git/gitdir-fixture.ts';
import { runQuire } from './support/serve-process.ts';

const env = { QUIRE_API_URL: undefined, QUIRE_TOKEN: undefined };

describe('the embedded service in a repository', () => {
  it('a dry run and an export before any sync create nothing; a sync makes .quire ignored by Git; a failed export names the service and writes nothing', async () => {
    const repo = await gitdir({ 'README.md': '# Docs\n\nHello.\n', 'SUMMARY.md': '* [Docs](README.md)\n' }, { checkout: true });
    const dry = await runQuire(['sync', '--dry-run'], { cwd: repo.dir, env });
    expect(dry.stdout).toContain('Plan: Git → space');
    expect(dry.code, dry.stderr).toBe(0);
    expect(existsSync(join(repo.dir, '.quire'))).toBe(false);

    const early = await runQuire(['export', '--site', 'site1', '--out', 'site'], { cwd: repo.dir, env });
    expect(early.stderr).toContain('quire: NOT_FOUND: there is no embedded service in .quire: nothing was synced here yet (run quire sync first), or name the API with --api');
    expect(early.code).toBe(2);
    expect(existsSync(join(repo.dir, '.quire'))).toBe(false);
    expect(existsSync(join(repo.dir, 'site'))).toBe(false);

    const synced = await runQuire(['sync'], { cwd: repo.dir, env });
    expect(synced.code, synced.stderr).toBe(0);
    expect(readFileSync(join(repo.dir, '.quire/.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(existsSync(join(repo.dir, '.quire/admin-token'))).toBe(true);
    // Git sees nothing of .quire: not the database, not the token, not the .gitignore itself.
    expect(runGit(repo.dir, ['status', '--porcelain', '--untracked-files=all'])).not.toContain('.quire');
    expect(runGit(repo.dir, ['check-ignore', '.quire/admin-token']).trim()).toBe('.quire/admin-token');

    const missing = await runQuire(['export', '--site', 'nosuchsite', '--out', 'site'], { cwd: repo.dir, env });
    expect(missing.stderr).toMatch(/quire: API_REQUEST_FAILED: the embedded service in \.quire answered GET \/v1\/orgs\/\S+\/sites\/nosuchsite\S* with 404/);
    expect(missing.stderr).not.toMatch(/127\.0\.0\.1:\d+/);
    expect(missing.code).toBe(1);
    expect(existsSync(join(repo.dir, 'site'))).toBe(false);
  }, 180_000);
});
