// What a bench reads of a running process from /proc (Linux): its CPU time, its memory, and when it has gone quiet.
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) a running process has used, from /proc. */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** Peak and current resident memory of a running process, in MiB. */
export function processMemory(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kilobytes('VmHWM') / 1024, now: kilobytes('VmRSS') / 1024 };
}

/**
 * Waits until a process has used less than 10 ms of CPU in each of two half-second windows (at most 120 s), and
 * says how long that took, in seconds. A server goes on working after its answers (after a merge it indexes the new
 * pages for search and records their links; after a load test it finishes the requests still queued): what is
 * timed next would share the two cores with that work, which a user's request, made later, does not.
 *
 * @example
 * console.log(`server idle ${(await settled(served.child.pid!)).toFixed(1)} s later`);
 */
export async function settled(pid: number): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < 120_000) {
    const before = processCpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet = processCpuSeconds(pid) - before < 0.01 ? quiet + 1 : 0;
  }
  return (performance.now() - started) / 1000;
}
