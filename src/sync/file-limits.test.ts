import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileBytesChange } from './file-bytes-change.ts';
import { fileLimitsOf, fileRefusal, inlineFileBytes, publishedFileLimits } from './file-limits.ts';

describe('file limits', () => {
  it('come from what the server announces, else the published 1 MB of base64', () => {
    expect(fileLimitsOf(undefined)).toEqual(publishedFileLimits);
    expect(fileLimitsOf({ object: 'quire', version: '0.1.0', extensions: ['git-metadata'] })).toEqual({ maxFileBytes: 1024 * 1024, uploads: false });
    expect(fileLimitsOf({ object: 'quire', version: '0.1.0', extensions: ['file-uploads'], limits: { maxFileBytes: 5_000_000 } })).toEqual({ maxFileBytes: 5_000_000, uploads: true });
  });

  it('refuse a file over the limit, naming its size, the limit and how to raise it', () => {
    expect(fileRefusal(1_000_000, { maxFileBytes: 1_000_000, uploads: true })).toBeUndefined();
    expect(fileRefusal(1_000_001, { maxFileBytes: 1_000_000, uploads: true })).toBe('1000001 bytes: the server takes files of at most 1000000 bytes (quire serve --max-file-size)');
    expect(fileRefusal(2_000_000, publishedFileLimits)).toContain('does not offer file-uploads');
  });

  it('send small files as base64 and larger ones as an upload named by its SHA-256', () => {
    const limits = { maxFileBytes: 10_000_000, uploads: true };
    const small = new Uint8Array(inlineFileBytes);
    expect(fileBytesChange(small, limits)).toEqual({ fields: { base64: Buffer.from(small).toString('base64') }, weight: Math.ceil(inlineFileBytes / 3) * 4, upload: undefined });
    const large = new Uint8Array(inlineFileBytes + 1).fill(7);
    const blob = createHash('sha256').update(large).digest('hex');
    expect(fileBytesChange(large, limits)).toEqual({ fields: { blob }, weight: 64, upload: { blob, bytes: large } });
    expect(fileBytesChange(large, publishedFileLimits).fields).toHaveProperty('base64');
  });
});
