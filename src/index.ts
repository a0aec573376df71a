// The public library API of Quire. Explicit named exports only; src/index.test.ts pins the list.
export { errorCatalogue, errorCodes, isQuireError, QuireError, type ErrorCode, type ErrorData } from './errors/index.ts';
export { emptyDirectorySource, formatDiagnostic, type Diagnostic, type DirectorySource, type RevisionBundle } from './model/index.ts';
