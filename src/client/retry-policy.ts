/**
 * When a request is tried again, and how long to wait first.
 *
 * - Network errors, 429 and 5xx are retried; other 4xx never are (the request is wrong, not unlucky).
 * - A request that may have reached the server (the connection broke after it was written) is retried only when
 *   its method is idempotent (RFC 9110, section 9.2.2) or the caller marked it safe to retry. A connection that was
 *   never made (refused, DNS failure, connect timeout) sent nothing, so any method may be retried.
 * - 429, and 503 with `Retry-After`, mean the server refused the request without acting on it, so any method
 *   may be retried. Other 5xx on a non-idempotent request may have had effects and are not retried.
 * - The wait is the server's `Retry-After` when it gives one, else exponential backoff with full jitter
 *   (a random delay between 0 and `min(maxDelayMs, baseDelayMs * 2^(attempt-1))`, as in
 *   https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/). A `Retry-After` longer than
 *   `maxDelayMs` is not waited out: the request fails at once, so a CLI never hangs for an hour.
 * - A failure that is the same every time (https asked of a plain HTTP server, an untrusted certificate) is never
 *   retried.
 * - `QUIRE_API_ATTEMPTS` in the environment sets `maxAttempts` where the caller does not (retryBudgetFromEnvironment).
 */
import { QuireError } from '../errors/index.ts';
import type { RandomSource } from './clock.ts';

/** Bounds on retrying one request. */
export interface RetryPolicy {
  /** Attempts in all, the first included. 1 disables retries. */
  readonly maxAttempts: number;
  /** The backoff ceiling of the first retry, doubled for each further one. */
  readonly baseDelayMs: number;
  /** No wait is longer than this, whether from backoff or from `Retry-After`. */
  readonly maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 250, maxDelayMs: 30_000 };

/** What happened on one attempt, as far as retrying is concerned. */
export type AttemptOutcome =
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs: number | undefined }
  | {
      readonly kind: 'network';
      readonly requestMayHaveBeenSent: boolean;
      /** Trying again cannot help (network-error.ts: a TLS mismatch, an untrusted certificate). Default false. */
      readonly permanent?: boolean;
    };

export type RetryDecision = { readonly retry: true; readonly delayMs: number } | { readonly retry: false };

const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** True for methods RFC 9110 calls idempotent. */
export function isIdempotentMethod(method: string): boolean {
  return idempotentMethods.has(method.toUpperCase());
}

/**
 * Checks a partial policy and fills in the defaults.
 *
 * @example
 * resolveRetryPolicy({ maxAttempts: 3 }); // { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 30000 }
 */
export function resolveRetryPolicy(policy: Partial<RetryPolicy> = {}): RetryPolicy {
  const resolved = { ...defaultRetryPolicy, ...policy };
  if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1) {
    throw new QuireError('INVALID_ARGUMENT', `retry.maxAttempts must be an integer of at least 1, got ${resolved.maxAttempts}`, { field: 'retry.maxAttempts' });
  }
  for (const field of ['baseDelayMs', 'maxDelayMs'] as const) {
    const value = resolved[field];
    if (!Number.isFinite(value) || value < 0) {
      throw new QuireError('INVALID_ARGUMENT', `retry.${field} must be a finite number of at least 0, got ${value}`, { field: `retry.${field}` });
    }
  }
  return resolved;
}

/** The environment variable that sets how many attempts each API request gets, the first included. */
export const attemptsVariable = 'QUIRE_API_ATTEMPTS';

/**
 * The retry budget set in the environment: `QUIRE_API_ATTEMPTS=1` turns retries off (tests of unreachable servers
 * use it to fail at once), `QUIRE_API_ATTEMPTS=10` tries harder on a flaky network. Empty when it is not set.
 *
 * @example
 * retryBudgetFromEnvironment({ QUIRE_API_ATTEMPTS: '2' }); // { maxAttempts: 2 }
 */
export function retryBudgetFromEnvironment(env: Readonly<Record<string, string | undefined>>): Partial<RetryPolicy> {
  const value = env[attemptsVariable]?.trim();
  if (value === undefined || value === '') return {};
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) {
    throw new QuireError('INVALID_ARGUMENT', `${attemptsVariable} must be a whole number of at least 1 (attempts per API request, the first included), got ${JSON.stringify(value)}`, {
      field: attemptsVariable,
    });
  }
  return { maxAttempts: Number(value) };
}

/** The full-jitter backoff before retry number `attempt` (1 for the first retry). */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: RandomSource): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Decides whether to try again after attempt number `attempt` (1-based) ended with `outcome`.
 * `retrySafe` is the caller's word that repeating the request cannot do harm even if it was sent.
 */
export function decideRetry(
  outcome: AttemptOutcome,
  request: { readonly method: string; readonly retrySafe: boolean },
  attempt: number,
  policy: RetryPolicy,
  random: RandomSource,
): RetryDecision {
  if (attempt >= policy.maxAttempts) return { retry: false };
  const repeatable = request.retrySafe || isIdempotentMethod(request.method);
  if (outcome.kind === 'network') {
    if (outcome.permanent === true) return { retry: false };
    if (outcome.requestMayHaveBeenSent && !repeatable) return { retry: false };
    return { retry: true, delayMs: backoffDelay(attempt, policy, random) };
  }
  const { status, retryAfterMs } = outcome;
  const refused = status === 429 || (status === 503 && retryAfterMs !== undefined);
  const retryable = refused || (status >= 500 && status <= 599 && repeatable);
  if (!retryable) return { retry: false };
  if (retryAfterMs !== undefined) {
    return retryAfterMs > policy.maxDelayMs ? { retry: false } : { retry: true, delayMs: retryAfterMs };
  }
  return { retry: true, delayMs: backoffDelay(attempt, policy, random) };
}
