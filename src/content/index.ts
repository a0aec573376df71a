// The pure content operations of the service: applying a batch of content changes to a snapshot
// (updateChangeRequestContent) and the three-way merge behind merging and updating a change request.
export { movePage, type PageDestination } from './move-page.ts';
export { applyContentChanges, maxChangesPerBatch, maxGitChangesPerBatch } from './apply-content-changes.ts';
export {
  contentOperations,
  type ContentChange,
  type QuireContentChange,
  type QuireDeleteFileChange,
  type QuireInsertPageChange,
  type QuireDeleteReusableContentChange,
  type QuireSetDirectoryChange,
  type QuireUpdateFileChange,
  type QuireUpsertReusableContentChange,
} from './quire-changes.ts';
export type { AppliedContentChanges } from './settle-batch.ts';
export type { ApplyContentContext, ContentChangeOutcome, ContentOrigin, InsertedFile } from './content-batch.ts';
export { maxInsertedFileBytes } from './file-upload-fields.ts';
export { defaultPageTitle } from './insert-page.ts';
export { mergeSnapshots, type SnapshotMerge } from './merge-snapshots.ts';
export type { MergeConflict } from './merge-conflict.ts';
export { mergeText } from './merge-text.ts';
export { documentsFrom, type DocumentLookup } from './document-lookup.ts';
export { foldWord, maxQueryClauses, parseSearchQuery, searchTerms, searchTokens, spellTerm, type SearchClause, type SearchQuery, type SearchToken } from './search-text.ts';
export { searchSections, type SearchSection } from './search-sections.ts';
export { changedSearchablePages, diffSearchablePages, searchablePages, type ChangedSearchablePages, type SearchablePage, type SearchPagesDiff } from './search-pages.ts';
export { searchExcerpt } from './search-excerpt.ts';
