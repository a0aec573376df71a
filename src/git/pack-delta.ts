/**
 * Git's delta format (`patch-delta.c`): the base's size and the result's size as little-endian base-128 numbers,
 * then instructions: a byte with the high bit set copies a range of the base (its low 4 bits say which offset
 * bytes follow, the next 3 which size bytes; size 0 means 0x10000), any other non-zero byte inserts that many
 * literal bytes that follow it.
 */

/**
 * The object a delta rebuilds from its base.
 *
 * @throws Error when the delta does not fit the base (a corrupt pack).
 * @example
 * const target = applyDelta(baseBytes, deltaBytes);
 */
export function applyDelta(base: Uint8Array, delta: Uint8Array): Uint8Array {
  let position = 0;
  const readSize = (): number => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = delta[position++]!;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && position < delta.length);
    return value;
  };
  const baseSize = readSize();
  if (baseSize !== base.byteLength) throw new Error(`delta expects a base of ${baseSize} bytes, got ${base.byteLength}`);
  const result = new Uint8Array(readSize());
  let written = 0;
  while (position < delta.length) {
    const command = delta[position++]!;
    if (command & 0x80) {
      let offset = 0;
      let size = 0;
      for (let bit = 0; bit < 4; bit++) if (command & (1 << bit)) offset += delta[position++]! * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (command & (1 << (4 + bit))) size += delta[position++]! << (8 * bit);
      if (size === 0) size = 0x10000;
      if (offset + size > base.byteLength || written + size > result.byteLength) throw new Error('delta copies outside its base or result');
      result.set(base.subarray(offset, offset + size), written);
      written += size;
    } else if (command !== 0) {
      if (position + command > delta.length || written + command > result.byteLength) throw new Error('delta inserts past its end');
      result.set(delta.subarray(position, position + command), written);
      position += command;
      written += command;
    } else {
      throw new Error('delta holds the reserved instruction 0');
    }
  }
  if (written !== result.byteLength) throw new Error(`delta wrote ${written} bytes of ${result.byteLength}`);
  return result;
}
