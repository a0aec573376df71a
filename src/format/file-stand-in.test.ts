import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/index.ts';
import { assertNotStandIn, fileStandIn, standInFacts } from './file-stand-in.ts';
import { memoizedBlobOid } from './git-oid.ts';
import { readDirectory } from './read-directory.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('file stand-ins', () => {
  it('reads as a file of the given size, blob id and pixel size, without its bytes', () => {
    const oid = 'a'.repeat(40);
    const standIn = fileStandIn({ oid, size: 70_000, dimensions: { width: 640, height: 480 } });
    const pdf = fileStandIn({ oid: 'b'.repeat(40), size: 50_000 });
    const { bundle } = readDirectory(
      new Map([
        ['README.md', encode('# Home\n\n![Diagram](.gitbook/assets/diagram.png)\n')],
        ['SUMMARY.md', encode('# Table of contents\n\n* [Home](README.md)\n')],
        ['.gitbook/assets/diagram.png', standIn],
        ['.gitbook/assets/manual.pdf', pdf],
      ]),
    );
    const files = Object.fromEntries(bundle.revision.files.map((file) => [file.git!.path, file]));
    expect(files['.gitbook/assets/diagram.png']).toMatchObject({ name: 'diagram.png', contentType: 'image/png', size: 70_000, dimensions: { width: 640, height: 480 }, git: { oid } });
    expect(files['.gitbook/assets/manual.pdf']).toMatchObject({ size: 50_000, git: { oid: 'b'.repeat(40) } });
    expect(files['.gitbook/assets/manual.pdf']!.dimensions).toBeUndefined();
    expect(bundle.files[files['.gitbook/assets/diagram.png']!.id]).toBe(standIn);
    expect(memoizedBlobOid(standIn)).toBe(oid);
  });

  it('shares no state between stand-ins but their zeros, and tells real bytes apart', () => {
    const small = fileStandIn({ oid: 'c'.repeat(40), size: 10 });
    const large = fileStandIn({ oid: 'd'.repeat(40), size: 100_000 });
    expect([small.byteLength, large.byteLength]).toEqual([10, 100_000]);
    expect(standInFacts(small)).toEqual({ oid: 'c'.repeat(40), size: 10 });
    expect(standInFacts(new Uint8Array(10))).toBeUndefined();
  });

  it('is refused by anything about to send it, naming the path', () => {
    const standIn = fileStandIn({ oid: 'e'.repeat(40), size: 40_000 });
    let error: unknown;
    try {
      assertNotStandIn(standIn, '.gitbook/assets/photo.jpg');
    } catch (thrown) {
      error = thrown;
    }
    expect(isQuireError(error) && error.code === 'INTERNAL' && error.message.includes('.gitbook/assets/photo.jpg')).toBe(true);
    expect(() => assertNotStandIn(encode('real'), 'a.png')).not.toThrow();
  });
});
