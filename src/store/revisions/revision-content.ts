import type { GitSyncCommit, RevisionReusableContent, RevisionTag, Variables } from '@gitbook/api';
import type { DirectorySource, RevisionSnapshot, SnapshotChildPage, SnapshotFile, SnapshotPage } from '../../model/index.ts';

/**
 * A page below the root, as stored: the published `RevisionPageDocument | RevisionPageLink |
 * RevisionPageComputed` without `urls` (the service fills them). A published page is accepted as input; its
 * `urls` are dropped. The same type as a snapshot's (`SnapshotChildPage` in `src/model/revision-snapshot.ts`).
 */
export type StoredChildPage = SnapshotChildPage;

/** A page of `Revision.pages` as stored: a child page, or a group (groups exist at the root only). */
export type StoredPage = SnapshotPage;

/**
 * A file of a revision as stored: the published `RevisionFile` without `downloadURL` (the service makes it
 * from `blob`), plus `blob`, the SHA-256 (a `ContentHash`) of the bytes in the blob folder (`putBlob`).
 */
export type StoredRevisionFile = SnapshotFile;

/** How a revision came to be (the published `Revision.type`, less `computed`, which is never stored). */
export type RevisionType = 'edits' | 'merge' | 'rollback' | 'update';

/** What `putRevision` stores: a full snapshot of a space's content. */
export interface RevisionContent {
  /** Default `edits`. */
  type?: RevisionType;
  /** Ids of the parent revisions (none for a space's first revision; two for a merge). */
  parents: string[];
  pages: StoredPage[];
  files?: StoredRevisionFile[];
  /** Bodies are documents (`putDocument`), referred to by `document`. */
  reusableContents?: RevisionReusableContent[];
  tags?: RevisionTag[];
  variables?: Variables;
  git?: GitSyncCommit;
  /** What the Markdown directory held beyond the revision (`emptyDirectorySource()` when absent). */
  source?: DirectorySource;
  /** For a `merge` revision: the id of the change request merged (the service expands it). */
  mergedFromChangeRequest?: string;
}

/** A revision's record without its content: cheap to read (one row), enough to walk history. */
export interface RevisionInfo {
  id: string;
  space: string;
  type: RevisionType;
  parents: string[];
  createdAt: string;
  git?: GitSyncCommit;
  mergedFromChangeRequest?: string;
}

/**
 * A revision read back: the published `Revision` shape without `urls` (and with `mergedFromChangeRequest`
 * for the service to expand into `mergedFrom`), plus `source`. Deeply frozen: content is shared between
 * readers and caches; build a new `RevisionContent` to change it. It is a `RevisionSnapshot`, the content the
 * service's content operations (`applyContentChanges`, `mergeSnapshots`) take.
 */
export interface StoredRevision extends RevisionInfo, RevisionSnapshot {
  object: 'revision';
  pages: StoredPage[];
  files: StoredRevisionFile[];
  reusableContents: RevisionReusableContent[];
  tags: RevisionTag[];
  variables?: Variables;
  source: DirectorySource;
}
