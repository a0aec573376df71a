// QUIRE_SIGNING_KEY_MAX_AGE, as `quire serve` reads it: a duration, at least a token's lifetime, else a usage error.
import { describe, expect, it } from 'vitest';
import { signingKeyPolicyOption } from './serve.ts';

describe('QUIRE_SIGNING_KEY_MAX_AGE', () => {
  it('is the default policy when unset, and a duration when set (replaced keys stay published a day)', () => {
    expect(signingKeyPolicyOption(undefined)).toBeUndefined();
    expect(signingKeyPolicyOption(' ')).toBeUndefined();
    expect(signingKeyPolicyOption('2w')).toEqual({ rotateAfterMs: 14 * 86_400_000, retiredGraceMs: 86_400_000 });
  });

  it.each([
    ['30m', /must be at least 1h/],
    ['soon', /must be a whole number of minutes, hours, days or weeks/],
  ])('refuses %j naming the variable', (value, said) => {
    expect(() => signingKeyPolicyOption(value)).toThrow(said);
    expect(() => signingKeyPolicyOption(value)).toThrow(/QUIRE_SIGNING_KEY_MAX_AGE/);
  });
});
