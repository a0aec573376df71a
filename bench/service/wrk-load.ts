import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { LoadResult } from './load.ts';

const run = promisify(execFile);

/** Whether `wrk` is on the PATH (`apt-get install -y wrk`). */
export async function wrkAvailable(): Promise<boolean> {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk prints its version and usage, then exits 1: present. ENOENT: absent.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Sends GET `path` with wrk (one thread, `connections` keep-alive connections, `--latency`) for `seconds`: a
 * load generator in C, so that on a small machine the load costs the server less CPU than undici in Node would.
 *
 * @example
 * const result = await wrkLoad('http://127.0.0.1:8787', '/v1/spaces/x/content/page/y', { token, seconds: 10, connections: 16 });
 */
export async function wrkLoad(origin: string, path: string, options: { token: string; seconds: number; connections: number }): Promise<LoadResult> {
  const { stdout } = await run('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '--timeout', '10s', '-H', `Authorization: Bearer ${options.token}`, `${origin}${path}`]);
  return parseWrkOutput(stdout);
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const unitBytes: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** The figures of wrk's `--latency` report (its 50% and 99% lines, requests, non-2xx answers, bytes read). */
export function parseWrkOutput(output: string): LoadResult {
  const duration = (text: string) => Number.parseFloat(text) * unitMs[/[a-z]+$/.exec(text)![0]]!;
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(output);
    if (match === null) throw new Error(`wrk printed no ${p}% latency:\n${output}`);
    return duration(match[1]!);
  };
  const totals = /(\d+) requests in ([\d.]+\w+), ([\d.]+)(\w+) read/.exec(output);
  if (totals === null) throw new Error(`wrk printed no totals:\n${output}`);
  const requests = Number(totals[1]);
  const seconds = duration(totals[2]!) / 1000;
  const bytes = Number.parseFloat(totals[3]!) * unitBytes[totals[4]!]!;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = non2xx + (socketErrors === null ? 0 : socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0));
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    errors,
    // wrk counts the headers too.
    bytesPerResponse: requests === 0 ? 0 : bytes / requests,
  };
}
