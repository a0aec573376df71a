import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { QuireError } from '../../errors/index.ts';

/** What a streamed upload must be: exactly `size` bytes, no more than `maxBytes`, and the digests when given. */
export interface BlobExpectation {
  size: number;
  maxBytes: number;
  /** SHA-256 of the bytes in lower-case hex. */
  sha256?: string | undefined;
  /** Git blob id (SHA-1 of `blob <size>\0` and the bytes) in lower-case hex. */
  gitOid?: string | undefined;
}

/** What was written: the SHA-256 (the blob's key), the Git blob id and the size. */
export interface WrittenBlob {
  hash: string;
  gitOid: string;
  size: number;
}

/**
 * Copies `stream` into `handle` chunk by chunk, hashing as it goes, so a file of any size is never held in
 * memory. Stops writing as soon as more bytes come than announced (`FILE_TOO_LARGE` past `maxBytes`, else
 * `INVALID_ARGUMENT`), and checks the size and the digests at the end.
 *
 * @example
 * const written = await writeBlobStream(request.raw, handle, { size: 5_000_000, maxBytes: 100_000_000 });
 */
export async function writeBlobStream(stream: Readable, handle: FileHandle, expected: BlobExpectation): Promise<WrittenBlob> {
  const sha256 = createHash('sha256');
  const sha1 = createHash('sha1').update(`blob ${expected.size}\0`);
  let size = 0;
  let refused: QuireError | undefined;
  // The body is read to its end even once refused: stopping early would reset the connection before the client
  // reads the answer that says why.
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.byteLength;
    if (refused !== undefined) continue;
    if (size > expected.maxBytes) refused = fileTooLarge(size, expected.maxBytes);
    else if (size > expected.size) refused = new QuireError('INVALID_ARGUMENT', `the body is longer than the announced size of ${expected.size} bytes`, { field: 'size' });
    if (refused !== undefined) continue;
    sha256.update(bytes);
    sha1.update(bytes);
    await handle.write(bytes);
  }
  if (refused !== undefined) throw refused;
  if (size !== expected.size) throw new QuireError('INVALID_ARGUMENT', `the body has ${size} bytes, not the announced ${expected.size}`, { field: 'size' });
  const written = { hash: sha256.digest('hex'), gitOid: sha1.digest('hex'), size };
  if (expected.sha256 !== undefined && expected.sha256 !== written.hash) {
    throw new QuireError('INVALID_ARGUMENT', `the body's SHA-256 is ${written.hash}, not the announced ${expected.sha256}`, { field: 'sha256' });
  }
  if (expected.gitOid !== undefined && expected.gitOid !== written.gitOid) {
    throw new QuireError('INVALID_ARGUMENT', `the body's Git blob id is ${written.gitOid}, not the announced ${expected.gitOid}`, { field: 'oid' });
  }
  return written;
}

/**
 * The error for a file over the server's limit, naming both sizes.
 *
 * @example
 * fileTooLarge(3_000_000, 1_048_576).message // → 'the file has 3000000 bytes; this server takes files of at most 1048576 bytes (1 MiB) ...'
 */
export function fileTooLarge(size: number, maxBytes: number): QuireError {
  return new QuireError(
    'FILE_TOO_LARGE',
    `the file has ${size} bytes${size > maxBytes ? '' : ' or more'}; this server takes files of at most ${maxBytes} bytes (${describeBytes(maxBytes)}; quire serve --max-file-size)`,
    { size, maxBytes },
  );
}

/**
 * A size for people: `1 MiB`, `100 MB` stays bytes when it is not a round number of KiB or MiB.
 *
 * @example
 * describeBytes(1024 * 1024) // → '1 MiB'
 */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1000 * 1000 && bytes % (1000 * 1000) === 0) return `${bytes / (1000 * 1000)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
