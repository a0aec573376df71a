// One Quire export in a fresh process, so its peak memory is its own (the repository is read with the format
// first, `readMilliseconds`, then exported, `milliseconds`):
// `node --import tsx measure-quire.ts <repository dir> <out dir> <workers>` → one JSON line. run.ts runs it bundled
// (bench/.out/quire-bench/measure-quire.mjs), as the CLI runs.
import { readDirectoryFiles } from '../../src/disk/directory-files.ts';
import { exportSite } from '../../src/export/index.ts';
import { benchSite } from './bench-site.ts';

const [repository, outDir, workers] = process.argv.slice(2) as [string, string, string];
const reading = performance.now();
const { files } = await readDirectoryFiles(repository);
const site = benchSite(files);
const readMilliseconds = performance.now() - reading;
const started = performance.now();
const cpu = process.cpuUsage();
const summary = await exportSite(site, { outDir, workers: workers === 'auto' ? 'auto' : Number(workers) });
const milliseconds = performance.now() - started;
const used = process.cpuUsage(cpu);
process.stdout.write(
  JSON.stringify({ milliseconds, readMilliseconds, cpuMilliseconds: (used.user + used.system) / 1000, pages: summary.pages, bytes: summary.bytes, broken: summary.brokenLinks.length, workers: summary.workers, peakMegabytes: process.resourceUsage().maxRSS / 1024 }) + '\n',
);
