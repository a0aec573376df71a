/**
 * Time and chance, passed in so retries can be tested without sleeping and without luck.
 */
import { setTimeout as delay } from 'node:timers/promises';

/** Reads the time and waits. The system clock uses `Date.now()` and `setTimeout`; tests pass a fake one. */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Resolves after `ms` milliseconds, or at once when `signal` aborts (it never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Returns a number in [0, 1), as `Math.random()`. Used for backoff jitter. */
export type RandomSource = () => number;

/**
 * The real clock. A wait keeps the process alive, as the request it belongs to is still to be sent: a process whose
 * only pending work is a retry must wait for it, not exit with nothing said. The client aborts its waits when it is
 * closed, so a finished command never waits out a retry nobody needs.
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (signal?.aborted === true) return;
    await delay(ms, undefined, signal === undefined ? {} : { signal }).catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'AbortError')) throw error;
    });
  },
};
