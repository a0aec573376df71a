import { createHash } from 'node:crypto';
import type { ChangeRequestContentChangeInsertFiles } from '@gitbook/api';
import type { SnapshotFile } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';

/** The largest file `insert_files` takes as base64: 1 MB decoded (the published limit). */
export const maxInsertedFileBytes = 1024 * 1024;

const maxFilesPerChange = 20;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const contentTypePattern = /^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/;

/**
 * `insert_files`: uploads 1 to 20 files given as base64 (at most 1 MB each, with a `contentType`). Each gets an
 * id from `context.newId()` and a record naming its blob (the SHA-256 of the bytes); the bytes are returned for
 * the service to store. A file's `ref` lets pages of the batch link to it as `./<ref>`.
 * Files given by `url` are refused: the service makes no outbound requests.
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
    const name = checkName(entry.name, index, field('name'));
    if ('url' in entry && 'base64' in entry) throw invalidChange(index, field(), 'must have exactly one source: url or base64, not both');
    if ('url' in entry) {
      throw invalidChange(
        index,
        field('url'),
        'fetching files from a URL is not supported: this server makes no outbound requests; send the bytes as base64 with a contentType',
      );
    }
    if (!('base64' in entry)) throw invalidChange(index, field(), 'must have a source: base64 (with contentType)');
    const contentType = entry.contentType;
    if (typeof contentType !== 'string' || contentType.length > 255 || !contentTypePattern.test(contentType)) {
      throw invalidChange(index, field('contentType'), 'is required with base64 and must be a MIME type such as image/png');
    }
    const bytes = decodeBase64(entry.base64, index, field('base64'));

    const id = batch.context.newId();
    batch.claimRef(entry.ref, 'file', id, index, field('ref'));
    const record: SnapshotFile = { id, name, contentType, size: bytes.length, blob: createHash('sha256').update(bytes).digest('hex') };
    batch.files.push(record);
    batch.insertedFiles.push({ record, bytes });
  });
}

/** A file name is the last segment of a path in the Git layout (`.gitbook/assets/<name>`): no folders. */
function checkName(name: unknown, index: number, field: string): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 256) throw invalidChange(index, field, 'must be a string of 1 to 256 characters');
  if (/[/\\]/.test(name) || name === '.' || name === '..' || /\p{Cc}/u.test(name)) {
    throw invalidChange(index, field, `"${name}" is not a file name: no "/", "\\" or control characters, not "." or ".."`);
  }
  return name;
}

function decodeBase64(value: unknown, index: number, field: string): Uint8Array {
  if (typeof value !== 'string') throw invalidChange(index, field, 'must be a base64 string');
  const compact = value.replace(/\s+/g, '');
  if (!base64Pattern.test(compact) || compact.length % 4 === 1) throw invalidChange(index, field, 'is not valid base64');
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  const size = Math.floor((compact.length * 3) / 4) - padding;
  if (size > maxInsertedFileBytes) throw invalidChange(index, field, `decodes to ${size} bytes; the limit is ${maxInsertedFileBytes} bytes (1 MB)`);
  return new Uint8Array(Buffer.from(compact, 'base64'));
}
