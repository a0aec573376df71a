// One measurement in a fresh process, so its peak memory is its own: `tsx measure.ts read|write|roundtrip <dir> <pages>`.
import { readDirectoryFiles } from '../../src/disk/directory-files.ts';
import { readDirectory } from '../../src/format/read-directory.ts';
import { writeDirectory } from '../../src/format/write-directory.ts';

const [mode, directory] = process.argv.slice(2) as ['read' | 'write', string];
const { files } = await readDirectoryFiles(directory);
const bytesIn = [...files.values()].reduce((total, bytes) => total + bytes.byteLength, 0);
global.gc?.();
const rssBefore = process.memoryUsage().rss;

let milliseconds: number;
let problems = 0;
if (mode === 'read') {
  const started = performance.now();
  const { diagnostics } = readDirectory(files);
  milliseconds = performance.now() - started;
  problems = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
} else {
  const { bundle } = readDirectory(files);
  const started = performance.now();
  const written = writeDirectory(bundle);
  milliseconds = performance.now() - started;
  for (const [path, bytes] of files) if (Buffer.compare(written.get(path) ?? new Uint8Array(), bytes) !== 0) problems++;
}

process.stdout.write(
  JSON.stringify({
    mode,
    files: files.size,
    megabytes: bytesIn / 1024 / 1024,
    milliseconds,
    peakMegabytes: process.resourceUsage().maxRSS / 1024,
    baselineMegabytes: rssBefore / 1024 / 1024,
    problems,
  }) + '\n',
);
