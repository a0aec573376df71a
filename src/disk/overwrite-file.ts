import { closeSync, constants, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';

/**
 * Makes `data` the whole content of the file at `path`, creating it (mode 0o666 less the umask, as `writeFileSync`)
 * when it does not exist. An existing file is written over in place and cut to the new length only when it was
 * longer, instead of being emptied first (`O_TRUNC`, what `writeFileSync` does): emptying a file frees its blocks and
 * writing it again allocates them anew. On issue 17's machine (ext4), writing 1,000 files of 9 KB over the previous
 * export's took 165 to 195 ms emptied first and 36 to 39 ms in place; the bytes on disk are the same. Throws the
 * `fs` error of the call that failed.
 *
 * @example
 * overwriteFile('site/guides/index.html', Buffer.from(html));
 */
export function overwriteFile(path: string, data: Uint8Array): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT, 0o666);
  try {
    for (let written = 0; written < data.byteLength; ) written += writeSync(fd, data, written, data.byteLength - written);
    if (fstatSync(fd).size > data.byteLength) ftruncateSync(fd, data.byteLength);
  } finally {
    closeSync(fd);
  }
}
