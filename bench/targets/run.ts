// Issue 17's benchmarks, one round: each in its own process, one after the other, after a quiet pause (so that one
// benchmark's leftover work, a server exiting or the page cache writing back, does not fall on the next), then
// every target judged on the figures they printed (judge-targets.ts) and given as a Markdown table, with the
// machine, the date and the commit. The issue asks for each run twice on a quiet machine: run this twice.
//
//   npm run bench:targets -- [--quiet=30] [--export-rounds=15,5] [--import-runs=3] [--only=export,families,history,service,import,sync] [--out=DIR]
//
// Each benchmark's standard output and error are kept in DIR (default bench/.out/targets/<date>T<time>), with
// summary.md (the table) and figures.json. The exit code is 1 when a benchmark failed or printed no figure it
// should (its targets are then "not measured"); targets not met do not fail the run: it measures.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { exportSizes, judgeTargets, syncPages, targetTable, type RoundFigures } from './judge-targets.ts';
import { readActionSyncFigures, readExportFigures, readFamilyFigures, readHistoryFigures, readImportFigures, readServiceFigures } from './read-figures.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quietSeconds = Number(flag('quiet') ?? 30);
if (!Number.isFinite(quietSeconds) || quietSeconds < 0) usage(`--quiet must be a number of seconds, got ${flag('quiet')}`);
/**
 * The export's rounds against Hugo at each size (run-mixed.ts `--rounds`), one number for both or one each: 5 rounds
 * can show "faster" only if all 5 are, 15 need 12. The 1,000 pages get 15: their rounds are a few seconds each, and
 * the export and Hugo are within a tenth of each other there, where 5 rounds of this machine's noise (0.86 to 1.14×
 * within one run) cannot tell them apart. The 10,000 pages take 20 s a round and are twice as fast as Hugo.
 */
const exportRounds = (flag('export-rounds') ?? '15,5').split(',').map(Number);
if (exportRounds.some((rounds) => !Number.isInteger(rounds) || rounds < 1) || (exportRounds.length !== 1 && exportRounds.length !== exportSizes.length)) {
  usage(`--export-rounds must be a whole number from 1, or ${exportSizes.length} of them separated by commas (one for each of ${exportSizes.join(' and ')} pages), got ${flag('export-rounds')}`);
}
/** The initial imports whose median time is judged (initial-import.ts `--runs`): one run moved from 3.9 to 5.6 s with the machine's slow spells. */
const importRuns = Number(flag('import-runs') ?? 3);
if (!Number.isInteger(importRuns) || importRuns < 1) usage(`--import-runs must be a whole number from 1, got ${flag('import-runs')}`);

/** The benchmarks, in the order they run, each with what it sets in the round's figures. */
const benches = [
  // One run of run-mixed.ts a size, so that each has its own rounds; `--only=export` runs both.
  ...exportSizes.map((pages, index) => ({
    name: 'export',
    file: `export-${pages}`,
    script: 'bench/export/run-mixed.ts',
    args: [String(pages), `--rounds=${exportRounds[index] ?? exportRounds[0]}`],
    read: (out: string, round: RoundFigures) => void (round.export = [...(round.export ?? []), ...readExportFigures(out)]),
  })),
  { name: 'families', file: 'families', script: 'bench/render/families.ts', args: [], read: (out: string, round: RoundFigures) => void (round.families = readFamilyFigures(out)) },
  { name: 'history', file: 'history', script: 'bench/sync/long-history.ts', args: ['3'], read: (out: string, round: RoundFigures) => void (round.history = readHistoryFigures(out)) },
  { name: 'service', file: 'service', script: 'bench/service/run.ts', args: [], read: (out: string, round: RoundFigures) => void (round.service = readServiceFigures(out)) },
  { name: 'import', file: 'import', script: 'bench/sync/initial-import.ts', args: [String(syncPages), `--runs=${importRuns}`], read: (out: string, round: RoundFigures) => void (round.import = readImportFigures(out)) },
  { name: 'sync', file: 'sync', script: 'bench/sync/run.ts', args: [String(syncPages)], read: (out: string, round: RoundFigures) => void (round.actionSync = readActionSyncFigures(out, syncPages)) },
];

const only = flag('only')?.split(',');
const unknown = only?.filter((name) => !benches.some((bench) => bench.name === name)) ?? [];
if (unknown.length > 0) usage(`--only names no benchmark: ${unknown.join(', ')} (choose among ${[...new Set(benches.map((bench) => bench.name))].join(', ')})`);
const chosen = benches.filter((bench) => only === undefined || only.includes(bench.name));

const started = new Date();
const out = flag('out') ?? join(root, 'bench/.out/targets', started.toISOString().slice(0, 19).replaceAll(':', ''));
mkdirSync(out, { recursive: true });
const commit = git(['rev-parse', '--short', 'HEAD']) + (git(['status', '--porcelain', '--untracked-files=no']) === '' ? '' : ' (with uncommitted changes)');
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
log(`issue 17's benchmarks on ${machine}, commit ${commit}; output in ${out}`);

// The service benchmark runs `quire serve` from dist/ only when it is current; the export's builds it too.
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) throw new Error(`npm run build failed (exit code ${build.status})`);

const round: RoundFigures = {};
const ran: Array<{ name: string; seconds: number; exitCode: number | null; loadBefore: string; problem?: string }> = [];
for (const bench of chosen) {
  await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
  const loadBefore = loadavg().map((load) => load.toFixed(2)).join(' ');
  log(`${bench.file}: ${[bench.script, ...bench.args].join(' ')} (load average ${loadBefore})`);
  const began = performance.now();
  const exitCode = await runBench(bench.script, bench.args, join(out, `${bench.file}.txt`), join(out, `${bench.file}.err`));
  const seconds = Math.round((performance.now() - began) / 1000);
  const record: (typeof ran)[number] = { name: bench.file, seconds, exitCode, loadBefore };
  try {
    if (exitCode !== 0) throw new Error(`exited with code ${exitCode} (see ${bench.file}.err)`);
    bench.read(readFileSync(join(out, `${bench.file}.txt`), 'utf8'), round);
  } catch (error) {
    record.problem = error instanceof Error ? error.message : String(error);
  }
  ran.push(record);
  log(`${bench.file}: ${seconds} s${record.problem === undefined ? '' : `, ${record.problem}`}`);
}

const table = targetTable(judgeTargets(round));
const summary = [
  `Issue 17's targets, one round: ${machine}; commit ${commit}; ${started.toISOString()} to ${new Date().toISOString()}; ${quietSeconds} s of quiet before each benchmark.`,
  '',
  ...ran.map((bench) => `- ${bench.name}: ${bench.seconds} s, load average before ${bench.loadBefore}${bench.problem === undefined ? '' : `; **${bench.problem}**`}`),
  '',
  table,
  '',
].join('\n');
writeFileSync(join(out, 'summary.md'), summary);
writeFileSync(join(out, 'figures.json'), `${JSON.stringify({ machine, commit, started: started.toISOString(), quietSeconds, benches: ran, figures: round }, null, 1)}\n`);
process.stdout.write(summary);
if (ran.some((bench) => bench.problem !== undefined)) process.exitCode = 1;

/** Runs one benchmark script through tsx in its own process, its output into two files; its exit code. */
async function runBench(script: string, scriptArgs: readonly string[], stdoutPath: string, stderrPath: string): Promise<number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...scriptArgs], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  // Both files are complete once their pipelines end, which may be after the process's exit.
  await Promise.all([pipeline(child.stdout, createWriteStream(stdoutPath)), pipeline(child.stderr, createWriteStream(stderrPath))]);
  return exited;
}

function git(gitArgs: string[]): string {
  const result = spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'unknown';
}

/** A bad argument: said on one line, exit code 2. */
function usage(message: string): never {
  process.stderr.write(`bench:targets: ${message}\nUsage: npm run bench:targets -- [--quiet=30] [--export-rounds=15,5] [--import-runs=3] [--only=export,families,history,service,import,sync] [--out=DIR]\n`);
  process.exit(2);
}

function log(message: string): void {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}
