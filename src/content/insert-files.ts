import type { ChangeRequestContentChangeInsertFiles } from '@gitbook/api';
import type { SnapshotFile } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { readFileSource } from './file-source.ts';
import { checkContentType, checkFileName } from './file-upload-fields.ts';
import { readGitBlob } from './git-blob-field.ts';

const maxFilesPerChange = 20;

/**
 * `insert_files`: uploads 1 to 20 files given as base64 (at most 1 MB each, with a `contentType`), or, with
 * Quire's `file-uploads`, naming by `blob` bytes uploaded beforehand as a stream (up to the server's limit). Each gets an
 * id from `context.newId()` and a record naming its blob (the SHA-256 of the bytes); the bytes are returned for
 * the service to store. A file's `ref` lets pages of the batch link to it as `./<ref>`.
 * Files given by `url` are refused: the service makes no outbound requests. With Quire's `git: { oid, path }`
 * (docs/api-extensions.md) a file keeps the Git blob it came from and lives at that path.
 *
 * @example
 * applyInsertFiles(batch, { operation: 'insert_files', files: [{ name: 'a.png', contentType: 'image/png', base64: '...' }] }, 0);
 */
export function applyInsertFiles(batch: ContentBatch, change: ChangeRequestContentChangeInsertFiles, index: number): void {
  const files: unknown = change.files;
  if (!Array.isArray(files) || files.length === 0 || files.length > maxFilesPerChange) {
    throw invalidChange(index, 'files', `must be a list of 1 to ${maxFilesPerChange} files`);
  }
  files.forEach((file: unknown, position) => {
    const field = (name?: string) => (name === undefined ? `files[${position}]` : `files[${position}].${name}`);
    if (typeof file !== 'object' || file === null || Array.isArray(file)) throw invalidChange(index, field(), 'must be an object');
    const entry = file as Record<string, unknown>;
    const name = checkFileName(entry.name, index, field('name'));
    if ('url' in entry && 'base64' in entry) throw invalidChange(index, field(), 'must have exactly one source: url or base64, not both');
    if ('url' in entry) {
      throw invalidChange(
        index,
        field('url'),
        'fetching files from a URL is not supported: this server makes no outbound requests; send the bytes as base64 with a contentType',
      );
    }
    if (!('base64' in entry) && !('blob' in entry)) throw invalidChange(index, field(), 'must have a source: base64 or an uploaded blob (with contentType)');
    const contentType = checkContentType(entry.contentType, index, field('contentType'));
    const source = readFileSource(batch, entry, index, `${field()}.`);
    const git = readGitBlob(entry.git, index, field('git'));

    const id = batch.context.newId();
    batch.claimRef(entry.ref, 'file', id, index, field('ref'));
    const record: SnapshotFile = { id, name, contentType, size: source.size, blob: source.blob, ...(git === undefined ? {} : { git }) };
    batch.files.push(record);
    batch.insertedFiles.push({ record, bytes: source.bytes });
  });
}
