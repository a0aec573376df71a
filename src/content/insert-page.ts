import type { ChangeRequestContentChangeInsertPage } from '@gitbook/api';
import { defaultLayout } from '../format/page-metadata.ts';
import { slugify, uniqueSlug } from '../format/slug.ts';
import type { SnapshotDocumentPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { readGitBlob } from './git-blob-field.ts';
import { parentFor, positionFor, withFreeSlug } from './page-placement.ts';
import { readPageFieldUpdate, withFieldValues, withPageFields } from './page-update-fields.ts';
import { readSubmittedDocument } from './submitted-markdown.ts';

/** The title of a page inserted with neither a `title` nor a heading in its Markdown. */
export const defaultPageTitle = 'Untitled';

/**
 * `insert_page`: a new document page under `into` (the root when omitted) at `at` (the end when omitted).
 * The title comes from the Markdown's leading heading or frontmatter `title`, else `title`, else a default; the
 * slug is `slug` (refused when a sibling has it, unless the page comes with `git`: then made unique, see
 * `withFreeSlug`) or made from the title (unique among the siblings); the
 * frontmatter sets metadata and wins over the change's fields. The body is kept for the link pass. With Quire's
 * `git: { oid, path }` (docs/api-extensions.md), the page keeps the Git blob it came from and lives at that path.
 *
 * @example
 * applyInsertPage(batch, { operation: 'insert_page', title: 'Install', document: { markdown: 'Run it.\n' } }, 0);
 */
export function applyInsertPage(batch: ContentBatch, change: ChangeRequestContentChangeInsertPage, index: number): void {
  const { draft } = batch;
  const fields = readPageFieldUpdate(change as unknown as Record<string, unknown>, index);
  if (change.document === undefined) throw invalidChange(index, 'document', 'is required: give the page as { "markdown": "..." }');
  const git = readGitBlob((change as { git?: unknown }).git, index, 'git');
  const markdown = readSubmittedDocument(change.document, index, { asFile: git !== undefined });
  const parent = parentFor(draft, change.into, index, 'into');
  const at = positionFor(change.at, index);
  const id = batch.context.newId();
  batch.claimRef(change.ref, 'page', id, index, 'ref');

  const title = markdown.title ?? fields.title ?? defaultPageTitle;
  const slug = fields.slug ?? uniqueSlug(slugify(title), (candidate) => draft.slugTaken(parent, candidate));
  const base: SnapshotDocumentPage = { id, title, kind: 'sheet', type: 'document', slug, path: '', pages: [], layout: { ...defaultLayout }, tags: [] };
  const fielded = withFieldValues(withPageFields(base, { ...fields, title: undefined, slug: undefined }, index), markdown.fields);
  const page = withFreeSlug(draft, git === undefined ? fielded : { ...fielded, git }, parent, index, 'slug', git !== undefined);

  draft.insert(page, parent, at);
  batch.submitted.set(id, { changeIndex: index, markdown, asFile: git !== undefined });
  batch.created(id, change.ref);
}
