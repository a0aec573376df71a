import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.ts';
import { backoffDelay, decideRetry, resolveRetryPolicy, retryBudgetFromEnvironment } from './retry-policy.ts';

const policy = resolveRetryPolicy({ maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 });
const half = () => 0.5;
const get = { method: 'GET', retrySafe: false };
const post = { method: 'POST', retrySafe: false };
const status = (code: number, retryAfterMs?: number) => ({ kind: 'status', status: code, retryAfterMs }) as const;

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads seconds and HTTP dates, and ignores anything else', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    for (const value of [undefined, '', '1.5', '-3', 'soon']) expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

describe('retry policy', () => {
  it('backs off exponentially with full jitter, capped at maxDelayMs', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, policy, () => 0.999))).toEqual([99, 199, 399, 799, 999]);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
  });

  it('retries 429 and 5xx but never another 4xx', () => {
    expect(decideRetry(status(500), get, 1, policy, half)).toEqual({ retry: true, delayMs: 50 });
    expect(decideRetry(status(429), get, 1, policy, half)).toEqual({ retry: true, delayMs: 50 });
    for (const code of [400, 401, 403, 404, 409, 412, 422]) expect(decideRetry(status(code), get, 1, policy, half)).toEqual({ retry: false });
  });

  it('honours Retry-After, and gives up when it is longer than maxDelayMs', () => {
    expect(decideRetry(status(429, 700), get, 1, policy, half)).toEqual({ retry: true, delayMs: 700 });
    expect(decideRetry(status(429, 5000), get, 1, policy, half)).toEqual({ retry: false });
  });

  it('retries a non-idempotent request only when the server refused it or the caller said it is safe', () => {
    expect(decideRetry(status(500), post, 1, policy, half)).toEqual({ retry: false });
    expect(decideRetry(status(503), post, 1, policy, half)).toEqual({ retry: false });
    expect(decideRetry(status(503, 100), post, 1, policy, half)).toEqual({ retry: true, delayMs: 100 });
    expect(decideRetry(status(429), post, 1, policy, half)).toMatchObject({ retry: true });
    expect(decideRetry(status(500), { method: 'POST', retrySafe: true }, 1, policy, half)).toMatchObject({ retry: true });
    expect(decideRetry({ kind: 'network', requestMayHaveBeenSent: false }, post, 1, policy, half)).toMatchObject({ retry: true });
    expect(decideRetry({ kind: 'network', requestMayHaveBeenSent: true }, post, 1, policy, half)).toEqual({ retry: false });
    expect(decideRetry({ kind: 'network', requestMayHaveBeenSent: true }, get, 1, policy, half)).toMatchObject({ retry: true });
  });

  it('stops at maxAttempts', () => {
    expect(decideRetry(status(500), get, 3, policy, half)).toMatchObject({ retry: true });
    expect(decideRetry(status(500), get, 4, policy, half)).toEqual({ retry: false });
  });

  it('rejects a policy that cannot work', () => {
    expect(() => resolveRetryPolicy({ maxAttempts: 0 })).toThrow(/maxAttempts/);
    expect(() => resolveRetryPolicy({ maxDelayMs: Number.NaN })).toThrow(/maxDelayMs/);
  });

  it('never retries a network failure that is the same every time', () => {
    expect(decideRetry({ kind: 'network', requestMayHaveBeenSent: false, permanent: true }, get, 1, policy, half)).toEqual({ retry: false });
    expect(decideRetry({ kind: 'network', requestMayHaveBeenSent: false, permanent: false }, get, 1, policy, half)).toEqual({ retry: true, delayMs: 50 });
  });

  it('reads the retry budget from QUIRE_API_ATTEMPTS, and refuses a value that is not a whole number of at least 1', () => {
    expect(retryBudgetFromEnvironment({})).toEqual({});
    expect(retryBudgetFromEnvironment({ QUIRE_API_ATTEMPTS: ' ' })).toEqual({});
    expect(retryBudgetFromEnvironment({ QUIRE_API_ATTEMPTS: '2' })).toEqual({ maxAttempts: 2 });
    for (const value of ['0', '-1', '1.5', 'many']) {
      expect(() => retryBudgetFromEnvironment({ QUIRE_API_ATTEMPTS: value })).toThrow(/QUIRE_API_ATTEMPTS must be a whole number/);
    }
  });
});
