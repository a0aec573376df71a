/**
 * Time and chance, passed in so retries can be tested without sleeping and without luck.
 */

/** Reads the time and waits. The system clock uses `Date.now()` and `setTimeout`; tests pass a fake one. */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** Returns a number in [0, 1), as `Math.random()`. Used for backoff jitter. */
export type RandomSource = () => number;

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) =>
    new Promise((resolve) => {
      // unref: a pending retry must not keep a finished CLI process alive.
      setTimeout(resolve, ms).unref();
    }),
};
