import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import { resolveTokenExpiry } from './token-expiry.ts';

const now = new Date('2026-11-26T09:00:00.000Z');
const cli = { expiresAt: '--expires-at', expiresIn: '--expires-in' };

function refusal(run: () => unknown): { field: unknown; message: string } {
  try {
    run();
  } catch (error) {
    if (isQuireError(error, 'INVALID_ARGUMENT')) return { field: (error.data as { field?: unknown }).field, message: error.message };
    throw error;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('resolveTokenExpiry', () => {
  it('turns a duration or a date-time into a UTC timestamp, and nothing into no expiry', () => {
    expect(resolveTokenExpiry({}, now)).toBeUndefined();
    expect(resolveTokenExpiry({ expiresIn: '90m' }, now)).toBe('2026-11-26T10:30:00.000Z');
    expect(resolveTokenExpiry({ expiresIn: '12h' }, now)).toBe('2026-11-26T21:00:00.000Z');
    expect(resolveTokenExpiry({ expiresIn: '30d' }, now)).toBe('2026-12-26T09:00:00.000Z');
    expect(resolveTokenExpiry({ expiresIn: '2w' }, now)).toBe('2026-12-10T09:00:00.000Z');
    expect(resolveTokenExpiry({ expiresIn: '3650d' }, now)).toBe('2036-11-23T09:00:00.000Z');
    expect(resolveTokenExpiry({ expiresAt: '2027-01-31T14:00:00+02:00' }, now)).toBe('2027-01-31T12:00:00.000Z');
  });

  it('names the field as the caller knows it, and the rule', () => {
    expect(refusal(() => resolveTokenExpiry({ expiresIn: '30 days' }, now, cli))).toEqual({ field: '--expires-in', message: expect.stringMatching(/^--expires-in must be a whole number of minutes, hours, days or weeks/) });
    expect(refusal(() => resolveTokenExpiry({ expiresIn: '3651d' }, now))).toMatchObject({ field: 'expiresIn' });
    expect(refusal(() => resolveTokenExpiry({ expiresIn: '-1d' }, now))).toMatchObject({ field: 'expiresIn' });
    expect(refusal(() => resolveTokenExpiry({ expiresAt: '2026-11-26T09:00:00Z' }, now, cli))).toEqual({ field: '--expires-at', message: expect.stringMatching(/^--expires-at must be in the future/) });
    expect(refusal(() => resolveTokenExpiry({ expiresAt: '2026-12-01' }, now))).toMatchObject({ field: 'expiresAt', message: expect.stringMatching(/with a time zone/) });
    expect(refusal(() => resolveTokenExpiry({ expiresAt: '2040-01-01T00:00:00Z' }, now))).toMatchObject({ field: 'expiresAt', message: expect.stringMatching(/at most 3650 days/) });
    expect(refusal(() => resolveTokenExpiry({ expiresAt: '2027-01-01T00:00:00Z', expiresIn: '1d' }, now, cli)).message).toBe('give --expires-at or --expires-in, not both');
  });
});
