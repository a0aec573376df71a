/** What a sync run works with: the API client, the repository, the space, the options, and where progress goes. */
import type { ApiClient } from '../client/index.ts';
import type { GitIdentity, GitRepository } from '../git/index.ts';
import type { SyncOptions } from './sync-options.ts';

/** A step of a long run, for progress output. */
export type SyncProgress =
  | { kind: 'stage'; message: string }
  | { kind: 'batch'; done: number; total: number; changes: number; requests: number };

export interface SyncContext {
  client: ApiClient;
  repo: GitRepository;
  spaceId: string;
  options: SyncOptions;
  /** Called on each step of long work (reading, batches sent). */
  onProgress?: ((progress: SyncProgress) => void) | undefined;
  /** Author of commits made from revisions whose author the space does not say; default: the token's user. */
  fallbackAuthor?: Omit<GitIdentity, 'timestamp' | 'timezoneOffset'> | undefined;
  /**
   * Publishes the commits made (the Action pushes them) before anything is recorded as synced: if it throws,
   * the space is left as it was and the next run exports the same revisions again.
   */
  publish?: ((head: string) => Promise<void>) | undefined;
  /** Update the work tree and index with commits made on the checked-out branch. Default true when there is a work tree. */
  checkout?: boolean | undefined;
}
