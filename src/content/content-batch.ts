import type { RevisionReusableContent, Variables } from '@gitbook/api';
import type { DirectoryLayout } from '../format/directory-layout.ts';
import type { PageLocator } from '../model/page-locator.ts';
import type { DirectorySource } from '../model/revision-bundle.ts';
import type { RevisionSnapshot, SnapshotFile } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import { PagePathLookup } from './page-path-lookup.ts';
import type { PageTreeDraft, PageTreeSlugs } from './page-tree-draft.ts';
import type { SubmittedMarkdown } from './submitted-markdown.ts';

/** What applying a batch needs from the service. */
export interface ApplyContentContext {
  /** A new unique id, for each inserted page and file. */
  newId(): string;
  /**
   * The snapshot `revert_page` restores a page from: the revision `revisionId`, or the change request's base
   * revision when it is undefined. Undefined when there is no such revision. Without it, `revert_page` is refused.
   */
  revertSource?(revisionId: string | undefined): RevisionSnapshot | undefined | Promise<RevisionSnapshot | undefined>;
  /**
   * Where the snapshot's pages are, when the caller can say without walking them (the store can, for a tree it
   * wrote): a one-page edit of a large tree then reaches that page along its path instead of indexing the tree.
   */
  pageLocator?: PageLocator | undefined;
  /**
   * Where the changes come from. `git`: a Git sync sends the repository's files, which are stored as Git wrote
   * them; moves in the batch rewrite no link (Git already wrote each file as it wants it), so every page's
   * recorded blob id stays the id of the bytes the space writes back. `service` (the default, unless a change of
   * the batch carries `git`): moves made in the service, after which links to and in moved pages are rewritten.
   */
  origin?: ContentOrigin | undefined;
  /**
   * The sizes of the uploaded blobs (`POST .../quire/blobs`) that changes of the batch name by `blob`, looked up
   * by the service before applying; a `blob` missing here was never uploaded and is refused.
   */
  uploadedBlobs?: ReadonlyMap<string, number> | undefined;
  /** The largest file the service takes, in bytes; base64 is also held to the published 1 MB. */
  maxFileBytes?: number | undefined;
  /** Most changes a batch with `origin: 'git'` may hold (the server's git-batches limit); default `maxGitChangesPerBatch`. */
  maxGitChanges?: number | undefined;
  /**
   * `planLayout` of the input snapshot, when the caller kept it from the batch that made that snapshot
   * (`AppliedContentChanges.layout`): laying out a large tree is most of a batch's cost, so a change request
   * filled in many batches lays its tree out once a batch, not twice. The batch owns it: a batch that only
   * adds pages extends it in place (and leaves it as it was when it cannot), so give it to one batch only.
   */
  baseLayout?: DirectoryLayout | undefined;
  /**
   * The slug indexes of the page tree draft of the batch that made the input snapshot
   * (`AppliedContentChanges.slugs`): taken over, so that adding pages beside 10,000 siblings does not index
   * the 10,000 again. Owned by the batch, like `baseLayout`.
   */
  baseSlugs?: PageTreeSlugs | undefined;
}

/** Who made a batch of changes: a Git sync, or someone editing in the service. */
export type ContentOrigin = 'git' | 'service';

/**
 * An uploaded file: its record in the new snapshot and the bytes for the service to store as the blob
 * `record.blob`; no bytes when the file names a blob uploaded beforehand (stored already).
 */
export interface InsertedFile {
  record: SnapshotFile;
  bytes?: Uint8Array | undefined;
}

/**
 * What a batch did to a page, as the published `ChangeRequestContentUpdateChange` says it without the `urls`
 * the service adds: one entry per page, in the order the batch first touched it.
 */
export type ContentChangeOutcome =
  | { object: 'created_page'; page: string; ref?: string }
  | { object: 'updated_page'; page: string }
  | { object: 'deleted_page'; page: string };

/** A Markdown body given by a change of the batch, kept until the tree is final and its links can be resolved. */
export interface SubmittedBody {
  changeIndex: number;
  markdown: SubmittedMarkdown;
  /** The change gave `git`: the Markdown is the page's file as written, whose head is kept as it is (even empty). */
  asFile: boolean;
}

/**
 * The working state of one `applyContentChanges` call, which the operations change. Nothing in it is shared
 * with the input snapshot in a way that writing to it could change the input: the page tree is a draft, the
 * lists and records are copies.
 *
 * @example
 * const batch = new ContentBatch(snapshot, new PageTreeDraft(snapshot.pages), { newId });
 * applyDeletePage(batch, { operation: 'delete_page', page: 'pageId' }, 0);
 */
export class ContentBatch {
  readonly files: SnapshotFile[];
  readonly reusableContents: RevisionReusableContent[];
  readonly heads: Record<string, string>;
  readonly summaryTitles: RevisionSnapshot['source']['summaryTitles'];
  readonly insertedFiles: InsertedFile[] = [];
  /** Files whose bytes `quire_update_file` replaced: their new records and bytes to store. */
  readonly replacedFiles: InsertedFile[] = [];
  /** Bodies given by `quire_upsert_reusable_content`, by document id. */
  readonly documents = new Map<string, string>();
  /** What `quire_set_directory` set in the directory source (besides `summaryTitles`, kept above). */
  readonly sourcePatch: Partial<Omit<DirectorySource, 'heads' | 'summaryTitles'>> = {};
  /** The variables `quire_set_directory` set (null: removed); undefined when no change set them. */
  variables: Variables | null | undefined;
  /** Bodies given in the batch, by page id (the last one given wins). */
  readonly submitted = new Map<string, SubmittedBody>();
  readonly pageRefs = new Map<string, string>();
  readonly fileRefs = new Map<string, string>();
  private readonly outcomes = new Map<string, ContentChangeOutcome>();
  /** The URL paths of the pages of the input snapshot, which a `ref` must not be (made on the first ref). */
  private existingPaths: PagePathLookup | undefined;

  constructor(
    readonly snapshot: RevisionSnapshot,
    readonly draft: PageTreeDraft,
    readonly context: ApplyContentContext,
    /** The batch comes from Git: bodies are kept as Git wrote them, even when pages moved. */
    readonly fromGit = context.origin === 'git',
  ) {
    this.files = [...snapshot.files];
    this.reusableContents = [...snapshot.reusableContents];
    this.heads = { ...snapshot.source.heads };
    this.summaryTitles = { ...snapshot.source.summaryTitles };
  }

  /** Claims a batch-local `ref` (of a page or a file), refusing one used twice or equal to a page's path. */
  claimRef(ref: unknown, kind: 'page' | 'file', id: string, changeIndex: number, field: string): void {
    if (ref === undefined) return;
    if (typeof ref !== 'string' || ref === '' || ref.length > 256) throw invalidChange(changeIndex, field, 'must be a string of 1 to 256 characters');
    if (this.pageRefs.has(ref) || this.fileRefs.has(ref)) throw invalidChange(changeIndex, field, `ref "${ref}" is used twice in the batch; a ref must be unique within the batch`);
    this.existingPaths ??= new PagePathLookup(this.snapshot.pages);
    if (this.existingPaths.has(ref) || this.existingPaths.has(ref.replace(/\.md$/i, ''))) {
      throw invalidChange(changeIndex, field, `ref "${ref}" is the path of an existing page; choose a ref that no page path uses`);
    }
    (kind === 'page' ? this.pageRefs : this.fileRefs).set(ref, id);
  }

  created(pageId: string, ref: string | undefined): void {
    const previous = this.outcomes.get(pageId);
    // Restoring a page deleted earlier in the batch is, for the caller, an update of it.
    if (previous?.object === 'deleted_page') this.outcomes.set(pageId, { object: 'updated_page', page: pageId });
    else this.outcomes.set(pageId, ref === undefined ? { object: 'created_page', page: pageId } : { object: 'created_page', page: pageId, ref });
  }

  updated(pageId: string): void {
    if (!this.outcomes.has(pageId)) this.outcomes.set(pageId, { object: 'updated_page', page: pageId });
  }

  deleted(pageId: string): void {
    const previous = this.outcomes.get(pageId);
    this.submitted.delete(pageId);
    delete this.heads[pageId];
    delete this.summaryTitles[pageId];
    // A page created and deleted in the same batch never existed for the caller.
    if (previous?.object === 'created_page') this.outcomes.delete(pageId);
    else this.outcomes.set(pageId, { object: 'deleted_page', page: pageId });
  }

  /** One entry per page, in the order the batch first touched it. */
  outcomeList(): ContentChangeOutcome[] {
    return [...this.outcomes.values()];
  }
}
