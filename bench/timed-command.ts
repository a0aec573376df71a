// A command run as a bench times it: under GNU time, with its CPU time and peak RSS, and when each line of its
// stderr arrived.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One timed run of a command. */
export interface TimedCommand {
  seconds: number;
  cpuSeconds: number;
  peakMegabytes: number;
  code: number | null;
  stdout: string;
  stderr: string;
  /** When each line of stderr arrived, in seconds after the start. */
  stderrLines: Array<{ at: number; line: string }>;
}

/**
 * Runs a command under GNU time (its figures in a file, so stderr stays the command's own), timing its stderr lines.
 * The file system's pending work is flushed first (`sync`, untimed): on issue 17's machine's ext4, creating the 1,000
 * folders and files of an export cost 60 µs a call on a settled disk and up to 600 µs while it still wrote back
 * what came before (the previous run's deletion, the site and Hugo project just generated), which one tool or the
 * other would otherwise pay depending on the order they run in.
 *
 * @example
 * const run = await timedCommand('/usr/bin/hugo', ['--quiet', '--source', project]); // → { seconds: 0.7, cpuSeconds: 1.1, peakMegabytes: 162, code: 0, … }
 */
export function timedCommand(command: string, commandArgs: string[]): Promise<TimedCommand> {
  spawnSync('sync');
  const figures = join(tmpdir(), `quire-bench-time-${process.pid}.txt`);
  const started = performance.now();
  const child = spawn('/usr/bin/time', ['-o', figures, '-f', '%e %U %S %M', command, ...commandArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const stderrLines: TimedCommand['stderrLines'] = [];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    const at = (performance.now() - started) / 1000;
    stderr += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line.trim() !== '') stderrLines.push({ at, line });
  });
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      try {
        const [seconds, user, system, kilobytes] = readFileSync(figures, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
        rmSync(figures, { force: true });
        resolve({ seconds: seconds!, cpuSeconds: user! + system!, peakMegabytes: kilobytes! / 1024, code, stdout, stderr, stderrLines });
      } catch (error) {
        reject(error);
      }
    }),
  );
}
