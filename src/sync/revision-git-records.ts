/**
 * The records `apply` makes of which commit a revision is (`PUT .../revisions/{revisionId}/git`). Against a
 * server that records it with the sync point (extension `sync-point-git`), the last one is held back until the
 * run records its sync point, and sent with it when both name the same revision, commit and branch: a one-page
 * push costs one request less. Whatever is held and not taken is sent by `flush`, which the run always calls
 * (also when it fails), so no record is lost and they are made in the order `apply` made them.
 */
import type { GitSyncCommit } from '@gitbook/api';
import type { ApiClient } from '../client/index.ts';

/** What the sync point request carries of a held record (its `oid` and `ref` are the sync point's own). */
export type HeldRevisionGit = { message: string; createdByGitBook: boolean; url?: string };

export class RevisionGitRecords {
  readonly #client: Pick<ApiClient, 'setRevisionGit'>;
  readonly #spaceId: string;
  readonly #holdsLast: boolean;
  #held: { revisionId: string; git: GitSyncCommit } | undefined;

  /**
   * @example
   * const records = new RevisionGitRecords(client, spaceId, info.extensions.includes('sync-point-git'));
   */
  constructor(client: Pick<ApiClient, 'setRevisionGit'>, spaceId: string, holdsLast: boolean) {
    this.#client = client;
    this.#spaceId = spaceId;
    this.#holdsLast = holdsLast;
  }

  /** Records `git` on revision `revisionId`: now, or (holding the last one) once the next record or the sync point comes. */
  async record(revisionId: string, git: GitSyncCommit): Promise<void> {
    await this.flush();
    if (this.#holdsLast) this.#held = { revisionId, git };
    else await this.#client.setRevisionGit(this.#spaceId, revisionId, git);
  }

  /**
   * The held record, for the request that records this sync point, when it says the same (revision, commit and
   * ref); it is then no longer held. Undefined otherwise (`flush` sends it on its own).
   */
  takeFor(point: { revision: string; commit: string; ref: string }): HeldRevisionGit | undefined {
    const held = this.#held;
    if (held === undefined || held.revisionId !== point.revision || held.git.oid !== point.commit || held.git.ref !== point.ref) return undefined;
    this.#held = undefined;
    const { message, createdByGitBook, url } = held.git;
    return { message, createdByGitBook, ...(url === undefined ? {} : { url }) };
  }

  /** Sends the held record, if any. */
  async flush(): Promise<void> {
    const held = this.#held;
    if (held === undefined) return;
    this.#held = undefined;
    await this.#client.setRevisionGit(this.#spaceId, held.revisionId, held.git);
  }
}
