import type {
  RevisionFile,
  RevisionPageComputed,
  RevisionPageDocument,
  RevisionPageGroup,
  RevisionPageLink,
  RevisionReusableContent,
  RevisionTag,
  Variables,
} from '@gitbook/api';
import type { DirectorySource } from './revision-bundle.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A page below the root, as a snapshot holds it: the published `RevisionPageDocument | RevisionPageLink |
 * RevisionPageComputed` without `urls` (the service fills them when it answers). A published page is accepted
 * where a snapshot page is expected; its `urls` are ignored.
 */
export type SnapshotChildPage =
  | (DistributiveOmit<RevisionPageDocument, 'urls' | 'pages'> & { pages: SnapshotChildPage[] })
  | RevisionPageLink
  | RevisionPageComputed;

/** A page of a snapshot's root list: a child page, or a group (groups exist at the root only). */
export type SnapshotPage = SnapshotChildPage | (Omit<RevisionPageGroup, 'pages'> & { pages: SnapshotChildPage[] });

/** A document page of a snapshot (the only kind with a body and a file in the Git layout). */
export type SnapshotDocumentPage = Extract<SnapshotChildPage, { type: 'document' }>;

/** A page that can hold children in a snapshot: documents and groups. */
export type SnapshotParentPage = Extract<SnapshotPage, { type: 'document' | 'group' }>;

/**
 * A file of a snapshot: the published `RevisionFile` without `downloadURL` (the service makes it from `blob`),
 * plus `blob`, the SHA-256 (lower-case hex) of the bytes, which is their key in the blob store.
 */
export type SnapshotFile = Omit<RevisionFile, 'downloadURL'> & { blob: string };

/**
 * The content of a space revision, the way the service, the store and the content operations
 * (`applyContentChanges`, `mergeSnapshots`) speak about it: the published `Revision` less what is not content
 * (`object`, `id`, `parents`, `createdAt`, `urls`, `git`), with files that name their blob, and `source`, what a
 * Markdown directory held beyond the revision. Page bodies are not inline: pages name them by `documentId`,
 * reusable contents by `document`, and a body is looked up separately (it is stored once per distinct text).
 *
 * A revision read from the store (`StoredRevision`) is a snapshot as it is; it is deeply frozen, so operations
 * build new snapshots and share the parts they did not change.
 */
export interface RevisionSnapshot {
  pages: SnapshotPage[];
  files: SnapshotFile[];
  reusableContents: RevisionReusableContent[];
  tags: RevisionTag[];
  variables?: Variables;
  source: DirectorySource;
}
