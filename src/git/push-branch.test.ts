import fs from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDENTITY, gitdir } from './gitdir-fixture.ts';
import { runGit } from './git-cli-fixture.ts';
import { initRepository, pushBranch, readFileAt, writeCommit } from './index.ts';

describe('pushBranch to a repository on this machine, and readFileAt', () => {
  it('copies only the missing objects, fast-forwards the branch, and refuses when the branch moved', async () => {
    const local = await gitdir({ 'docs/README.md': '# Docs\n', 'src/a.ts': 'a\n' });
    const remoteDir = mkdtempSync(join(tmpdir(), 'quire-remote-'));
    await initRepository({ fs, dir: remoteDir, bare: true });
    await pushBranch(local.repo, { url: remoteDir, oid: local.head, ref: 'main' });
    expect(runGit(remoteDir, ['rev-parse', 'main']).trim()).toBe(local.head);
    expect(runGit(remoteDir, ['fsck', '--strict']).trim()).toBe('');

    const before = local.head;
    const next = await writeCommit(local.repo, { parent: before, changes: { write: new Map([['docs/README.md', new TextEncoder().encode('# Docs\n\nMore.\n')]]) }, author: FIXTURE_IDENTITY, message: 'More', ref: 'main' });
    await pushBranch(local.repo, { url: remoteDir, oid: next, ref: 'refs/heads/main', expected: before });
    expect(runGit(remoteDir, ['show', 'main:docs/README.md'])).toBe('# Docs\n\nMore.\n');

    await expect(pushBranch(local.repo, { url: remoteDir, oid: next, ref: 'main', expected: before })).resolves.toBeUndefined();
    const other = await writeCommit(local.repo, { parent: before, changes: { write: new Map([['x.md', new Uint8Array([120])]]) }, author: FIXTURE_IDENTITY, message: 'Elsewhere' });
    await expect(pushBranch(local.repo, { url: remoteDir, oid: other, ref: 'main', expected: before })).rejects.toMatchObject({ code: 'GIT_REF_CONFLICT' });

    expect(new TextDecoder().decode(await readFileAt(local.repo, next, 'docs/README.md'))).toBe('# Docs\n\nMore.\n');
    expect(await readFileAt(local.repo, next, 'docs/missing.md')).toBeUndefined();
    expect(await readFileAt(local.repo, next, 'docs')).toBeUndefined();
  });
});
