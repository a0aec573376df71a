export { emptyDirectorySource, type DirectorySource, type RevisionBundle } from './revision-bundle.ts';
export { formatDiagnostic, type Diagnostic } from './diagnostic.ts';
export { contentId, documentIdOf } from './content-id.ts';
export { flattenPages, hasChildren, walkPages, type PagePlace, type ParentPage } from './page-tree.ts';
export { asCoverMask, asCoverSize, asLayoutWidth } from './published-enums.ts';
export { assignPagePaths } from './page-paths.ts';
export type { PageLocation, PageLocator } from './page-locator.ts';
export type {
  RevisionSnapshot,
  SnapshotChildPage,
  SnapshotDocumentPage,
  SnapshotFile,
  SnapshotPage,
  SnapshotParentPage,
} from './revision-snapshot.ts';
export type { QuireContentChange, QuireDeleteFileChange, QuireDeleteReusableContentChange, QuireInsertPageChange, QuireSetDirectoryChange, QuireUpdateFileChange, QuireUpsertReusableContentChange } from './quire-changes.ts';
export { gitSpecialFileAlias, maxPathBytes, maxPathSegments, maxSegmentBytes, pathSegmentProblem, repositoryPathProblem, type GitPathKind } from './git-path-rules.ts';
export { isTranslationLanguage, translationLanguageNames, translationLanguages, type TranslationLanguageCode } from './translation-language.ts';
