import { describe, expect, it } from 'vitest';
import { parseByteSize } from './byte-size.ts';

describe('parseByteSize', () => {
  it('reads bytes, decimal and binary units in any case', () => {
    expect(parseByteSize('1048576', 'size')).toBe(1048576);
    expect(parseByteSize('100mb', 'size')).toBe(100_000_000);
    expect(parseByteSize('1MiB', 'size')).toBe(1024 * 1024);
    expect(parseByteSize('1.5 KiB', 'size')).toBe(1536);
    expect(parseByteSize('2GB', 'size')).toBe(2_000_000_000);
  });

  it('refuses what is not a size, naming the option', () => {
    expect(() => parseByteSize('lots', '--max-file-size')).toThrow('--max-file-size must be a size such as 100mb');
    expect(() => parseByteSize('10 parsecs', '--max-file-size')).toThrow('not "10 parsecs"');
    expect(() => parseByteSize('0', '--max-file-size')).toThrow('at least 1 byte');
  });
});
