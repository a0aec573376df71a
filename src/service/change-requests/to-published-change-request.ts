import type { ChangeRequestRecord, Store, UserRecord } from '../../store/index.ts';
import { contentUrls } from '../content/content-urls.ts';
import { mergeBaseOf } from './merge-base.ts';
import type { PublishedChangeRequest } from '../content/published-content-shapes.ts';
import type { PublishedUser } from '../published-shapes.ts';
import { toPublishedUser } from '../to-published.ts';

/**
 * Reads the users change requests name (their creator, who merged them), once each per instance. A user that
 * no longer exists is shown by id with a placeholder name rather than failing the whole answer.
 *
 * @example
 * const users = new ChangeRequestUsers(ctx.store, ctx.baseUrl);
 * const published = await toPublishedChangeRequest(record, space.revisionId, users, ctx.baseUrl);
 */
export class ChangeRequestUsers {
  readonly #store: Pick<Store, 'getUser'>;
  readonly #baseUrl: string;
  readonly #users = new Map<string, Promise<PublishedUser>>();

  constructor(store: Pick<Store, 'getUser'>, baseUrl: string) {
    this.#store = store;
    this.#baseUrl = baseUrl;
  }

  /** The published user with that id. */
  user(id: string): Promise<PublishedUser> {
    let found = this.#users.get(id);
    if (found === undefined) {
      found = this.#store.getUser(id).then(
        (user: UserRecord) => toPublishedUser(user, this.#baseUrl),
        () => toPublishedUser({ id, displayName: 'Deleted user' } as UserRecord, this.#baseUrl),
      );
      this.#users.set(id, found);
    }
    return found;
  }
}

/**
 * A change request as the published `ChangeRequest`. `outdated` is true when the space's head (`spaceHead`) is
 * no longer the revision the change request is based on (`revisionMergedAncestor` after an update, else
 * `revisionInitial`): the space moved past it, and `update` would bring it up to date.
 *
 * @example
 * (await toPublishedChangeRequest(record, space.revisionId, users, baseUrl)).outdated // → false
 */
export async function toPublishedChangeRequest(record: ChangeRequestRecord, spaceHead: string, users: ChangeRequestUsers, baseUrl: string): Promise<PublishedChangeRequest> {
  const location = contentUrls.changeRequest(baseUrl, record.spaceId, record.id);
  return {
    object: 'change-request',
    id: record.id,
    number: record.number,
    status: record.status,
    subject: record.subject,
    createdBy: await users.user(record.createdBy),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.mergedBy === undefined ? {} : { mergedBy: await users.user(record.mergedBy) }),
    ...(record.mergedAt === undefined ? {} : { mergedAt: record.mergedAt }),
    space: record.spaceId,
    revision: record.revision,
    revisionInitial: record.revisionInitial,
    ...(record.revisionMergedAncestor === undefined ? {} : { revisionMergedAncestor: record.revisionMergedAncestor }),
    ...(record.revisionMerged === undefined ? {} : { revisionMerged: record.revisionMerged }),
    comments: record.comments,
    outdated: isOutdated(record, spaceHead),
    urls: { app: location, location },
  };
}

function isOutdated(record: ChangeRequestRecord, spaceHead: string): boolean {
  return record.status !== 'merged' && mergeBaseOf(record) !== spaceHead;
}
