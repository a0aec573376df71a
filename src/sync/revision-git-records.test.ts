import type { GitSyncCommit } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { RevisionGitRecords } from './revision-git-records.ts';

const commit = (oid: string): GitSyncCommit => ({ oid: oid.repeat(40), message: `Commit ${oid}`, createdByGitBook: false, ref: 'refs/heads/main' });

/** A client that lists the records sent. */
const recorder = () => {
  const sent: Array<[string, string]> = [];
  return { sent, client: { setRevisionGit: async (_space: string, revision: string, git: GitSyncCommit) => (sent.push([revision, git.oid]), {}) as never } };
};

describe('RevisionGitRecords', () => {
  it('holds the last record for the sync point that says the same, and sends the others in order', async () => {
    const { sent, client } = recorder();
    const records = new RevisionGitRecords(client, 's1', true);
    await records.record('r1', commit('a'));
    await records.record('r2', commit('b'));
    expect(sent).toEqual([['r1', 'a'.repeat(40)]]);
    expect(records.takeFor({ revision: 'r2', commit: 'b'.repeat(40), ref: 'refs/heads/other' })).toBeUndefined();
    expect(records.takeFor({ revision: 'r2', commit: 'b'.repeat(40), ref: 'refs/heads/main' })).toEqual({ message: 'Commit b', createdByGitBook: false });
    await records.flush();
    expect(sent).toEqual([['r1', 'a'.repeat(40)]]);
  });

  it('sends a held record the sync point does not carry (another revision, or no sync point at all)', async () => {
    const { sent, client } = recorder();
    const records = new RevisionGitRecords(client, 's1', true);
    await records.record('r1', commit('a'));
    expect(records.takeFor({ revision: 'r0', commit: 'a'.repeat(40), ref: 'refs/heads/main' })).toBeUndefined();
    await records.flush();
    expect(sent).toEqual([['r1', 'a'.repeat(40)]]);
  });

  it('sends each record at once against a server without sync-point-git', async () => {
    const { sent, client } = recorder();
    const records = new RevisionGitRecords(client, 's1', false);
    await records.record('r1', commit('a'));
    expect(sent).toEqual([['r1', 'a'.repeat(40)]]);
    expect(records.takeFor({ revision: 'r1', commit: 'a'.repeat(40), ref: 'refs/heads/main' })).toBeUndefined();
  });
});
