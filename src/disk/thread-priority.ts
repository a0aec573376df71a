// The scheduling priority of the calling thread. On Linux each thread has its own nice value, set with
// setpriority(PRIO_PROCESS, <thread id>) (os.setPriority), and /proc/thread-self names the thread; elsewhere a
// thread shares its process's priority, which this leaves alone.
import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The calling thread's id on Linux (`/proc/thread-self` → `/proc/<pid>/task/<tid>`), or undefined elsewhere or
 * when it cannot be read.
 */
export function currentThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread's priority to nice `niceness` (0 to 19) where threads have priorities of their own
 * (Linux), and never raises it: a thread already at that niceness or lower in priority is left as it is (raising
 * it back needs privileges). The other threads of the process keep theirs. Returns the thread's niceness after the
 * call, or undefined where nothing could be done (another system, or a refusal).
 *
 * @example
 * lowerThreadPriority(10); // in a worker thread whose work can wait for the main thread's
 */
export function lowerThreadPriority(niceness: number): number | undefined {
  const thread = currentThreadId();
  return thread === undefined ? undefined : lowerPriorityOf(thread, niceness);
}

/** Lowers thread `thread` to nice `niceness`, never raising it; its niceness after, or undefined on a refusal (or a thread gone). */
function lowerPriorityOf(thread: number, niceness: number): number | undefined {
  try {
    if (getPriority(thread) < niceness) setPriority(thread, niceness);
    return getPriority(thread);
  } catch {
    return undefined;
  }
}

/**
 * Lowers to nice `niceness` (never raising, as `lowerThreadPriority`) every thread of this process that exists now
 * but the calling one, where threads have priorities of their own (Linux); threads started later take their
 * starter's priority. Returns how many threads are at that niceness or lower in priority after the call: 0 elsewhere.
 * A process-wide choice: only for a process that is one short command (src/cli/main.ts), never from a library.
 *
 * @example
 * lowerOtherThreadsPriority(10); // first thing in `quire export`: V8's and Node's helper threads yield to this one
 */
export function lowerOtherThreadsPriority(niceness: number): number {
  const self = currentThreadId();
  if (self === undefined) return 0;
  let lowered = 0;
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const entry of threads) {
    const thread = Number(entry);
    if (!Number.isInteger(thread) || thread === self) continue;
    // A thread that ended meanwhile, or a refusal, is not counted.
    if ((lowerPriorityOf(thread, niceness) ?? -Infinity) >= niceness) lowered++;
  }
  return lowered;
}
