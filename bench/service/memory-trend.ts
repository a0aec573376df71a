// The memory of a server process over a run (resident set, live heap), and whether it kept growing.
import { readFileSync } from 'node:fs';

/** One reading of a process's memory. */
export interface MemorySample {
  /** Seconds since sampling started. */
  atSeconds: number;
  mib: number;
}

export interface MemoryTrend {
  firstMiB: number;
  lastMiB: number;
  peakMiB: number;
  /** Mean over the middle and the last third of the samples. */
  middleThirdMiB: number;
  lastThirdMiB: number;
  /** lastThird / middleThird − 1: 0.05 is 5% more in the last third. */
  growth: number;
  /** 'growth' when the last third is above the middle third by more than the tolerance; 'flat' otherwise; 'too short' under 6 samples. */
  verdict: 'flat' | 'growth' | 'too short';
}

/**
 * The resident set size of process `pid` in MiB, from `/proc/<pid>/status` (Linux); undefined when the process
 * is gone or the file has no VmRSS line.
 *
 * @example
 * residentMiB(process.pid); // 85.3
 */
export function residentMiB(pid: number): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) / 1024;
}

/**
 * Summarises a memory series (RSS or heap): first, last and peak, and a growth verdict comparing the mean of the last third of the
 * samples with the middle third's (the first third holds the warm-up: caches filling, code being compiled).
 * `tolerance` is the growth accepted as flat (0.1: 10%).
 *
 * @example
 * memoryTrend([100, 120, 121, 120, 122, 121].map((mib, i) => ({ atSeconds: i * 5, mib }))).verdict; // 'flat'
 */
export function memoryTrend(samples: readonly MemorySample[], tolerance = 0.1): MemoryTrend {
  const values = samples.map((sample) => sample.mib);
  const third = Math.floor(values.length / 3);
  const mean = (part: number[]) => (part.length === 0 ? 0 : part.reduce((sum, value) => sum + value, 0) / part.length);
  const middleThirdMiB = mean(values.slice(third, 2 * third));
  const lastThirdMiB = mean(values.slice(values.length - third));
  const growth = middleThirdMiB === 0 ? 0 : lastThirdMiB / middleThirdMiB - 1;
  return {
    firstMiB: values[0] ?? 0,
    lastMiB: values.at(-1) ?? 0,
    peakMiB: values.length === 0 ? 0 : Math.max(...values),
    middleThirdMiB,
    lastThirdMiB,
    growth,
    verdict: values.length < 6 ? 'too short' : growth > tolerance ? 'growth' : 'flat',
  };
}

/**
 * Calls `read` now and every `everySeconds` (never two at once) until `stop()`, which waits for a last reading and
 * answers the series; readings that answer undefined (the process is gone) are left out.
 *
 * @example
 * const sampler = sampleMemory(5, () => residentMiB(child.pid!));
 * // ... the load ...
 * const series = await sampler.stop();
 */
export function sampleMemory(everySeconds: number, read: () => number | undefined | Promise<number | undefined>): { stop(): Promise<MemorySample[]> } {
  const started = performance.now();
  const samples: MemorySample[] = [];
  let reading: Promise<void> = Promise.resolve();
  const take = () => {
    reading = reading.then(async () => {
      const mib = await read();
      if (mib !== undefined) samples.push({ atSeconds: (performance.now() - started) / 1000, mib });
    });
  };
  take();
  const timer = setInterval(take, everySeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      take();
      await reading;
      return samples;
    },
  };
}
