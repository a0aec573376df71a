import { describe, expect, it } from 'vitest';
import { gitBlobOid, memoizedBlobOid, rememberBlobOid } from './git-oid.ts';

describe('git blob ids', () => {
  it('hashes as git hash-object does', () => {
    expect(gitBlobOid(new Uint8Array())).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    expect(gitBlobOid(new TextEncoder().encode('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });

  it('memoizes by array, and takes the id of an array read from Git by that id', () => {
    const bytes = new TextEncoder().encode('hello\n');
    expect(memoizedBlobOid(bytes)).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    const read = new TextEncoder().encode('# Page\n');
    rememberBlobOid(read, 'f'.repeat(40)); // not its hash: shows that the id is taken, not computed
    expect(memoizedBlobOid(read)).toBe('f'.repeat(40));
    expect(memoizedBlobOid(new TextEncoder().encode('# Page\n'))).toBe(gitBlobOid(read)); // another array is hashed
  });
});
