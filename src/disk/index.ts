export { readDirectoryFiles, writeDirectoryFiles, type DirectoryFiles } from './directory-files.ts';
export { packageFile, packageRoot } from './package-root.ts';
