// bench/format: read and write throughput and peak memory of the format on a generated repository.
// Usage: npm run bench:format -- [pages=10000] [runs=3]
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { writeDirectoryFiles } from '../../src/disk/directory-files.ts';
import { parseMarkdown } from '../../src/markdown/index.ts';
import { generateRepository } from './generate-repository.ts';

const pages = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 3);
const directory = fileURLToPath(new URL(`../.out/format-${pages}`, import.meta.url));
const measure = fileURLToPath(new URL('./measure.ts', import.meta.url));

const files = generateRepository(pages);
await writeDirectoryFiles(directory, { files, symlinks: new Map() }, { clean: true });
console.log(`Generated ${pages} pages (${files.size} files) in ${directory}`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const mode of ['read', 'write'] as const) {
  const results = Array.from({ length: runs }, () =>
    JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', measure, mode, directory], { encoding: 'utf8' })),
  );
  const time = median(results.map((result) => result.milliseconds));
  const peak = Math.max(...results.map((result) => result.peakMegabytes));
  const problems = Math.max(...results.map((result) => result.problems));
  console.log(
    `${mode.padEnd(5)} ${(time / 1000).toFixed(2)} s median of ${runs} (${Math.round(pages / (time / 1000))} pages/s), peak RSS ${peak.toFixed(0)} MiB` +
      `${problems ? `, ${problems} ${mode === 'read' ? 'errors' : 'files differ'}` : ''}`,
  );
}

// For scale: what a full Markdown parse of every page would cost (the reader does not do it).
const sample = [...files].filter(([path]) => path.endsWith('.md') && path !== 'SUMMARY.md').slice(0, 300);
const decoder = new TextDecoder();
const started = performance.now();
for (const [, bytes] of sample) parseMarkdown(decoder.decode(bytes));
const perPage = (performance.now() - started) / sample.length;
console.log(`full parse ${perPage.toFixed(2)} ms a page with src/markdown (${((perPage * pages) / 1000).toFixed(1)} s for ${pages} pages, not on the read path)`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`);
