export { readDirectory, documentIdOf, type ReadDirectoryOptions, type ReadDirectoryResult } from './read-directory.ts';
export { PageTextMemo } from './page-text-memo.ts';
export { writeDirectory } from './write-directory.ts';
export { planLayout, type DirectoryLayout } from './directory-layout.ts';
export { gitBlobOid } from './git-oid.ts';
export { scanReferences, rewriteReferences, type Reference, type ReferenceSyntax } from './references.ts';
export { slugify } from './slug.ts';
export { bundleFromJson, bundleFromValue, bundleToJson, bundleToValue, bundleFormat, bundleVersion, type RevisionBundleValue } from './bundle-json.ts';
export { relinkBundle } from './relink.ts';
