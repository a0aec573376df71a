/**
 * Checks on the arguments of the public client methods. Failures are INVALID_ARGUMENT naming the argument,
 * thrown before any request is sent. Internal functions trust what passed these.
 */
import { QuireError } from '../errors/index.ts';

function invalid(name: string, expected: string, value: unknown): QuireError<'INVALID_ARGUMENT'> {
  const got = typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : typeof value;
  return new QuireError('INVALID_ARGUMENT', `${name} must be ${expected}, got ${got}`, { field: name });
}

/** An id in a path: a non-empty string without `/` (which would change the route). */
export function checkId(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.includes('/')) throw invalid(name, 'a non-empty id without "/"', value);
  return value;
}

export function checkOptionalString(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(name, 'a non-empty string when given', value);
  return value;
}

export function checkOptionalBoolean(name: string, value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw invalid(name, 'a boolean when given', value);
}

export function checkOptionalEnum<const T extends string>(name: string, value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(name, `one of ${allowed.join(', ')}`, value);
}

/** A page size: an integer in 1..1000 (published `listLimit` allows 0..1000; 0 would never end a walk). */
export function checkOptionalLimit(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) throw invalid(name, 'an integer from 1 to 1000', value);
  return value;
}

export function checkPositiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw invalid(name, 'an integer of at least 1', value);
  return value;
}

export function checkPositiveNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw invalid(name, 'a finite number above 0', value);
  return value;
}

export function checkObject(name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(name, 'an object', value);
  return value as Record<string, unknown>;
}

/** An absolute http(s) URL. */
export function checkHttpUrl(name: string, value: unknown): URL {
  if (typeof value !== 'string' && !(value instanceof URL)) throw invalid(name, 'an absolute http or https URL', value);
  let url: URL;
  try {
    url = new URL(value);
  } catch (error) {
    throw new QuireError('INVALID_ARGUMENT', `${name} must be an http(s) URL such as https://docs-api.example.com, not "${String(value)}"`, { field: name }, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new QuireError('INVALID_ARGUMENT', `${name} must use http or https, not ${url.protocol}`, { field: name });
  return url;
}
