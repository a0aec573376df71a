import type { RevisionReusableContent } from '@gitbook/api';
import type { SnapshotFile, SnapshotPage } from '../../model/index.ts';
import type { StoredRevision } from '../../store/index.ts';
import type { ContentLocation } from './content-location.ts';
import { contentUrls } from './content-urls.ts';
import type { PublishedChangeRequest, PublishedFile, PublishedPage, PublishedReusableContent, PublishedRevision } from './published-content-shapes.ts';

/** How content is shown: where it was read from (for page `urls`), and whether mutable git metadata is wanted. */
export interface ContentView {
  baseUrl: string;
  spaceId: string;
  location: ContentLocation;
  /** `metadata=false` leaves the revision's `git` out. Default true. */
  metadata?: boolean;
}

/**
 * A stored revision as the published `Revision`: pages with `urls`, files with a `downloadURL` we serve, the
 * change request a `merge` revision came from (`mergedFrom`, which the caller reads).
 *
 * @example
 * toPublishedRevision(revision, { baseUrl, spaceId, location: spaceContent }, mergedFrom).pages[0].urls.app
 */
export function toPublishedRevision(revision: StoredRevision, view: ContentView, mergedFrom?: PublishedChangeRequest): PublishedRevision {
  const published: PublishedRevision = {
    object: 'revision',
    id: revision.id,
    parents: [...revision.parents],
    pages: toPublishedPages(revision.pages, view),
    files: revision.files.map((file) => toPublishedFile(file, view.baseUrl, view.spaceId, revision.id)),
    reusableContents: revision.reusableContents.map(toPublishedReusableContent),
    tags: [...revision.tags],
    ...(revision.variables === undefined ? {} : { variables: { ...revision.variables } }),
    createdAt: revision.createdAt,
    ...(revision.git === undefined || view.metadata === false ? {} : { git: { ...revision.git } }),
    urls: { app: contentUrls.revision(view.baseUrl, view.spaceId, revision.id) },
    // The published `merge` variant requires `mergedFrom`; without the change request it is shown as edits.
    type: revision.type === 'merge' && mergedFrom === undefined ? 'edits' : revision.type,
  };
  if (mergedFrom !== undefined) published.mergedFrom = mergedFrom;
  return published;
}

/**
 * A page tree as published: every document page gets `urls.app`, the address of the page where it was read.
 *
 * @example
 * toPublishedPages(revision.pages, view)[0].urls // → { app: 'http://…/v1/spaces/sp1/content/page/p1' }
 */
export function toPublishedPages(pages: readonly SnapshotPage[], view: ContentView): PublishedPage[] {
  return pages.map((page) => toPublishedPage(page, view));
}

/**
 * One page (and its subpages) as published.
 *
 * @example
 * toPublishedPage(page, view).urls?.app
 */
export function toPublishedPage(page: SnapshotPage, view: ContentView): PublishedPage {
  const published = { ...page } as unknown as PublishedPage;
  if (page.type === 'document') published.urls = { app: contentUrls.page(view.baseUrl, view.spaceId, view.location, page.id) };
  if (page.type === 'document' || page.type === 'group') published.pages = toPublishedPages(page.pages, view);
  return published;
}

/**
 * A stored file as the published `RevisionFile`: `blob` becomes a `downloadURL` that names the revision.
 *
 * @example
 * toPublishedFile(file, baseUrl, spaceId, revisionId).downloadURL // → '…/revisions/r1/files/f1/download'
 */
export function toPublishedFile(file: SnapshotFile, baseUrl: string, spaceId: string, revisionId: string): PublishedFile {
  const { blob: _blob, ...rest } = file;
  return { ...rest, downloadURL: contentUrls.fileDownload(baseUrl, spaceId, revisionId, file.id) } as PublishedFile;
}

/**
 * Reusable content as published (`document` is the id of its body).
 *
 * @example
 * toPublishedReusableContent(reusable).title
 */
export function toPublishedReusableContent(reusable: RevisionReusableContent): PublishedReusableContent {
  return { ...reusable } as PublishedReusableContent;
}
