/**
 * The draft change requests earlier runs of this same sync created and did not finish: a run killed (or cut
 * off) after creating its change request and before merging it, or before opening it for review, leaves it a
 * draft. Every change request sync creates carries the sync's marker in its subject from the start
 * (`[git:<branch>] ...`, `syncMarker`), so the next run finds it and resumes in it instead of creating another.
 *
 * A draft is taken as sync's own only when all of these hold: it is a draft, its subject starts with this sync's
 * marker (the same branch; on a pull request, the pull request's branch), and the token's user created it. A
 * user's own draft, whatever its subject, is never taken over.
 */
import type { ChangeRequest } from '@gitbook/api';
import { syncMarker } from './plan.ts';
import type { SyncContext } from './sync-context.ts';

/** A change request as sync names it in a plan. */
export interface ChangeRequestRef {
  id: string;
  number: number;
  subject: string;
}

/**
 * This sync's unfinished drafts, newest first. Reads nothing when the space says it has no draft
 * (`changeRequestsDraft`, which the space read of every run carries); else lists the token user's drafts.
 *
 * @example
 * const [resume, ...stale] = await findInterruptedChangeRequests(context, await client.getSpace(spaceId));
 */
export async function findInterruptedChangeRequests(context: Pick<SyncContext, 'client' | 'spaceId' | 'options'>, space: { changeRequestsDraft?: number }): Promise<ChangeRequest[]> {
  if (space.changeRequestsDraft === 0) return [];
  const { client, spaceId } = context;
  const user = await client.getCurrentUser();
  const marker = syncMarker(context.options);
  const found: ChangeRequest[] = [];
  for await (const changeRequest of client.listChangeRequests(spaceId, { status: 'draft', creator: user.id })) {
    if (isSyncDraft(changeRequest, marker, user.id)) found.push(changeRequest);
  }
  return found.sort((a, b) => b.number - a.number);
}

/**
 * Whether a change request is a draft this sync (its `marker`, its user) created. The creator is checked here
 * too: a server may not filter by it.
 *
 * @example
 * isSyncDraft({ status: 'draft', subject: '[git:main] Add a page', createdBy: { id: 'u1' } }, '[git:main]', 'u1') // → true
 * isSyncDraft({ status: 'draft', subject: '[git:main] Add a page', createdBy: { id: 'u2' } }, '[git:main]', 'u1') // → false
 */
export function isSyncDraft(changeRequest: { status: `${ChangeRequest['status']}`; subject: string; createdBy: { id: string } }, marker: string, userId: string): boolean {
  const marked = changeRequest.subject === marker || changeRequest.subject.startsWith(`${marker} `);
  return changeRequest.status === 'draft' && marked && changeRequest.createdBy.id === userId;
}
