// bench/export: export time, bundle size and peak memory of `exportSite` on generated sites of 1,000 and 10,000
// pages, next to Hugo (with one shared navigation file) and Honkit building the same content in the same run.
// Usage: npx tsx bench/export/run.ts [pages...]   (default: 1000 10000)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleQuire } from '../../scripts/build-cli.ts';
import { writeDirectoryFiles } from '../../src/disk/directory-files.ts';
import { generateRepository } from '../format/generate-repository.ts';
import { folderSize } from './folder-size.ts';
import { hugoProject } from './hugo-project.ts';

const sizes = process.argv.slice(2).map(Number).filter((value) => value > 0);
const out = fileURLToPath(new URL('../.out/', import.meta.url));
const measureSource = fileURLToPath(new URL('./measure-quire.ts', import.meta.url));
const renderWorkerSource = fileURLToPath(new URL('../../src/export/render-worker.ts', import.meta.url));
// Quire is timed bundled, as bin/quire.js runs it (scripts/build-cli.ts), not through tsx's loader.
const measureFolder = join(out, 'quire-bench');
const measure = join(measureFolder, 'measure-quire.mjs');
// Honkit is not a dependency of Quire: the bench installs it on demand into bench/.out/tools (git-ignored).
const tools = fileURLToPath(new URL('../.out/tools', import.meta.url));
const honkitBin = join(tools, 'node_modules/.bin/honkit');
/** How long Honkit may run on one site (DESIGN.md: it does not finish 1,000 pages in an hour here); `QUIRE_BENCH_HONKIT=0` skips it. */
const honkitTimeoutSeconds = Number(process.env.QUIRE_BENCH_HONKIT_TIMEOUT ?? 600);
const hugoBin = '/usr/bin/hugo';

interface Result {
  tool: string;
  seconds: number;
  /** CPU time (user + system, every thread): steadier than wall time on a shared machine. */
  cpuSeconds: number;
  megabytes: number;
  peakMegabytes: number;
  files: number;
  note?: string;
}

/** Average bytes of a page that are not its body (head, header, tabs, sidebar container, footer), over a sample. */
async function chromePerPage(folder: string): Promise<number> {
  const pages = (await readdir(folder, { recursive: true })).filter((path) => path.endsWith('index.html')).slice(0, 300);
  let chrome = 0;
  for (const path of pages) {
    const html = await readFile(join(folder, path), 'utf8');
    const start = html.indexOf('<div class="markdown">');
    const end = html.lastIndexOf('</div>\n<nav class="pagination"');
    chrome += Buffer.byteLength(html) - (start >= 0 && end > start ? Buffer.byteLength(html.slice(start, end)) : 0);
  }
  return chrome / Math.max(1, pages.length);
}


/** Runs a command under GNU time: wall seconds, CPU seconds and peak RSS. */
function timed(command: string, args: string[], cwd?: string, timeoutSeconds?: number): { seconds: number; cpuSeconds: number; peakMegabytes: number; stdout: string; ok: boolean; stderr: string; timedOut: boolean } {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', command, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    ...(timeoutSeconds === undefined ? {} : { timeout: timeoutSeconds * 1000, killSignal: 'SIGKILL' as const }),
  });
  const lines = result.stderr.trim().split('\n');
  const [seconds, user, system, kilobytes] = (lines.at(-1) ?? '0 0 0 0').split(' ').map(Number);
  return {
    seconds: seconds ?? 0,
    cpuSeconds: (user ?? 0) + (system ?? 0),
    peakMegabytes: (kilobytes ?? 0) / 1024,
    stdout: result.stdout,
    ok: result.status === 0,
    stderr: lines.slice(0, -1).join('\n'),
    timedOut: result.error !== undefined && (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT',
  };
}

async function quire(repository: string, pages: number, workers: string): Promise<Result> {
  const target = join(out, `export-${pages}-quire-${workers}`);
  execFileSync('rm', ['-rf', target]);
  // Timed as a whole process, like Hugo and Honkit: Node's start, loading the code, reading the repository, exporting.
  const run = timed(process.execPath, [measure, repository, target, workers]);
  if (!run.ok) throw new Error(`quire export failed: ${run.stderr.slice(0, 500)}`);
  const result = JSON.parse(run.stdout) as { milliseconds: number; readMilliseconds: number; peakMegabytes: number; workers: number; broken: number };
  const size = await folderSize(target);
  const chrome = await chromePerPage(target);
  return {
    tool: `quire (${result.workers ? `+${result.workers} worker thread${result.workers > 1 ? 's' : ''}` : 'one thread'})`,
    seconds: run.seconds,
    cpuSeconds: run.cpuSeconds,
    megabytes: size.bytes / 1e6,
    peakMegabytes: run.peakMegabytes,
    files: size.files,
    note: `exportSite ${(result.milliseconds / 1000).toFixed(2)} s after reading the repository in ${(result.readMilliseconds / 1000).toFixed(2)} s; ${(chrome / 1024).toFixed(1)} KB chrome/page, ${result.broken} broken links`,
  };
}

async function hugo(repository: Map<string, Uint8Array>, pages: number): Promise<Result | string> {
  if (!existsSync(hugoBin)) return 'skipped: /usr/bin/hugo is not installed (apt-get install hugo)';
  const project = join(out, `export-${pages}-hugo-project`);
  const target = join(out, `export-${pages}-hugo`);
  await writeDirectoryFiles(project, { files: hugoProject(repository), symlinks: new Map() }, { clean: true });
  execFileSync('rm', ['-rf', target]);
  const run = timed(hugoBin, ['--quiet', '--source', project, '--destination', target]);
  if (!run.ok) return `failed: ${run.stderr.slice(0, 300)}`;
  const size = await folderSize(target);
  return { tool: 'hugo (shared nav.js)', seconds: run.seconds, cpuSeconds: run.cpuSeconds, megabytes: size.bytes / 1e6, peakMegabytes: run.peakMegabytes, files: size.files };
}

/** Installs Honkit (npm `honkit`) into bench/.out/tools the first time; undefined when the registry is out of reach. */
function installHonkit(): string | undefined {
  if (existsSync(honkitBin)) return undefined;
  const install = spawnSync('npm', ['install', '--prefix', tools, 'honkit@6', '--no-audit', '--no-fund'], { encoding: 'utf8' });
  return install.status === 0 && existsSync(honkitBin) ? undefined : `skipped: could not install honkit into ${tools}: ${install.stderr.slice(0, 200)}`;
}

/**
 * The same content for Honkit, which has no GitBook blocks without plugins: a hint becomes a block quote and an
 * include its text's place is left empty; everything else is the same Markdown, SUMMARY.md included.
 */
function forHonkit(files: ReadonlyMap<string, Uint8Array>): Map<string, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const converted = new Map<string, Uint8Array>();
  for (const [path, bytes] of files) {
    if (!path.endsWith('.md') || path.startsWith('.gitbook/')) {
      if (!path.startsWith('.gitbook/includes/')) converted.set(path, bytes);
      continue;
    }
    const text = decoder
      .decode(bytes)
      .replace(/\{% hint style="[a-z]+" %\}\n([\s\S]*?)\n\{% endhint %\}/g, (_match, body: string) => body.split('\n').map((line) => `> ${line}`).join('\n'))
      .replace(/^\{% include "[^"]*" %\}$/gm, '');
    converted.set(path, encoder.encode(text));
  }
  return converted;
}

async function honkit(files: ReadonlyMap<string, Uint8Array>, pages: number): Promise<Result | string> {
  if (process.env.QUIRE_BENCH_HONKIT === '0') return 'honkit: skipped (QUIRE_BENCH_HONKIT=0)';
  const missing = installHonkit();
  if (missing !== undefined) return missing;
  const repository = join(out, `export-${pages}-honkit-source`);
  await writeDirectoryFiles(repository, { files: forHonkit(files), symlinks: new Map() }, { clean: true });
  const target = join(out, `export-${pages}-honkit`);
  execFileSync('rm', ['-rf', target]);
  const run = timed(honkitBin, ['build', repository, target], undefined, honkitTimeoutSeconds);
  if (run.timedOut) return `honkit: did not finish in ${honkitTimeoutSeconds} s (stopped; QUIRE_BENCH_HONKIT_TIMEOUT sets the limit)`;
  if (!run.ok) return `honkit failed: ${run.stderr.slice(0, 300)}`;
  const size = await folderSize(target);
  return { tool: 'honkit (hints as quotes)', seconds: run.seconds, cpuSeconds: run.cpuSeconds, megabytes: size.bytes / 1e6, peakMegabytes: run.peakMegabytes, files: size.files };
}

await bundleQuire({ 'measure-quire': measureSource, 'render-worker-entry': renderWorkerSource, 'write-worker-entry': fileURLToPath(new URL('../../src/export/write-worker.ts', import.meta.url)) }, measureFolder);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`);
for (const pages of sizes.length ? sizes : [1000, 10_000]) {
  const files = generateRepository(pages);
  const repository = join(out, `export-${pages}-repository`);
  await writeDirectoryFiles(repository, { files, symlinks: new Map() }, { clean: true });
  console.log(`\n${pages.toLocaleString('en-US')} pages (${files.size} files in ${repository}); load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  const results: Array<Result | string> = [await quire(repository, pages, '0'), await quire(repository, pages, '1'), await hugo(files, pages), await honkit(files, pages)];
  const hugoResult = results[2];
  for (const result of results) {
    if (typeof result === 'string') {
      console.log(`  ${result}`);
      continue;
    }
    const perPage = (result.megabytes * 1e6) / pages / 1024;
    const ratio = typeof hugoResult === 'object' && result !== hugoResult ? `  (${(result.seconds / hugoResult.seconds).toFixed(1)}× Hugo's wall time, ${(result.cpuSeconds / hugoResult.cpuSeconds).toFixed(1)}× its CPU time)` : '';
    console.log(
      `  ${result.tool.padEnd(28)} ${result.seconds.toFixed(2).padStart(7)} s (cpu ${result.cpuSeconds.toFixed(2)} s)  ${result.megabytes.toFixed(1).padStart(7)} MB (${perPage.toFixed(1)} KB/page, ${result.files} files)  peak ${result.peakMegabytes.toFixed(0)} MiB${result.note ? `  ${result.note}` : ''}${ratio}`,
    );
  }
}
