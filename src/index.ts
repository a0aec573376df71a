// The public library API of Quire. Explicit named exports only; src/index.test.ts pins the list.
export { errorCatalogue, errorCodes, isQuireError, QuireError, type ErrorCode, type ErrorData } from './errors/index.ts';
export {
  assignPagePaths,
  contentId,
  documentIdOf,
  emptyDirectorySource,
  flattenPages,
  formatDiagnostic,
  walkPages,
  type Diagnostic,
  type DirectorySource,
  type RevisionBundle,
} from './model/index.ts';
export {
  bundleFromJson,
  bundleToJson,
  gitBlobOid,
  planLayout,
  readDirectory,
  relinkBundle,
  scanReferences,
  slugify,
  writeDirectory,
  type DirectoryLayout,
  type ReadDirectoryOptions,
  type ReadDirectoryResult,
  type Reference,
} from './format/index.ts';
export { movePage, type PageDestination } from './content/index.ts';
export { readDirectoryFiles, writeDirectoryFiles, type DirectoryFiles } from './disk/index.ts';
