export { emptyDirectorySource, type DirectorySource, type RevisionBundle } from './revision-bundle.ts';
export { formatDiagnostic, type Diagnostic } from './diagnostic.ts';
