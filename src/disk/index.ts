export { readDirectoryFiles, writeDirectoryFiles, type DirectoryFiles } from './directory-files.ts';
