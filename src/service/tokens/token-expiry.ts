import { QuireError } from '../../errors/index.ts';
import { checkUtcTimestamp } from '../../store/index.ts';

/** How long a token may be made to last: ten years (a token that should never expire is made without expiry). */
export const maxTokenLifetimeDays = 3650;

const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;
const dayMs = unitMs.d;

/** What a caller asks for: at most one of a date-time and a duration (`30d`). */
export interface TokenExpiryRequest {
  expiresAt?: string | undefined;
  expiresIn?: string | undefined;
}

/** The names the caller knows the two fields by: `expiresAt` in the API, `--expires-at` on the command line. */
export interface TokenExpiryNames {
  expiresAt: string;
  expiresIn: string;
}

const apiNames: TokenExpiryNames = { expiresAt: 'expiresAt', expiresIn: 'expiresIn' };

/**
 * When a new token expires, as a UTC ISO timestamp, or undefined (never). `expiresAt` is an ISO 8601 date-time
 * with a time zone, strictly after `now`; `expiresIn` is a whole number of minutes, hours, days or weeks
 * (`90m`, `12h`, `30d`, `2w`); either at most ten years away. `INVALID_ARGUMENT` naming the field otherwise,
 * and when both are given.
 *
 * @example
 * resolveTokenExpiry({ expiresIn: '30d' }, new Date('2026-11-26T00:00:00Z')) // → '2026-12-26T00:00:00.000Z'
 */
export function resolveTokenExpiry(request: TokenExpiryRequest, now: Date, names: TokenExpiryNames = apiNames): string | undefined {
  const { expiresAt, expiresIn } = request;
  if (expiresAt !== undefined && expiresIn !== undefined) {
    throw new QuireError('INVALID_ARGUMENT', `give ${names.expiresAt} or ${names.expiresIn}, not both`, { field: names.expiresIn });
  }
  const limit = now.getTime() + maxTokenLifetimeDays * dayMs;
  if (expiresIn !== undefined) {
    const match = /^([1-9][0-9]{0,6})([mhdw])$/.exec(expiresIn);
    const time = match === null ? Number.NaN : now.getTime() + Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
    if (!(time <= limit)) {
      throw new QuireError(
        'INVALID_ARGUMENT',
        `${names.expiresIn} must be a whole number of minutes, hours, days or weeks (90m, 12h, 30d, 2w), at most ${maxTokenLifetimeDays}d, not ${JSON.stringify(expiresIn)}`,
        { field: names.expiresIn },
      );
    }
    return new Date(time).toISOString();
  }
  if (expiresAt === undefined) return undefined;
  const time = Date.parse(checkUtcTimestamp(names.expiresAt, expiresAt));
  if (time <= now.getTime()) {
    throw new QuireError('INVALID_ARGUMENT', `${names.expiresAt} must be in the future (it is ${now.toISOString()} now), not ${expiresAt}`, { field: names.expiresAt });
  }
  if (time > limit) {
    throw new QuireError('INVALID_ARGUMENT', `${names.expiresAt} must be at most ${maxTokenLifetimeDays} days away, not ${expiresAt}`, { field: names.expiresAt });
  }
  return new Date(time).toISOString();
}
