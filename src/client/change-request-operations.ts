/**
 * Internal: change requests (published tags `change-requests`, `change-request-content`).
 *
 * Writes are not retried once they may have reached the server, except `update` (bringing a change request up to
 * date with the space twice is the same as once).
 */
import type { ChangeRequest, ChangeRequestContentUpdate, ChangeRequestStatus } from '@gitbook/api';
import type { ContentChange } from './quire-extensions.ts';
import { ApiInvalidResponseError } from './api-errors.ts';
import { EncodedContentChanges } from './encoded-content-changes.ts';
import { listRequest } from './list-request.ts';
import type { ApiRequest, Transport } from './transport.ts';

/** Filters of listChangeRequestsForSpace. The server lists only `open` ones when `status` is not given. */
export type ChangeRequestListOptions = {
  readonly status?: `${ChangeRequestStatus}` | undefined;
  readonly orderBy?: 'updatedAt' | 'createdAt' | undefined;
  /** User id of the author. */
  readonly creator?: string | undefined;
  readonly limit?: number | undefined;
};

/** Response of mergeChangeRequest (inline schema in the published spec). */
export type MergeChangeRequestResult = { readonly revision: string; readonly result: 'merge' | 'conflicts' };

/** Response of updateChangeRequest (inline schema in the published spec). */
export type UpdateChangeRequestResult = { readonly revision: string; readonly result: 'update' | 'conflicts' };

/**
 * The outcome of a content batch. The client asks for `compat=false`, which answers ChangeRequestContentUpdate;
 * a server that only knows the older answer (the bare ChangeRequest) gives no per-page list: `changes` is then undefined.
 */
export type ContentUpdateResult = Omit<ChangeRequestContentUpdate, 'changes'> & {
  readonly changes: ChangeRequestContentUpdate['changes'] | undefined;
};

const base = '/v1/spaces/{spaceId}/change-requests';
const one = `${base}/{changeRequestId}`;

/** listChangeRequestsForSpace: `GET /v1/spaces/{spaceId}/change-requests`, a List<ChangeRequest>. */
export function listChangeRequests(transport: Transport, spaceId: string, options: ChangeRequestListOptions): AsyncGenerator<ChangeRequest, void, undefined> {
  return listRequest<ChangeRequest>(
    transport,
    { method: 'GET', route: base, params: { spaceId }, query: { status: options.status, orderBy: options.orderBy, creator: options.creator } },
    options.limit,
  );
}

/** createChangeRequest: `POST /v1/spaces/{spaceId}/change-requests` `{ subject }`, 201 ChangeRequest. */
export function createChangeRequest(transport: Transport, spaceId: string, subject: string | undefined): Promise<ChangeRequest> {
  return transport.json<ChangeRequest>({ method: 'POST', route: base, params: { spaceId }, body: subject === undefined ? {} : { subject } });
}

/** getChangeRequestById. */
export function getChangeRequest(transport: Transport, spaceId: string, changeRequestId: string): Promise<ChangeRequest> {
  return transport.json<ChangeRequest>({ method: 'GET', route: one, params: { spaceId, changeRequestId } });
}

/**
 * updateChangeRequestContent: `POST .../content?compat=false` `{ changes }` (1 to 50 changes, applied atomically);
 * `&origin=git` when the changes are a Git repository's files (Quire's, docs/api-extensions.md).
 */
export async function updateChangeRequestContent(
  transport: Transport,
  spaceId: string,
  changeRequestId: string,
  changes: readonly ContentChange[] | EncodedContentChanges,
  origin?: 'git' | 'service',
): Promise<ContentUpdateResult> {
  const query = origin === undefined ? { compat: false } : { compat: false, origin };
  const sent = changes instanceof EncodedContentChanges ? { encodedJson: changes.bytes } : { body: { changes } };
  const call: ApiRequest = { method: 'POST', route: `${one}/content`, params: { spaceId, changeRequestId }, query, ...sent };
  const body = await transport.json<ChangeRequest | ChangeRequestContentUpdate | undefined>(call);
  if (typeof body === 'object' && body !== null) {
    if ('object' in body && body.object === 'change-request') return { changeRequest: body, changes: undefined };
    if ('changeRequest' in body && Array.isArray(body.changes)) return body;
  }
  throw new ApiInvalidResponseError({ ...transport.describe(call), status: 200, problem: 'a body that is neither a ChangeRequest nor a ChangeRequestContentUpdate' });
}

/** mergeChangeRequest: `POST .../merge`; `result: "conflicts"` means nothing was merged. */
export function mergeChangeRequest(transport: Transport, spaceId: string, changeRequestId: string): Promise<MergeChangeRequestResult> {
  return transport.json<MergeChangeRequestResult>({ method: 'POST', route: `${one}/merge`, params: { spaceId, changeRequestId } });
}

/** updateChangeRequest: `POST .../update`, bringing the change request up to date with the space. */
export function updateChangeRequest(transport: Transport, spaceId: string, changeRequestId: string): Promise<UpdateChangeRequestResult> {
  return transport.json<UpdateChangeRequestResult>({ method: 'POST', route: `${one}/update`, params: { spaceId, changeRequestId }, retrySafe: true });
}

/** The fields of updateChangeRequestById (PATCH) that the client sends. */
export type ChangeRequestPatch = { readonly subject?: string | undefined; readonly status?: 'draft' | 'open' | 'archived' | undefined };

/** updateChangeRequestById: `PATCH .../change-requests/{changeRequestId}`; setting the same fields twice is harmless. */
export function patchChangeRequest(transport: Transport, spaceId: string, changeRequestId: string, patch: ChangeRequestPatch): Promise<ChangeRequest> {
  const body = { ...(patch.subject === undefined ? {} : { subject: patch.subject }), ...(patch.status === undefined ? {} : { status: patch.status }) };
  return transport.json<ChangeRequest>({ method: 'PATCH', route: one, params: { spaceId, changeRequestId }, body, retrySafe: true });
}
