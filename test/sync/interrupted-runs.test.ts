// Issue 12, "sync killed mid-run resumes idempotently", for change requests: a run that dies after creating its
// change request (mid-fill, or before the merge) leaves a draft marked `[git:<branch>]`; the next run resumes in
// that draft instead of creating another, so the import ends as one merged change request and no leftovers.
// A user's drafts, even with a similar subject, are never taken over.
import type { ChangeRequest } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../../bench/format/generate-repository.ts';
import { createApiClient, type ApiClient } from '../../src/client/index.ts';
import { defaultMessagePrefix, runSync, type SyncOptions } from '../../src/sync/index.ts';
import { gitdir, repoFiles, spaceFiles, sync, useSyncWorld, type SyncWorld } from './sync-harness.ts';

const world = useSyncWorld();

const died = 'the process died here';

/** A client whose process "dies" at `method` (after `after` calls of it went through). */
function dyingClient(client: ApiClient, method: 'mergeChangeRequest' | 'updateChangeRequestContent' | 'patchChangeRequest', after = 0): ApiClient {
  let calls = 0;
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (property !== method) return bound;
      return (...args: unknown[]) => (calls++ < after ? bound(...args) : Promise.reject(new Error(died)));
    },
  });
}

async function syncDying(w: SyncWorld, repo: Awaited<ReturnType<typeof gitdir>>, spaceId: string, client: ApiClient, options: Partial<SyncOptions> = {}): Promise<void> {
  const all = { direction: 'both' as const, prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix, ...options };
  await expect(runSync({ client, repo: repo.repo, spaceId, options: all, checkout: false }, { dryRun: false })).rejects.toThrow(died);
}

async function changeRequests(w: SyncWorld, spaceId: string, status: 'draft' | 'open' | 'merged' | 'archived'): Promise<ChangeRequest[]> {
  const found: ChangeRequest[] = [];
  for await (const changeRequest of w.client.listChangeRequests(spaceId, { status })) found.push(changeRequest);
  return found.sort((a, b) => a.number - b.number);
}

/** A second user, editor of the organization, with a client of their own. */
async function otherUser(w: SyncWorld): Promise<ApiClient> {
  const token = await w.server.tokenFor({ user: 'writer@example.com', organization: w.server.admin.organization.id, role: 'edit' });
  return createApiClient({ baseUrl: w.server.baseUrl, token, retry: { maxAttempts: 1 } });
}

describe('a sync run that dies after creating its change request', () => {
  it('is resumed in that change request: one merged change request per import, no draft left, users\' drafts untouched', { timeout: 120_000 }, async () => {
    // More pages than one batch takes (500 from Git, git-batches), so the run can die between two batches.
    const repo = await gitdir(Object.fromEntries(generateRepository(620, 5)), { message: 'Initial commit' });
    const spaceId = await world().newSpace();
    // Drafts sync must leave alone: another user's with sync's very subject, and one of the sync's own user unmarked.
    const writer = await otherUser(world());
    const theirs = await writer.createChangeRequest(spaceId, { subject: '[git:main] Initial commit' });
    const mine = await world().client.createChangeRequest(spaceId, { subject: 'Initial commit' });

    // Dies mid-fill (after one batch), then again before the merge.
    await syncDying(world(), repo, spaceId, dyingClient(world().client, 'updateChangeRequestContent', 1));
    const leftByFirst = (await changeRequests(world(), spaceId, 'draft')).filter((changeRequest) => changeRequest.id !== theirs.id && changeRequest.id !== mine.id);
    expect(leftByFirst.map((changeRequest) => changeRequest.subject)).toEqual(['[git:main] Initial commit']);
    await syncDying(world(), repo, spaceId, dyingClient(world().client, 'mergeChangeRequest'));
    expect((await changeRequests(world(), spaceId, 'draft')).map((changeRequest) => changeRequest.id).sort()).toEqual([theirs.id, mine.id, leftByFirst[0]!.id].sort());

    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(result.changeRequest).toMatchObject({ id: leftByFirst[0]!.id, merged: true });
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));

    // An update dies before its merge too; the next run merges the same change request.
    await repo.commit({ 'README.md': '# Welcome\n\nEdited after the import.\n' }, 'Edit the welcome page');
    await syncDying(world(), repo, spaceId, dyingClient(world().client, 'mergeChangeRequest'));
    const update = await sync(world(), repo, spaceId);
    expect(update.result.ok, JSON.stringify(update.result)).toBe(true);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));

    expect((await changeRequests(world(), spaceId, 'merged')).map((changeRequest) => changeRequest.subject)).toEqual(['[git:main] Initial commit', '[git:main] Edit the welcome page']);
    expect(await changeRequests(world(), spaceId, 'open')).toEqual([]);
    expect(await changeRequests(world(), spaceId, 'archived')).toEqual([]);
    const drafts = await changeRequests(world(), spaceId, 'draft');
    expect(drafts.map((changeRequest) => [changeRequest.id, changeRequest.subject])).toEqual([
      [theirs.id, '[git:main] Initial commit'],
      [mine.id, 'Initial commit'],
    ]);
    expect((await sync(world(), repo, spaceId)).result.mode).toBe('in-sync');
    await writer.close();
  });

  it('archives older drafts interrupted runs left, resumes the newest, and says so', { timeout: 120_000 }, async () => {
    const repo = await gitdir({ 'README.md': '# Welcome\n\nStart here.\n' }, { message: 'Start' });
    const spaceId = await world().newSpace();
    // What two runs that died before this fix could leave, had they been marked: two of the sync's own drafts.
    const older = await world().client.createChangeRequest(spaceId, { subject: '[git:main] Start' });
    const newer = await world().client.createChangeRequest(spaceId, { subject: '[git:main] Start' });
    const other = await world().client.createChangeRequest(spaceId, { subject: '[git:release] Start' });

    const planned = await sync(world(), repo, spaceId, { dryRun: true });
    expect(planned.result.changeRequest?.id).toBe(newer.id);
    expect((await world().client.getChangeRequest(spaceId, older.id)).status).toBe('draft');

    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(result.changeRequest).toMatchObject({ id: newer.id, merged: true });
    expect(result.items).toContainEqual(expect.objectContaining({ outcome: 'deleted', kind: 'change-request', title: `#${older.number} [git:main] Start` }));
    expect((await world().client.getChangeRequest(spaceId, older.id)).status).toBe('archived');
    // Another branch's draft is another sync's: left as it is.
    expect((await world().client.getChangeRequest(spaceId, other.id)).status).toBe('draft');
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  });

  it('a pull request\'s preview that died before it was opened for review is resumed by the next run of that pull request', { timeout: 120_000 }, async () => {
    const repo = await gitdir({ 'README.md': '# Welcome\n\nStart here.\n', 'faq.md': '# FAQ\n\nAsk.\n' });
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    await repo.commit({ 'faq.md': '# FAQ\n\nFrom the branch.\n' }, 'Branch work');
    const pullRequest = { branch: 'feature/faq', number: 7, headCommit: repo.head };
    const options = { ref: repo.head, pullRequest, direction: 'git-to-space' as const };
    await syncDying(world(), repo, spaceId, dyingClient(world().client, 'patchChangeRequest'), options);
    const [left] = await changeRequests(world(), spaceId, 'draft');
    expect(left?.subject).toBe('[git:feature/faq] #7 Branch work');

    const preview = await sync(world(), repo, spaceId, options);
    expect(preview.result.ok, JSON.stringify(preview.result)).toBe(true);
    expect(preview.result.changeRequest?.id).toBe(left!.id);
    expect(await changeRequests(world(), spaceId, 'draft')).toEqual([]);
    expect((await changeRequests(world(), spaceId, 'open')).map((changeRequest) => changeRequest.id)).toEqual([left!.id]);
  });
});
