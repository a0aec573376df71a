import { QuireError } from '../../errors/index.ts';

const units: Record<string, number> = { '': 1, b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/**
 * Reads a size as people write it: bytes (`1048576`), or a number and a unit, decimal (`kb`, `mb`, `gb`) or
 * binary (`kib`, `mib`, `gib`), in any case, with or without a space (`100mb`, `1.5 MiB`).
 *
 * @example
 * parseByteSize('100mb', '--max-file-size') // → 100000000
 * parseByteSize('1MiB', '--max-file-size') // → 1048576
 */
export function parseByteSize(text: string, field: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match?.[2]?.toLowerCase();
  const factor = unit === undefined ? undefined : units[unit];
  if (match === null || factor === undefined) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must be a size such as 100mb, 1mib, 512kb or a number of bytes, not "${text}"`, { field });
  }
  const bytes = Math.floor(Number(match[1]) * factor);
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new QuireError('INVALID_ARGUMENT', `${field} must be at least 1 byte, not "${text}"`, { field });
  return bytes;
}
