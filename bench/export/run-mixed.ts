// bench/export, mixed real-style content (issue 17): a generated site of N pages over three spaces whose pages use
// every block family of FORMAT.md (bench/export/generate-mixed-site.ts), timed as users run it, each run a whole
// child process under GNU time (wall, CPU, peak RSS):
//   a) `quire export --site` against a `quire serve` child process that already holds the content (loaded as users
//      load it, untimed: a Git repository of the spaces, `quire spaces create` + `quire sync --direction
//      git-to-space` per space, `quire sites create` with one section per space, `quire sites publish`; then the
//      bench waits until the server is idle, since it indexes and links the new pages after each merge); the CPU
//      the server spends answering the export is read from /proc and reported next to the client's;
//   b) `quire build` from the directory;
//   c) Hugo (/usr/bin/hugo) on the same pages as plain Markdown/HTML: the peer the targets judge the export against;
//   d) the same Hugo project writing the site's search data too (every page's plain text, as Hugo's documentation
//      themes write it for their in-browser search: bench/export/hugo-project.ts), reported for comparison only:
//      Quire's export writes a search index, which (c) has no counterpart for.
// `quire export` and `quire build` each run first as a command's first run after the bundle was built (from the
// build's code cache of the bundle's top level, compiling what the command calls: bin/load-bundle.js), reported
// apart; then once more, untimed, as the run that saves the command's cache; then as every later run, from the
// command's cache, in rounds (`--rounds`,
// default 5): export, build, Hugo, Hugo with search data, export, … so that a slow spell of the machine (Hugo alone
// took 0.87 to 1.45 s on the same pages within an hour) falls on all of them. The rows give each tool's median
// round; the ratios of each round are printed too.
// Each round writes into the folder the tool wrote in the round before, as users rebuild a site: Quire writes over
// its previous files in place (src/disk/overwrite-file.ts), Hugo empties each file before writing it. The first-run
// rows write into a new folder.
// The caches are the bench's own (QUIRE_CACHE_DIR under bench/.out/mixed-<N>), removed with it before each size.
// The first runs' output stays until then: deleting 10,000 files just before the next run made that run's kernel
// time several seconds longer on this machine's ext4 (the run after a large deletion pays for it, `sync` or not).
// Quire is timed as installed (bench/installed-quire.ts: what `npm pack` ships, unpacked into bench/.out/installed),
// not from the checkout, whose bin/quire.js first stats every file under src/ (21 ms of each start), which users'
// installs never do; the service is loaded with the checkout's (untimed).
// Usage: npm run bench:export-mixed -- [pages...] [--rounds=N] [--profile]   (default: 1000 10000, 5 rounds). It runs `npm run build`
// first: the installed package is packed from dist/, and bin/quire.js runs the TypeScript sources through tsx when
// dist/ is older than src/, which is not what users run.
// --profile runs `quire serve`, and `quire export` and `quire build` of the first round, with `--cpu-prof`, profiles in
// bench/.out/mixed-<N>/profiles.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDirectoryFiles } from '../../src/disk/directory-files.ts';
import { runQuire, startServe } from '../../test/support/serve-process.ts';
import { generateMixedSite } from './generate-mixed-site.ts';
import { hugoMixedProject } from './hugo-mixed-project.ts';
import { processCpuSeconds, processMemory, settled } from '../process-readings.ts';
import { folderSize } from './folder-size.ts';
import { installQuire } from '../installed-quire.ts';
import { timedCommand } from '../timed-command.ts';
import { fasterRounds } from '../targets/judge-targets.ts';
import { writeSiteRepository } from './site-repository.ts';

const args = process.argv.slice(2);
const profile = args.includes('--profile');
const sizes = args.map(Number).filter((value) => value > 0);
/**
 * `--rounds=N`: timed runs of each tool, taken in turn; the report gives the median round. Five by default: with
 * three, the export's ratio to Hugo ranged from 0.89 to 1.34 between the rounds of one run (issue 17, BENCHMARKS.md).
 */
const rounds = Math.max(1, Number(args.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 5) || 5);
const out = fileURLToPath(new URL('../.out/', import.meta.url));
const hugoBin = '/usr/bin/hugo';
const siteTitle = 'Mixed handbook';

async function folderMegabytes(folder: string): Promise<{ megabytes: number; files: number }> {
  const { bytes, files } = await folderSize(folder);
  return { megabytes: bytes / 1e6, files };
}

async function quire(commandArgs: string[], env?: Record<string, string>): Promise<string> {
  const run = await runQuire(commandArgs, env === undefined ? {} : { env });
  if (run.code !== 0) throw new Error(`quire ${commandArgs.join(' ')} exited ${run.code}:\n${run.stderr.slice(0, 2000)}\n${run.stdout.slice(0, 2000)}`);
  return run.stdout;
}

interface Row {
  tool: string;
  seconds: number;
  cpuSeconds: number;
  peakMegabytes: number;
  megabytes: number;
  files: number;
  note: string;
}

function printRow(row: Row, pages: number, hugo?: Row): void {
  const ratio = hugo && row !== hugo ? `  ${(row.seconds / hugo.seconds).toFixed(1)}× Hugo's wall, ${(row.cpuSeconds / hugo.cpuSeconds).toFixed(1)}× its CPU` : '';
  console.log(
    `  ${row.tool.padEnd(22)} ${row.seconds.toFixed(2).padStart(7)} s  cpu ${row.cpuSeconds.toFixed(2).padStart(6)} s  peak ${row.peakMegabytes.toFixed(0).padStart(4)} MiB  ${(pages / row.seconds).toFixed(0).padStart(5)} pages/s  ${row.megabytes.toFixed(1)} MB in ${row.files} files${ratio}\n      ${row.note}`,
  );
}

async function runSize(pages: number): Promise<void> {
  const base = join(out, `mixed-${pages}`);
  const profiles = join(base, 'profiles');
  await rm(base, { recursive: true, force: true });
  await mkdir(profiles, { recursive: true });
  // Every quire child process inherits it: the export's and the build's first runs find no cache.
  process.env['QUIRE_CACHE_DIR'] = join(base, 'code-cache');
  // Node 20 does not take --cpu-prof in NODE_OPTIONS: it goes before the script.
  const profiled = (name: string): string[] => (profile ? ['--cpu-prof', `--cpu-prof-dir=${join(profiles, name)}`] : []);

  const spaces = generateMixedSite(pages);
  const site = join(base, 'site');
  await writeSiteRepository(site, spaces);
  const hugoProjectFolder = join(base, 'hugo-project');
  await writeDirectoryFiles(hugoProjectFolder, { files: hugoMixedProject(spaces, siteTitle), symlinks: new Map() }, { clean: true });
  const hugoSearchProjectFolder = join(base, 'hugo-search-project');
  await writeDirectoryFiles(hugoSearchProjectFolder, { files: hugoMixedProject(spaces, siteTitle, { search: true }), symlinks: new Map() }, { clean: true });
  console.log(`\n${pages.toLocaleString('en-US')} pages: ${spaces.map((space) => `${space.folder} ${space.pages}`).join(', ')} (${site})`);

  // a) The service, loaded as users load it (untimed). It stays up, idle, through every round.
  const loading = performance.now();
  const served = await startServe(['--data', join(base, 'service')], { nodeArgs: profiled('serve') });
  const api = ['--api', new URL(served.baseUrl).origin, '--token', served.token];
  const firstRows: Row[] = [];
  const exportRows: Row[] = [];
  const buildRows: Row[] = [];
  const hugoRows: Row[] = [];
  const hugoSearchRows: Row[] = [];
  try {
    const spaceIds: string[] = [];
    for (const space of spaces) {
      const id = (JSON.parse(await quire(['spaces', 'create', '--title', space.title, '--json', ...api])) as { id: string }).id;
      await quire(['sync', '--dir', join(site, space.folder), '--space', id, '--direction', 'git-to-space', ...api]);
      spaceIds.push(id);
    }
    const siteId = (JSON.parse(await quire(['sites', 'create', '--title', siteTitle, ...spaceIds.flatMap((id) => ['--space', id]), '--json', ...api])) as { id: string }).id;
    await quire(['sites', 'publish', siteId, ...api]);
    console.log(`  loaded into quire serve (pid ${served.child.pid}) in ${((performance.now() - loading) / 1000).toFixed(1)} s, untimed; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    console.log(`  server idle (search index and links of the new pages done) ${(await settled(served.child.pid!)).toFixed(1)} s later`);

    // Each command's first run after the build (reported apart), then the rounds: export, build, Hugo, one after
    // the other, so that a slow minute of the machine falls on all three.
    const firstTarget = join(base, 'quire-export-first');
    const first = await timedCommand(process.execPath, [quireBin, 'export', '--site', siteId, '--out', firstTarget, '--json', ...api]);
    if (first.code !== 0) throw new Error(`quire export exited ${first.code}: ${first.stderr.slice(0, 2000)}`);
    firstRows.push({ tool: 'quire export, 1st run', ...first, ...(await folderMegabytes(firstTarget)), note: "the command's first run: from the build's code cache of the bundle's top level; the second run saves the command's (bin/load-bundle.js)" });
    const firstBuildTarget = join(base, 'quire-build-first');
    const firstBuild = await timedCommand(process.execPath, [quireBin, 'build', site, '--out', firstBuildTarget, '--title', siteTitle, '--json']);
    if (firstBuild.code !== 0) throw new Error(`quire build exited ${firstBuild.code}: ${firstBuild.stderr.slice(0, 2000)}`);
    firstRows.push({ tool: 'quire build, 1st run', ...firstBuild, ...(await folderMegabytes(firstBuildTarget)), note: "the command's first run" });
    // The second runs save each command's code cache (bin/load-bundle.js), untimed: the rounds are the runs after.
    for (const args of [['export', '--site', siteId, '--out', firstTarget, ...api], ['build', site, '--out', firstBuildTarget, '--title', siteTitle]]) {
      const second = await timedCommand(process.execPath, [quireBin, ...args, '--json']);
      if (second.code !== 0) throw new Error(`quire ${args[0]} exited ${second.code}: ${second.stderr.slice(0, 2000)}`);
    }

    for (let round = 1; round <= rounds; round++) {
      // Profiles of the first round only.
      const profiling = round === 1 ? profiled : () => [];
      exportRows.push(await exportRun(siteId, api, served.child.pid!, join(base, 'quire-export'), profiling('export')));
      buildRows.push(await buildRun(site, join(base, 'quire-build'), profiling('build')));
      if (existsSync(hugoBin)) {
        hugoRows.push(await hugoRun(hugoProjectFolder, join(base, 'hugo')));
        hugoSearchRows.push(await hugoRun(hugoSearchProjectFolder, join(base, 'hugo-search'), true));
      }
    }
  } finally {
    served.child.kill('SIGINT');
    await served.exited;
  }
  if (hugoRows.length === 0) console.log('  hugo: skipped, /usr/bin/hugo is not installed');

  const exportRow = medianRow(exportRows);
  const buildRow = medianRow(buildRows);
  const hugoRow = hugoRows.length > 0 ? medianRow(hugoRows) : undefined;
  const hugoSearchRow = hugoSearchRows.length > 0 ? medianRow(hugoSearchRows) : undefined;
  if (rounds > 1) {
    console.log(`  ${rounds} rounds, each export, build, Hugo, Hugo with search data in turn; the rows give the median round of each (by wall time):`);
    for (const [name, rows] of [['quire export', exportRows], ['quire build', buildRows], ['hugo', hugoRows], ['hugo, search', hugoSearchRows]] as const) {
      if (rows.length > 0) console.log(`    ${name.padEnd(13)} ${rows.map((row) => row.seconds.toFixed(2)).join(' ')} s`);
    }
    if (hugoRows.length > 0) {
      // The judgement bench/targets makes of these rounds (judge-targets.ts).
      printRoundRatios('Hugo', exportRows, hugoRows);
      // For comparison only: bench/targets judges against plain Hugo (the line above).
      printRoundRatios('Hugo with search data', exportRows, hugoSearchRows);
    }
  }
  for (const row of [exportRow, buildRow, ...(hugoRow ? [hugoRow] : []), ...(hugoSearchRow ? [hugoSearchRow] : []), ...firstRows]) printRow(row, pages, hugoRow);
  console.log(`  load average after the runs ${loadavg().map((value) => value.toFixed(2)).join(' ')}${profile ? `; CPU profiles in ${profiles}` : ''}`);
}

/** One timed `quire export --site` against the running server, with the CPU the server spent answering it. */
async function exportRun(siteId: string, api: string[], serverPid: number, target: string, nodeArgs: string[]): Promise<Row> {
  const serverCpu = processCpuSeconds(serverPid);
  const run = await timedCommand(process.execPath, [...nodeArgs, quireBin, 'export', '--site', siteId, '--out', target, '--json', ...api]);
  const serverCpuSeconds = processCpuSeconds(serverPid) - serverCpu;
  if (run.code !== 0) throw new Error(`quire export exited ${run.code}: ${run.stderr.slice(0, 2000)}`);
  const summary = JSON.parse(run.stdout) as { pages: number; milliseconds: number; brokenLinks: unknown[]; warnings: string[] };
  const reading = run.stderrLines.find((entry) => entry.line.startsWith('Reading site'))?.at ?? 0;
  const exportSeconds = summary.milliseconds / 1000;
  const server = processMemory(serverPid);
  return {
    tool: 'quire export --site',
    ...run,
    ...(await folderMegabytes(target)),
    note:
      `start ${reading.toFixed(2)} s, fetch through the API and exit ${(run.seconds - reading - exportSeconds).toFixed(2)} s, exportSite ${exportSeconds.toFixed(2)} s = ${(summary.pages / exportSeconds).toFixed(0)} pages/s steady; ` +
      `server: ${serverCpuSeconds.toFixed(2)} s CPU answering, RSS ${server.now.toFixed(0)} MiB (peak since start, sync included, ${server.peak.toFixed(0)} MiB); ${summary.pages} pages, ${summary.brokenLinks.length} broken links, ${summary.warnings.length} warnings`,
  };
}

/** One timed `quire build` of the directory. */
async function buildRun(site: string, target: string, nodeArgs: string[]): Promise<Row> {
  const build = await timedCommand(process.execPath, [...nodeArgs, quireBin, 'build', site, '--out', target, '--title', siteTitle, '--json']);
  if (build.code !== 0) throw new Error(`quire build exited ${build.code}: ${build.stderr.slice(0, 2000)}`);
  const built = JSON.parse(build.stdout) as { pages: number; milliseconds: number; brokenLinks: unknown[]; warnings: string[] };
  return {
    tool: 'quire build <dir>',
    ...build,
    ...(await folderMegabytes(target)),
    note: `reading the directory and start ${(build.seconds - built.milliseconds / 1000).toFixed(2)} s, exportSite ${(built.milliseconds / 1000).toFixed(2)} s = ${(built.pages / (built.milliseconds / 1000)).toFixed(0)} pages/s steady; ${built.pages} pages, ${built.brokenLinks.length} broken links, ${built.warnings.length} warnings`,
  };
}

/** One timed Hugo build of the same pages. */
async function hugoRun(project: string, target: string, search = false): Promise<Row> {
  const hugo = await timedCommand(hugoBin, ['--quiet', '--source', project, '--destination', target]);
  if (hugo.code !== 0) throw new Error(`hugo exited ${hugo.code}: ${hugo.stderr.slice(0, 2000)}`);
  const note = 'plain Markdown/HTML equivalents of the blocks, one shared nav.js';
  if (!search) return { tool: 'hugo', ...hugo, ...(await folderMegabytes(target)), note };
  return { tool: 'hugo, search data', ...hugo, ...(await folderMegabytes(target)), note: `${note}, and search-data.json (every page's plain text), for comparison only` };
}

/** Each round's export ÷ `peer`, their median, and in how many rounds the export was faster, with the sign test's p. */
function printRoundRatios(peer: string, exportRows: Row[], peerRows: Row[]): void {
  const ratios = exportRows.map((row, index) => row.seconds / peerRows[index]!.seconds);
  const { faster, p } = fasterRounds(ratios);
  console.log(
    `    export ÷ ${peer} in each round: ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')} (median ${median(ratios).toFixed(2)}); faster in ${faster} of ${ratios.length}, one-sided sign test p = ${p.toFixed(3)}`,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Node's own start on this machine (`node -e 0`, median of 11 runs), which every `quire` command pays before its code
 * runs and Hugo does not: it differs between machines, and with NODE_EXTRA_CA_CERTS set Node 20 also builds its whole
 * root certificate store then (70 ms more on issue 17's Intel machine), so it is given without the variable too.
 */
function nodeStartLine(): string {
  const startMs = (env: NodeJS.ProcessEnv) => {
    const times = Array.from({ length: 11 }, () => {
      const start = performance.now();
      spawnSync(process.execPath, ['-e', '0'], { env });
      return performance.now() - start;
    });
    return median(times).toFixed(0);
  };
  const { NODE_EXTRA_CA_CERTS: extraCerts, ...withoutCerts } = process.env;
  if (extraCerts === undefined) return `node start: ${startMs(process.env)} ms (node -e 0, median of 11)`;
  return `node start: ${startMs(process.env)} ms (node -e 0, median of 11) with NODE_EXTRA_CA_CERTS set as it is here, ${startMs(withoutCerts)} ms without it`;
}

/** The run of median wall time (the upper one of an even count). */
function medianRow(rows: Row[]): Row {
  return [...rows].sort((a, b) => a.seconds - b.seconds)[Math.floor(rows.length / 2)]!;
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr}`);
/** The timed `quire`: the package as installed, packed from the build just made. */
const quireBin = installQuire(join(out, 'installed'));
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}; quire installed from the bundle just built, at ${quireBin}`);
console.log(nodeStartLine());
for (const pages of sizes.length ? sizes : [1000, 10_000]) await runSize(pages);
