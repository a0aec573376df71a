/**
 * Parses an HTTP `Retry-After` header (RFC 9110, section 10.2.3): either a number of seconds or an HTTP date.
 *
 * Returns the delay in milliseconds (never negative), or `undefined` when the header is absent or unreadable,
 * in which case the caller falls back to its own backoff.
 *
 * @example
 * parseRetryAfter('2', Date.now()); // 2000
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT')); // 60000
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const header = Array.isArray(value) ? value[0] : value;
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse accepts many forms; RFC 9110 dates always name a weekday or month, so demand a letter
  // to avoid reading "1.5" or "-3" as a date.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
