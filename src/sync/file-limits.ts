/**
 * How large a file sync may send, and how: what the server announces in `GET /v1/quire` (`file-uploads` and
 * `limits.maxFileBytes`, docs/api-extensions.md), or the published API's 1 MB of base64 when it announces nothing.
 */
import type { QuireServerInfo } from '../client/index.ts';

export interface FileLimits {
  /** The largest file the server takes. */
  maxFileBytes: number;
  /** True when the server takes raw uploads (`file-uploads`): files over `inlineFileBytes` are streamed. */
  uploads: boolean;
}

/** The published API: base64 in a batch, at most 1 MB a file. */
export const publishedFileLimits: FileLimits = { maxFileBytes: 1024 * 1024, uploads: false };

/** Files up to this size travel as base64 inside a batch (one request for many small images); larger ones are uploaded. */
export const inlineFileBytes = 256 * 1024;

/**
 * The limits of a server, from what it announces.
 *
 * @example
 * fileLimitsOf({ object: 'quire', version: '0.1.0', extensions: ['file-uploads'], limits: { maxFileBytes: 1e8 } }) // → { maxFileBytes: 100000000, uploads: true }
 */
export function fileLimitsOf(info: QuireServerInfo | undefined): FileLimits {
  if (info === undefined || !info.extensions.includes('file-uploads')) return publishedFileLimits;
  return { maxFileBytes: info.limits?.maxFileBytes ?? publishedFileLimits.maxFileBytes, uploads: true };
}

/**
 * Why a file of `size` bytes is not sent, or undefined when it may be.
 *
 * @example
 * fileRefusal(3_000_000, { maxFileBytes: 1_000_000, uploads: true }) // → '3000000 bytes: the server takes files of at most 1000000 bytes (quire serve --max-file-size)'
 */
export function fileRefusal(size: number, limits: FileLimits): string | undefined {
  if (size <= limits.maxFileBytes) return undefined;
  return limits.uploads
    ? `${size} bytes: the server takes files of at most ${limits.maxFileBytes} bytes (quire serve --max-file-size)`
    : `${size} bytes: files over ${limits.maxFileBytes} bytes cannot be sent through the published API (the server does not offer file-uploads)`;
}
