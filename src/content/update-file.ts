import type { SnapshotFile } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { readFileSource } from './file-source.ts';
import { checkContentType, checkFileName } from './file-upload-fields.ts';
import { readGitBlob } from './git-blob-field.ts';
import type { QuireUpdateFileChange } from './quire-changes.ts';

/**
 * `quire_update_file` (docs/api-extensions.md): replaces a file's bytes (`base64`, or an uploaded `blob`), keeping its id, so pages that show it
 * keep pointing at it. `contentType` and `name` default to the file's own; image `dimensions` are dropped (they
 * described the old bytes). `git` sets the Git blob the new bytes are; without it the file keeps its Git path
 * while its name stays, and loses it when renamed (the layout then gives it its canonical place, like a page
 * whose slug changed).
 *
 * @example
 * applyUpdateFile(batch, { operation: 'quire_update_file', file: 'logoId', base64: 'iVBORw0KGgo=' }, 0);
 */
export function applyUpdateFile(batch: ContentBatch, change: QuireUpdateFileChange, index: number): void {
  const position = existingFileIndex(batch, change.file, index);
  const current = batch.files[position]!;
  const name = change.name === undefined ? current.name : checkFileName(change.name, index, 'name');
  const contentType = change.contentType === undefined ? current.contentType : checkContentType(change.contentType, index, 'contentType');
  const source = readFileSource(batch, change as unknown as Record<string, unknown>, index, '');
  const git = readGitBlob(change.git, index, 'git') ?? (name === current.name ? current.git : undefined);
  const { git: _git, dimensions: _dimensions, ...kept } = current;
  const record: SnapshotFile = { ...kept, name, contentType, size: source.size, blob: source.blob, ...(git === undefined ? {} : { git }) };
  batch.files[position] = record;
  batch.replacedFiles.push({ record, bytes: source.bytes });
}

/**
 * Where the file a change names in `file` is in the batch's list; refuses an id that is not there.
 *
 * @example
 * existingFileIndex(batch, 'logoId', 2) // throws `changes[2].file: file logoId is not in the change request`
 */
export function existingFileIndex(batch: ContentBatch, fileId: unknown, index: number): number {
  if (typeof fileId !== 'string' || fileId === '') throw invalidChange(index, 'file', 'must be a file id (a non-empty string)');
  const position = batch.files.findIndex((file) => file.id === fileId);
  if (position === -1) throw invalidChange(index, 'file', `file ${fileId} is not in the change request`);
  return position;
}
