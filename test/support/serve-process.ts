// `quire serve` and other `quire` commands run as a user runs them: child processes of the installed bin.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const quire = fileURLToPath(new URL('../../bin/quire.js', import.meta.url));

export interface Served {
  child: ChildProcessByStdio<null, Readable, Readable>;
  baseUrl: string;
  token: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `quire serve` and waits for its banner; `env` is added to this process's environment when given, and
 * `nodeArgs` go to Node before the script (`--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServe(args: string[], options: { env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<Served> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), quire, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env === undefined ? {} : { env: { ...process.env, ...options.env } }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`quire serve did not start in time:\n${stdout}\n${stderr}`)), 20_000);
    child.stdout.on('data', () => {
      if (stdout.includes('Press Ctrl-C')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`quire serve exited (${code}) before it started:\n${stdout}\n${stderr}`));
    });
  });
  const baseUrl = /base URL\s+(\S+)/.exec(stdout)![1]!;
  const token = /token\s+(quire_\S+)/.exec(stdout)![1]!;
  return { child, baseUrl, token, stdout: () => stdout, stderr: () => stderr, exited };
}

/** A `quire` child process as it runs: its output so far, and its end. */
export interface QuireChild {
  child: ChildProcessByStdio<null, Readable, Readable>;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `quire args` and returns at once (a test that kills it mid-run watches its output); `cwd` and `env`
 * (added to this process's environment; `undefined` removes a variable) when given.
 *
 * @example
 * const sync = spawnQuire(['sync', '--dir', repo.dir]);
 * sync.child.stderr.on('data', () => { if (sync.stderr().includes('planning')) sync.child.kill('SIGKILL'); });
 */
export function spawnQuire(args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}): QuireChild {
  const child = spawn(process.execPath, [quire, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: { ...process.env, ...options.env } }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs `quire args` to its end; `cwd` and `env` (added to this process's environment; `undefined` removes a variable) when given. */
export async function runQuire(args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = spawnQuire(args, options);
  const { code } = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}
