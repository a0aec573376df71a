import { readdir, readFile } from 'node:fs/promises';

/** What a process has used so far, read from Linux's `/proc`: CPU time (user + system) and resident memory. */
export interface ProcessUsage {
  cpuMs: number;
  rssMb: number;
}

/** Clock ticks per second of `/proc/<pid>/stat`'s times (`getconf CLK_TCK`, 100 on Linux). */
const ticksPerSecond = 100;

/**
 * The CPU time and memory of process `pid`; undefined when it has exited or `/proc` cannot be read (not Linux).
 *
 * @example
 * const usage = await processUsage(child.pid); // → { cpuMs: 120, rssMb: 54.2 }
 */
export async function processUsage(pid: number): Promise<ProcessUsage | undefined> {
  try {
    const [stat, status] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile(`/proc/${pid}/status`, 'utf8')]);
    // Fields after the command name (which may hold spaces and parentheses): state is the first, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return { cpuMs: (ticks * 1000) / ticksPerSecond, rssMb: rssKb / 1024 };
  } catch {
    return undefined;
  }
}

/**
 * The ids of this process's children whose command is `command` (`workerd`), from `/proc`; empty when `/proc`
 * cannot be read.
 *
 * @example
 * const before = await childProcesses('workerd');
 */
export async function childProcesses(command: string, parent = process.pid): Promise<number[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        try {
          const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
          const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const parentId = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          if (name === command && parentId === parent) found.push(Number(entry));
        } catch {
          // exited while we looked
        }
      }),
  );
  return found.sort((a, b) => a - b);
}
