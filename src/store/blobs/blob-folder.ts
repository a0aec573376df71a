import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { QuireError } from '../../errors/index.ts';
import { writeBlobStream, type BlobExpectation, type WrittenBlob } from './blob-stream-write.ts';
import { isContentHash, sha256Hex, type ContentHash } from './content-hash.ts';

/** A stored blob: its SHA-256 (the key) and its size in bytes. */
export interface BlobInfo {
  hash: ContentHash;
  size: number;
}

/**
 * File bytes, content-addressed: a blob lives at `<directory>/<first two hex digits>/<the other 62>`, named by
 * the SHA-256 of its bytes, so the same bytes are stored once whichever file, revision or space they belong to.
 *
 * A blob is written to `tmp/` first, flushed, then renamed into place: rename is atomic, so a process killed
 * mid-write leaves at worst a stray temporary file, never a torn blob under its final name.
 *
 * @example
 * const blobs = new BlobFolder('/var/lib/quire/blobs');
 * const { hash } = await blobs.put(new TextEncoder().encode('hello'));
 * await blobs.get(hash); // → the bytes
 */
export class BlobFolder {
  readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  /** Stores `bytes` unless a blob with the same hash is already there. */
  async put(bytes: Uint8Array): Promise<BlobInfo> {
    const hash = sha256Hex(bytes);
    const target = this.#pathOf(hash);
    if (await exists(target)) return { hash, size: bytes.byteLength };
    const temporaryFolder = join(this.directory, 'tmp');
    await mkdir(temporaryFolder, { recursive: true });
    await mkdir(join(this.directory, hash.slice(0, 2)), { recursive: true });
    const temporary = join(temporaryFolder, `${hash}.${randomUUID()}`);
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
    return { hash, size: bytes.byteLength };
  }

  /**
   * Stores the bytes of `stream` without holding them in memory: they go to a temporary file while hashed, and
   * are renamed into place only when the size and digests are what `expected` says (else the temporary file is
   * removed and the error thrown).
   */
  async putStream(stream: Readable, expected: BlobExpectation): Promise<WrittenBlob> {
    const temporaryFolder = join(this.directory, 'tmp');
    await mkdir(temporaryFolder, { recursive: true });
    const temporary = join(temporaryFolder, `upload.${randomUUID()}`);
    const handle = await open(temporary, 'wx');
    let written: WrittenBlob;
    try {
      written = await writeBlobStream(stream, handle, expected);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    const target = this.#pathOf(written.hash);
    if (await exists(target)) {
      await rm(temporary, { force: true });
      return written;
    }
    await mkdir(join(this.directory, written.hash.slice(0, 2)), { recursive: true });
    await rename(temporary, target);
    return written;
  }

  /** The size of a stored blob, or undefined when there is none. */
  async sizeOf(hash: ContentHash): Promise<number | undefined> {
    if (!isContentHash(hash)) return undefined;
    try {
      return (await stat(this.#pathOf(hash))).size;
    } catch {
      return undefined;
    }
  }

  /** The bytes of a blob; `NOT_FOUND` when there is none. */
  async get(hash: ContentHash): Promise<Uint8Array> {
    const path = this.#pathOf(hash);
    try {
      const buffer = await readFile(path);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } catch (error) {
      throw notFound(hash, error);
    }
  }

  /** A stream of a blob's bytes (for large files), with its size; `NOT_FOUND` when there is none. */
  async open(hash: ContentHash): Promise<{ size: number; stream: Readable }> {
    const path = this.#pathOf(hash);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch (error) {
      throw notFound(hash, error);
    }
    return { size, stream: createReadStream(path) };
  }

  async has(hash: ContentHash): Promise<boolean> {
    return isContentHash(hash) && exists(this.#pathOf(hash));
  }

  /** How many blobs are stored (walks the folder: for tests and statistics, not for hot paths). */
  async count(): Promise<number> {
    let count = 0;
    for (const entry of await readdirOrEmpty(this.directory)) {
      if (!/^[0-9a-f]{2}$/.test(entry)) continue;
      count += (await readdirOrEmpty(join(this.directory, entry))).length;
    }
    return count;
  }

  /** Removes temporary files older than `olderThanMs`, left behind by processes killed mid-write. */
  async sweepTemporaryFiles(olderThanMs: number, now: Date): Promise<void> {
    const folder = join(this.directory, 'tmp');
    for (const entry of await readdirOrEmpty(folder)) {
      const path = join(folder, entry);
      try {
        if (now.getTime() - (await stat(path)).mtimeMs > olderThanMs) await rm(path, { force: true });
      } catch {
        // Another process renamed or removed it meanwhile.
      }
    }
  }

  #pathOf(hash: ContentHash): string {
    if (!isContentHash(hash)) {
      throw new QuireError('INVALID_ARGUMENT', `blob hash ${JSON.stringify(hash)} is not a SHA-256 in lower-case hex`, { field: 'hash' });
    }
    return join(this.directory, hash.slice(0, 2), hash.slice(2));
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function readdirOrEmpty(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch {
    return [];
  }
}

function notFound(hash: string, cause: unknown): QuireError {
  if ((cause as { code?: unknown }).code === 'ENOENT') {
    return new QuireError('NOT_FOUND', `blob ${hash} does not exist`, { hash }, { cause });
  }
  return new QuireError('STORE_UNAVAILABLE', `blob ${hash} cannot be read`, { hash }, { cause });
}
