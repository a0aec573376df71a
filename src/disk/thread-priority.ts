// The scheduling priority of the calling thread. On Linux each thread has its own nice value, set with
// setpriority(PRIO_PROCESS, <thread id>) (os.setPriority), and /proc/thread-self names the thread; elsewhere a
// thread shares its process's priority, which this leaves alone.
import { readlinkSync } from 'node:fs';
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
  if (thread === undefined) return undefined;
  try {
    if (getPriority(thread) < niceness) setPriority(thread, niceness);
    return getPriority(thread);
  } catch {
    return undefined;
  }
}
