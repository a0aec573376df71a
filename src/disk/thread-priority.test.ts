import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentThreadId, lowerOtherThreadsPriority, lowerThreadPriority } from './thread-priority.ts';

const linux = process.platform === 'linux';
const module = fileURLToPath(new URL('./thread-priority.ts', import.meta.url));

/** Runs lowerThreadPriority(10) in a child process (under `nice` when given), and what it and /proc then say. */
function lowerInChild(niceFirst?: number): { returned: unknown; process: number; threads: number[] } {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { lowerThreadPriority } from ${JSON.stringify(module)};
    const returned = lowerThreadPriority(10) ?? null;
    // Field 19 of /proc/<pid>/task/<tid>/stat, after the command's name in parentheses, is the thread's nice value.
    const nice = (stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const threads = readdirSync('/proc/self/task').map((tid) => nice(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8')));
    console.log(JSON.stringify({ returned, process: nice(readFileSync('/proc/self/stat', 'utf8')), threads }));
  `;
  return runInChild(script, niceFirst) as { returned: unknown; process: number; threads: number[] };
}

/** Runs the ES module `script` in a child process (under `nice` when given) and parses the JSON it prints. */
function runInChild(script: string, niceFirst: number | undefined): unknown {
  const command = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script];
  const run = niceFirst === undefined ? spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' }) : spawnSync('nice', ['-n', String(niceFirst), ...command], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

describe.runIf(linux)('lowerThreadPriority (Linux, where each thread has its own nice value)', () => {
  it('lowers the calling thread alone', () => {
    const child = lowerInChild();
    expect(child.returned).toBe(10);
    // /proc/<pid>/stat is the main thread's: the caller here.
    expect(child.process).toBe(10);
    // Node's other threads (V8's platform workers, libuv's) keep the process's niceness.
    expect(child.threads.filter((nice) => nice === 10)).toHaveLength(1);
    expect(child.threads.filter((nice) => nice === 0).length).toBeGreaterThan(1);
  });

  it('never raises a thread that already runs at a lower priority', () => {
    const child = lowerInChild(15);
    expect(child.returned).toBe(15);
    expect(child.threads.every((nice) => nice === 15)).toBe(true);
  });

  it("names the calling thread: one of this process's tasks", () => {
    const id = currentThreadId();
    expect(id).toBeGreaterThan(0);
    expect(existsSync(`/proc/${process.pid}/task/${id}`)).toBe(true);
  });
});

describe.skipIf(linux)('lowerThreadPriority elsewhere', () => {
  it('does nothing where threads share their process priority', () => {
    expect(currentThreadId()).toBeUndefined();
    expect(lowerThreadPriority(10)).toBeUndefined();
  });
});

/** Runs lowerOtherThreadsPriority(10) in a child process (under `nice` when given): what it returned, the caller's and the other threads' nice values. */
function lowerOthersInChild(niceFirst?: number): { returned: number; caller: number; others: number[] } {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { currentThreadId, lowerOtherThreadsPriority } from ${JSON.stringify(module)};
    const returned = lowerOtherThreadsPriority(10);
    const nice = (stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const self = String(currentThreadId());
    const tasks = readdirSync('/proc/self/task');
    const niceOf = (tid) => nice(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8'));
    console.log(JSON.stringify({ returned, caller: niceOf(self), others: tasks.filter((tid) => tid !== self).map(niceOf) }));
  `;
  return runInChild(script, niceFirst) as { returned: number; caller: number; others: number[] };
}

describe.runIf(linux)('lowerOtherThreadsPriority (Linux)', () => {
  it("lowers every other thread of the process (V8's and Node's helpers), not the caller", () => {
    const child = lowerOthersInChild();
    expect(child.caller).toBe(0);
    // V8's platform workers at least (four by default), and Node's own helpers.
    expect(child.others.length).toBeGreaterThanOrEqual(4);
    expect(child.others.every((nice) => nice === 10)).toBe(true);
    expect(child.returned).toBe(child.others.length);
  });

  it('never raises a thread that already runs at a lower priority', () => {
    const child = lowerOthersInChild(15);
    expect(child.caller).toBe(15);
    expect(child.others.every((nice) => nice === 15)).toBe(true);
    expect(child.returned).toBe(child.others.length);
  });
});

describe.skipIf(linux)('lowerOtherThreadsPriority (elsewhere)', () => {
  it('does nothing where threads share their process priority', () => {
    expect(lowerOtherThreadsPriority(10)).toBe(0);
  });
});
