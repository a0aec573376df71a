import { QuireError } from '../errors/quire-error.ts';
import { rememberBlobOid } from './git-oid.ts';
import type { ImageDimensions } from './file-metadata.ts';

/**
 * What reading a file yields without its bytes: its size, blob id and pixel size.
 */
export interface FileFacts {
  /** The Git blob id of the bytes. */
  oid: string;
  size: number;
  dimensions?: ImageDimensions | undefined;
}

/** Facts of each stand-in, by the very array standing in. */
const standIns = new WeakMap<Uint8Array, FileFacts>();
/** Zeros shared by every stand-in: none is ever written, so one buffer as large as the largest serves them all. */
let zeros = new ArrayBuffer(0);

/**
 * An array standing in for a file's bytes that the reader of a directory needs only the facts of: `size` zeros (no
 * memory of their own), whose blob id and pixel size are `facts`. A structural sync reads two directories whole,
 * and most of their bytes are images that neither commit changed and that the space already holds (18 of the 20 MB
 * on issue 17's long-history bench, read from git and copied for nothing).
 *
 * readDirectory takes a stand-in's facts (`standInFacts`); it never reads its bytes. Anything that would send or
 * write bytes refuses a stand-in (`assertNotStandIn`): a stand-in is only for a file nothing will send.
 *
 * @example
 * const bytes = fileStandIn({ oid, size: 1_400_000, dimensions: { width: 800, height: 600 } });
 * readDirectory(new Map([['.gitbook/assets/diagram.png', bytes], ...pages])); // size, oid and dimensions as given
 */
export function fileStandIn(facts: FileFacts): Uint8Array {
  if (zeros.byteLength < facts.size) zeros = new ArrayBuffer(facts.size);
  const bytes = new Uint8Array(zeros, 0, facts.size);
  standIns.set(bytes, { ...facts });
  rememberBlobOid(bytes, facts.oid);
  return bytes;
}

/** The facts of a stand-in, undefined for real bytes. */
export function standInFacts(bytes: Uint8Array): FileFacts | undefined {
  return standIns.get(bytes);
}

/**
 * @throws QuireError `INTERNAL` when `bytes` is a stand-in: the caller planned to send a file it never read.
 */
export function assertNotStandIn(bytes: Uint8Array, path: string): void {
  if (standIns.has(bytes)) throw new QuireError('INTERNAL', `the bytes of ${path} were not read (a stand-in for an unchanged file) but are about to be sent`, { path });
}
