import { pathSegmentProblem, quotedSegment } from '../model/git-path-rules.ts';
import { invalidChange } from './change-error.ts';

/** The largest file a change takes as base64: 1 MB decoded (the published limit of `insert_files`). */
export const maxInsertedFileBytes = 1024 * 1024;

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const contentTypePattern = /^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/;

/**
 * Checks a file's name: it is the last segment of a path in the Git layout (`.gitbook/assets/<name>`), so it
 * is held to the segment rules of `src/model/git-path-rules.ts` (no `/`, not `.git` in any disguise, at most
 * 255 bytes...).
 *
 * @example
 * checkFileName('logo.png', 0, 'files[0].name') // → 'logo.png'
 */
export function checkFileName(name: unknown, index: number, field: string): string {
  if (typeof name !== 'string' || name.length === 0) throw invalidChange(index, field, 'must be a non-empty string');
  const problem = pathSegmentProblem(name);
  if (problem !== undefined) throw invalidChange(index, field, `${quotedSegment(name)} is not a file name: ${problem}`);
  return name;
}

/**
 * Checks a MIME type given with base64 bytes (`image/png`, `text/plain; charset=utf-8`).
 *
 * @example
 * checkContentType('image/png', 0, 'files[0].contentType') // → 'image/png'
 */
export function checkContentType(contentType: unknown, index: number, field: string): string {
  if (typeof contentType !== 'string' || contentType.length > 255 || !contentTypePattern.test(contentType)) {
    throw invalidChange(index, field, 'is required with base64 and must be a MIME type such as image/png');
  }
  return contentType;
}

/**
 * Decodes base64 bytes (whitespace allowed), refusing text that is not base64 and more than 1 MB of bytes.
 *
 * @example
 * decodeBase64('aGk=', 0, 'files[0].base64') // → Uint8Array [104, 105]
 */
export function decodeBase64(value: unknown, index: number, field: string, limit = maxInsertedFileBytes): Uint8Array {
  if (typeof value !== 'string') throw invalidChange(index, field, 'must be a base64 string');
  const compact = value.replace(/\s+/g, '');
  if (!base64Pattern.test(compact) || compact.length % 4 === 1) throw invalidChange(index, field, 'is not valid base64');
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  const size = Math.floor((compact.length * 3) / 4) - padding;
  if (size > limit) throw invalidChange(index, field, `decodes to ${size} bytes; the limit is ${limit} bytes${limit === maxInsertedFileBytes ? ' (1 MB): upload larger files with POST /v1/spaces/{spaceId}/quire/blobs and name them by blob' : ''}`);
  return new Uint8Array(Buffer.from(compact, 'base64'));
}
