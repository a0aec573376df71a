/**
 * Reads objects without the git binary and without loading a pack: each pack's index (`.idx`) is read once, an
 * object's offset is looked up in it, and only that object's compressed bytes (and those of its delta bases) are
 * read from the `.pack`, through a file handle at that offset. Nothing is verified against the pack's checksum
 * (git does not either when it reads an object: the index was checked when the pack arrived). Loose objects
 * (`objects/ab/cdef...`, as isomorphic-git writes them) are read as files.
 */
import { inflateSync } from 'node:zlib';
import { createBoundedObjectCache } from './bounded-object-cache.ts';
import type { GitObjectType, RawGitObject } from './git-object.ts';
import type { ObjectReader } from './object-reader.ts';
import { parseLooseObject } from './loose-object-reader.ts';
import { applyDelta } from './pack-delta.ts';
import { parsePackIndex, type PackIndex } from './pack-index.ts';
import { joinPath, type GitFs } from './repository.ts';

/** The part of a Node `FileHandle` this reader needs. */
interface PackFileHandle {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

/** The part of a Node-style `fs.promises` this reader needs (`open` is what random access takes). */
export interface PackReaderFs {
  readFile(path: string): Promise<Uint8Array>;
  readdir(path: string): Promise<string[]>;
  stat(path: string): Promise<{ size: number }>;
  open(path: string, flags: 'r'): Promise<PackFileHandle>;
}

/** True when `fs` can read part of a file (Node's `fs` can; some in-memory ones cannot). */
export function canReadRandomly(fs: GitFs): boolean {
  return typeof (fs.promises as { open?: unknown }).open === 'function';
}

interface Pack {
  name: string;
  path: string;
  index: PackIndex;
  /** Bytes of the `.pack`, its 20-byte trailer included. */
  size: number;
}

const TYPES: Record<number, GitObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** Enough for an object's header: type and size (at most 10 bytes), and an ofs-delta's distance or a ref-delta's oid. */
const HEADER_BYTES = 32;
/** Delta bases shared by sibling objects (a tree and its next versions), by pack and offset. */
const BASE_CACHE_BYTES = 16 * 1024 * 1024;

/** An object's entry in a pack: its kind, its size once inflated, where its compressed data starts, and its base. */
interface PackEntry {
  kind: number;
  size: number;
  dataOffset: number;
  baseOffset?: number;
  baseOid?: string;
}

/**
 * @example
 * const reader = createPackObjectReader(fs, '/repo/.git');
 * const object = await reader.read(oid); // → { type: 'blob', bytes } or undefined
 */
export function createPackObjectReader(fs: GitFs, gitdir: string): ObjectReader {
  const files = fs.promises as unknown as PackReaderFs;
  const bases = createBoundedObjectCache(BASE_CACHE_BYTES);
  let packs: Promise<Pack[]> | undefined;

  const loadPacks = async (known: readonly Pack[] = []): Promise<Pack[]> => {
    const folder = joinPath(gitdir, 'objects/pack');
    const names = (await files.readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.idx')).sort();
    return Promise.all(
      names.map(async (name) => {
        const existing = known.find((pack) => pack.name === name);
        if (existing !== undefined) return existing;
        const path = joinPath(folder, `${name.slice(0, -'.idx'.length)}.pack`);
        const [index, stat] = await Promise.all([files.readFile(joinPath(folder, name)), files.stat(path)]);
        return { name, path, index: parsePackIndex(index), size: stat.size };
      }),
    );
  };

  const readRange = async (file: PackFileHandle, position: number, length: number): Promise<Uint8Array> => {
    const buffer = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  };

  const readEntry = async (file: PackFileHandle, pack: Pack, offset: number): Promise<PackEntry> => {
    const header = await readRange(file, offset, Math.min(HEADER_BYTES, pack.size - offset));
    let position = 0;
    let byte = header[position++]!;
    const kind = (byte >> 4) & 7;
    let size = byte & 15;
    for (let shift = 4; byte & 0x80; shift += 7) {
      byte = header[position++]!;
      size += (byte & 0x7f) * 2 ** shift;
    }
    if (kind === OFS_DELTA) {
      byte = header[position++]!;
      let distance = byte & 0x7f;
      while (byte & 0x80) {
        byte = header[position++]!;
        distance = (distance + 1) * 128 + (byte & 0x7f);
      }
      return { kind, size, dataOffset: offset + position, baseOffset: offset - distance };
    }
    if (kind === REF_DELTA) {
      const baseOid = Buffer.from(header.subarray(position, position + 20)).toString('hex');
      return { kind, size, dataOffset: offset + position + 20, baseOid };
    }
    if (TYPES[kind] === undefined) throw new Error(`${pack.name}: no object at offset ${offset} (type ${kind})`);
    return { kind, size, dataOffset: offset + position };
  };

  /** Inflates an entry's data: reads what zlib can take at most for that size, never the rest of the pack. */
  const inflateEntry = async (file: PackFileHandle, pack: Pack, entry: PackEntry): Promise<Uint8Array> => {
    const end = pack.size - 20;
    const bound = entry.size + (entry.size >> 12) + (entry.size >> 14) + (entry.size >> 25) + 64;
    const compressed = await readRange(file, entry.dataOffset, Math.min(bound, end - entry.dataOffset));
    const bytes = inflateSync(compressed);
    if (bytes.byteLength !== entry.size) throw new Error(`${pack.name}: object at ${entry.dataOffset} inflates to ${bytes.byteLength} bytes, not ${entry.size}`);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };

  const readPacked = async (pack: Pack, offset: number): Promise<RawGitObject> => {
    const file = await files.open(pack.path, 'r');
    try {
      // Walk down the delta chain to an object stored whole (or a base already at hand), then apply the deltas back up.
      const deltas: Array<{ offset: number; entry: PackEntry }> = [];
      let base: RawGitObject | undefined;
      for (let at = offset; base === undefined; ) {
        base = bases.get(`${pack.name}:${at}`);
        if (base !== undefined) break;
        const entry = await readEntry(file, pack, at);
        if (entry.kind === OFS_DELTA) {
          deltas.push({ offset: at, entry });
          at = entry.baseOffset!;
        } else if (entry.kind === REF_DELTA) {
          deltas.push({ offset: at, entry });
          base = await read(entry.baseOid!);
          if (base === undefined) throw new Error(`${pack.name}: the base ${entry.baseOid} of the object at ${at} is missing`);
        } else {
          base = { type: TYPES[entry.kind]!, bytes: await inflateEntry(file, pack, entry) };
          if (deltas.length > 0) bases.set(`${pack.name}:${at}`, base);
        }
      }
      let object = base;
      for (const { offset: at, entry } of deltas.reverse()) {
        object = { type: object.type, bytes: applyDelta(object.bytes, await inflateEntry(file, pack, entry)) };
        if (at !== offset) bases.set(`${pack.name}:${at}`, object);
      }
      return object;
    } finally {
      await file.close();
    }
  };

  const readLoose = async (oid: string): Promise<RawGitObject | undefined> => {
    let deflated: Uint8Array;
    try {
      deflated = await files.readFile(joinPath(gitdir, `objects/${oid.slice(0, 2)}/${oid.slice(2)}`));
    } catch {
      return undefined;
    }
    return parseLooseObject(deflated);
  };

  const findInPacks = async (oid: string, list: readonly Pack[]): Promise<RawGitObject | undefined> => {
    for (const pack of list) {
      const offset = pack.index.offsetOf(oid);
      if (offset !== undefined) return readPacked(pack, offset);
    }
    return undefined;
  };

  const read = async (oid: string): Promise<RawGitObject | undefined> => {
    packs ??= loadPacks();
    const known = await packs;
    const found = (await findInPacks(oid, known)) ?? (await readLoose(oid));
    if (found !== undefined) return found;
    // A pack may have arrived since the list was read (a fetch, a repack): look once more.
    const current = loadPacks(known);
    packs = current;
    const added = (await current).filter((pack) => !known.includes(pack));
    return added.length === 0 ? undefined : findInPacks(oid, added);
  };

  return { read };
}
