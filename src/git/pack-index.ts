/**
 * Looking objects up in a pack index (`.idx`, versions 1 and 2, git's `Documentation/gitformat-pack.txt`): the
 * fan-out table narrows an oid to a run of sorted names, a binary search finds it, and the offset table says
 * where in the `.pack` the object starts. The index is kept as the bytes read, with no table built from it, so
 * opening a pack of a million objects costs one read of its index and nothing per object.
 */

const IDX_V2_MAGIC = 0xff744f63; // "\377tOc"
const OID_BYTES = 20;

export interface PackIndex {
  /** Number of objects in the pack. */
  readonly count: number;
  /** The offset in the pack of the object `oid` (40 hex digits), or undefined when the pack does not hold it. */
  offsetOf(oid: string): number | undefined;
}

/**
 * Parses an index file's bytes.
 *
 * @throws Error for an index of another version or a truncated one (the caller falls back to another reader).
 * @example
 * const index = parsePackIndex(await readFile('.git/objects/pack/pack-1234.idx'));
 * index.offsetOf('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'); // → 12 (or undefined)
 */
export function parsePackIndex(bytes: Uint8Array): PackIndex {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v2 = bytes.byteLength >= 8 && view.getUint32(0) === IDX_V2_MAGIC;
  if (v2 && view.getUint32(4) !== 2) throw new Error(`pack index version ${view.getUint32(4)} is not supported`);
  const fanout = v2 ? 8 : 0;
  if (bytes.byteLength < fanout + 256 * 4) throw new Error('pack index is truncated');
  const count = view.getUint32(fanout + 255 * 4);
  // v2: names, then CRCs, then 4-byte offsets, then 8-byte offsets; v1: (4-byte offset, name) pairs.
  const names = fanout + 256 * 4;
  const nameStride = v2 ? OID_BYTES : OID_BYTES + 4;
  const nameStart = v2 ? names : names + 4;
  const offsets = names + count * (OID_BYTES + 4);
  const largeOffsets = offsets + count * 4;
  if (bytes.byteLength < (v2 ? largeOffsets : names + count * nameStride)) throw new Error('pack index is truncated');

  const compareAt = (position: number, wanted: Uint8Array): number => {
    const start = nameStart + position * nameStride;
    for (let index = 0; index < OID_BYTES; index++) {
      const difference = bytes[start + index]! - wanted[index]!;
      if (difference !== 0) return difference;
    }
    return 0;
  };
  const offsetAt = (position: number): number => {
    if (!v2) return view.getUint32(names + position * nameStride);
    const small = view.getUint32(offsets + position * 4);
    if ((small & 0x80000000) === 0) return small;
    const large = largeOffsets + (small & 0x7fffffff) * 8;
    return view.getUint32(large) * 2 ** 32 + view.getUint32(large + 4);
  };

  return {
    count,
    offsetOf(oid) {
      const wanted = Buffer.from(oid, 'hex');
      if (wanted.byteLength !== OID_BYTES) return undefined;
      const first = wanted[0]!;
      let low = first === 0 ? 0 : view.getUint32(fanout + (first - 1) * 4);
      let high = view.getUint32(fanout + first * 4);
      while (low < high) {
        const middle = (low + high) >>> 1;
        const order = compareAt(middle, wanted);
        if (order === 0) return offsetAt(middle);
        if (order < 0) low = middle + 1;
        else high = middle;
      }
      return undefined;
    },
  };
}
