// Helpers of the content scenarios: a space written through a change request with the official client.
import type { ChangeRequestContentChange, ChangeRequestContentUpdate, GitBookAPI } from '@gitbook/api';
import type { ConformanceServer } from './harness.ts';

/** Applies `changes` to a change request with `compat=false` and returns the outcome. */
export async function writeChanges(api: GitBookAPI, spaceId: string, changeRequestId: string, changes: unknown[]): Promise<ChangeRequestContentUpdate> {
  const { data } = await api.spaces.updateChangeRequestContent(spaceId, changeRequestId, { changes: changes as ChangeRequestContentChange[] }, { compat: false });
  return data as ChangeRequestContentUpdate;
}

/** The id of the page a change of the outcome created or updated, by its position among the changes. */
export function pageIdOf(update: ChangeRequestContentUpdate, index: number): string {
  const change = update.changes[index]!;
  return typeof change.page === 'string' ? change.page : change.page.id;
}

/** A new space of the admin's organization. */
export async function newSpace(server: ConformanceServer, title: string): Promise<{ id: string; revision: string }> {
  const { data } = await server.client().orgs.createSpace(server.admin.organization.id, { title });
  return data;
}

/** Opens a change request, writes `changes` into it and merges it; returns the merged revision's id. */
export async function mergeChanges(api: GitBookAPI, spaceId: string, subject: string, changes: unknown[]): Promise<{ changeRequestId: string; update: ChangeRequestContentUpdate; revision: string }> {
  const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject });
  const update = await writeChanges(api, spaceId, changeRequest.id, changes);
  const { data: merged } = await api.spaces.mergeChangeRequest(spaceId, changeRequest.id);
  if (merged.result !== 'merge') throw new Error(`merging "${subject}" answered ${merged.result}`);
  return { changeRequestId: changeRequest.id, update, revision: merged.revision };
}

/** Base64 of a UTF-8 text. */
export function base64(text: string): string {
  return Buffer.from(text).toString('base64');
}
