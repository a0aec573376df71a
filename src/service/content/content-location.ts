/**
 * Where content is read from: the space's current revision (`/content`), a change request's head
 * (`/change-requests/{changeRequestId}/content`), or one revision (`/revisions/{revisionId}`).
 */
export type ContentLocation =
  | { kind: 'space' }
  | { kind: 'change-request'; changeRequestId: string }
  | { kind: 'revision'; revisionId: string };

/** The current revision of the space. */
export const spaceContent: ContentLocation = { kind: 'space' };

/**
 * A change request's content (`changeRequestId` is its id or its number in the space).
 *
 * @example
 * await getContentRevision(ctx, actor, spaceId, changeRequestContent('3'), {});
 */
export function changeRequestContent(changeRequestId: string): ContentLocation {
  return { kind: 'change-request', changeRequestId };
}

/**
 * One revision of the space.
 *
 * @example
 * await getContentRevision(ctx, actor, spaceId, revisionContent(revisionId), {});
 */
export function revisionContent(revisionId: string): ContentLocation {
  return { kind: 'revision', revisionId };
}
