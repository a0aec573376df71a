/**
 * bench/sync/long-history: sync on a repository with a long history and a large pack (issue 17), the Action's
 * way: `quire serve` in its own process, and each `quire sync` in a fresh process, timed with its peak RSS by
 * /usr/bin/time, on a fresh clone (no .git/quire cache, as actions/checkout with fetch-depth 0 leaves it) and on
 * a warm checkout synced before: a one-page commit, a structural commit (a page moved into a new folder,
 * SUMMARY.md updated), and a sync with nothing new. The server's peak RSS is reported at the end.
 *
 *   npm run build && npm run bench:sync-history [-- runs]       default: 3 runs of each case
 *   QUIRE_GIT_BACKEND=isomorphic npm run bench:sync-history     the reader before issue 17 (whole pack per process)
 *   BENCH_CPU_PROF=<folder> npm run bench:sync-history          also a CPU profile of each sync, a folder per case
 *
 * The repository (long-history-repository.ts) is built once, into bench/.out/long-history (about 2 minutes).
 * Uses the built CLI (bin/quire.js → dist/quire.cjs), as the Action runs its bundle.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchGit, benchGitEnv, defaultLongHistoryShape, longHistoryRepository, packBytes } from './long-history-repository.ts';

const runs = Number(process.argv[2] ?? 3);
const root = resolve(import.meta.dirname, '../..');
const quire = join(root, 'bin/quire.js');
const backend = process.env['QUIRE_GIT_BACKEND'] ?? 'auto';
const profiles = process.env['BENCH_CPU_PROF'];
/** The case being measured, for the profile folder. */
let currentCase = 'initial';

interface Measure {
  seconds: number;
  peakMiB: number;
}

/** Runs `args` under /usr/bin/time: wall-clock seconds and peak RSS. */
function timed(args: readonly string[], cwd: string): Measure {
  const report = join(work, 'time.txt');
  try {
    execFileSync('/usr/bin/time', ['-f', '%e %M', '-o', report, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...benchGitEnv(cwd), QUIRE_GIT_BACKEND: process.env['QUIRE_GIT_BACKEND'] ?? '' } });
  } catch (error) {
    throw new Error(`${args.join(' ')} failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  const [seconds, kib] = readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  return { seconds: seconds!, peakMiB: Math.round(kib! / 1024) };
}

const work = mkdtempSync(join(tmpdir(), 'quire-bench-history-'));
const origin = await longHistoryRepository(join(root, 'bench/.out/long-history'), defaultLongHistoryShape);
const data = join(work, 'service');
const server = spawn(process.execPath, [quire, 'serve', '--data', data, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
/** The server's peak RSS so far (VmHWM), read before it is stopped. */
const serverPeakMiB = (): number => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024);
try {
  const baseUrl = await new Promise<string>((found, failed) => {
    let text = '';
    server.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /base URL\s+(\S+)/.exec(text);
      if (match) found(match[1]!);
    });
    server.on('exit', () => failed(new Error(`quire serve exited: ${text}`)));
  });
  const token = readFileSync(join(data, 'admin-token'), 'utf8').trim();
  const api = ['--api', baseUrl, '--token', token];
  const space = (JSON.parse(execFileSync(process.execPath, [quire, 'spaces', 'create', '--title', 'Long history', '--json', ...api], { encoding: 'utf8' })) as { id: string }).id;
  const profiled = (): string[] => (profiles === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${join(resolve(profiles), currentCase.replaceAll(/[^a-z]+/g, '-'))}`]);
  const sync = (dir: string): Measure => timed([process.execPath, ...profiled(), quire, 'sync', '--dir', dir, ...api, '--space', space, '--direction', 'git-to-space', '--branch', 'main'], dir);

  // A bare copy to push to (the cached repository stays as built), an editor clone that makes the commits.
  const remote = join(work, 'origin.git');
  benchGit(work, ['clone', '--quiet', '--bare', origin, remote]);
  const editor = join(work, 'editor');
  benchGit(work, ['clone', '--quiet', remote, editor]);
  const warm = join(work, 'warm');
  benchGit(work, ['clone', '--quiet', remote, warm]);
  const pages = benchGit(editor, ['ls-files', '*/page-*.md']).trim().split('\n');

  let commits = 0;
  const onePage = (): void => {
    const page = join(editor, pages[(commits * 97) % pages.length]!);
    appendFileSync(page, `\nOne more line (${commits}).\n`);
    benchGit(editor, ['commit', '-q', '-am', `Edit one page (${commits++})`]);
    benchGit(editor, ['push', '-q', 'origin', 'main']);
  };
  const structural = (): void => {
    const from = pages[(commits * 89) % pages.length]!;
    const to = `${from.slice(0, from.lastIndexOf('/'))}/bench-moved-${commits}/${from.slice(from.lastIndexOf('/') + 1)}`;
    execFileSync('mkdir', ['-p', join(editor, to, '..')]);
    benchGit(editor, ['mv', from, to]);
    const summary = join(editor, 'SUMMARY.md');
    writeFileSync(summary, readFileSync(summary, 'utf8').replace(`(${from})`, `(${to})`));
    pages[pages.indexOf(from)] = to;
    benchGit(editor, ['commit', '-q', '-am', `Move ${from} (${commits++})`]);
    benchGit(editor, ['push', '-q', 'origin', 'main']);
  };
  const fresh = (): Measure => {
    const dir = join(work, `fresh-${commits}-${Math.random().toString(36).slice(2)}`);
    benchGit(work, ['clone', '--quiet', remote, dir]);
    try {
      return sync(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const warmSync = (): Measure => {
    benchGit(warm, ['pull', '--quiet', '--ff-only']);
    return sync(warm);
  };

  const rows: Record<string, string | number> = { backend, pack: `${Math.round(packBytes(origin) / 1e6)} MB`, commits: Number(benchGit(origin, ['rev-list', '--count', 'main']).trim()), loadavg: loadavg()[0]!.toFixed(2) };
  const initial = sync(warm);
  rows['initial sync (warm checkout)'] = `${initial.seconds} s, ${initial.peakMiB} MiB`;
  const cases: Array<[string, (() => void) | undefined, () => Measure]> = [
    ['one page, fresh clone', onePage, fresh],
    ['one page, warm checkout', onePage, warmSync],
    ['structural, fresh clone', structural, fresh],
    ['structural, warm checkout', structural, warmSync],
    ['no-op, fresh clone', undefined, fresh],
    ['no-op, warm checkout', undefined, warmSync],
  ];
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, change, run] of cases) {
    currentCase = name;
    const measures: Measure[] = [];
    for (let index = 0; index < runs; index++) {
      change?.();
      measures.push(run());
    }
    rows[name] = `${median(measures.map((measure) => measure.seconds))} s (max ${Math.max(...measures.map((measure) => measure.seconds))}), ${Math.max(...measures.map((measure) => measure.peakMiB))} MiB`;
    process.stderr.write(`${name}: ${rows[name]}\n`);
  }
  rows['server peak RSS'] = `${serverPeakMiB()} MiB`;
  rows['loadavg after'] = loadavg()[0]!.toFixed(2);
  process.stdout.write(`${JSON.stringify(rows)}\n`);
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
