import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overwriteFile } from './overwrite-file.ts';

describe('overwriteFile', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'quire-overwrite-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const bytes = (text: string) => new Uint8Array(Buffer.from(text));

  it('creates a file that does not exist', () => {
    const path = join(folder, 'new.html');
    overwriteFile(path, bytes('<p>new</p>'));
    expect(readFileSync(path, 'utf8')).toBe('<p>new</p>');
  });

  it('leaves exactly the new bytes over a longer file, in the same file', () => {
    const path = join(folder, 'page.html');
    writeFileSync(path, 'x'.repeat(20_000));
    const before = statSync(path).ino;
    overwriteFile(path, bytes('<p>short</p>'));
    expect(readFileSync(path, 'utf8')).toBe('<p>short</p>');
    expect(statSync(path).size).toBe(12);
    expect(statSync(path).ino).toBe(before);
  });

  it('writes over a shorter file and one of the same length', () => {
    const path = join(folder, 'page.html');
    writeFileSync(path, 'old');
    overwriteFile(path, bytes('a longer content than before'));
    expect(readFileSync(path, 'utf8')).toBe('a longer content than before');
    overwriteFile(path, bytes('A LONGER CONTENT THAN BEFORE'));
    expect(readFileSync(path, 'utf8')).toBe('A LONGER CONTENT THAN BEFORE');
  });

  it('empties a file when given no bytes', () => {
    const path = join(folder, 'page.html');
    writeFileSync(path, 'old content');
    overwriteFile(path, new Uint8Array(0));
    expect(statSync(path).size).toBe(0);
  });

  it('writes a content larger than one write call takes at once', () => {
    const path = join(folder, 'large.bin');
    const large = new Uint8Array(8 * 1024 * 1024).map((_, index) => index % 251);
    overwriteFile(path, large);
    expect(Buffer.compare(readFileSync(path), Buffer.from(large))).toBe(0);
  });

  it('throws the error of the call that failed, and leaves nothing open', () => {
    const path = join(folder, 'a-folder');
    mkdirSync(path);
    const openFiles = () => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);
    const before = openFiles();
    expect(() => overwriteFile(path, bytes('x'))).toThrow(expect.objectContaining({ code: 'EISDIR' }));
    expect(() => overwriteFile(join(folder, 'missing', 'page.html'), bytes('x'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    // A write that fails once the file is open (a full disk: Linux's /dev/full).
    if (existsSync('/dev/full')) expect(() => overwriteFile('/dev/full', bytes('x'))).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(openFiles()).toBe(before);
  });
});
