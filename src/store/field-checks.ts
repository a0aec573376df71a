import type { ChangeRequestStatus, ContentVisibility, MemberRole, SpaceEditMode } from '@gitbook/api';
import { QuireError } from '../errors/index.ts';

/*
 * The enumerations records hold, as plain string unions (`@gitbook/api` declares them as TypeScript enums and is
 * only a devDependency, so its enum objects are not there at run time), and the checks the store makes before
 * writing them: whatever reaches the database is a valid value.
 */

/** Member role (the seed's role enum). */
export type Role = `${MemberRole}`;
/** A role, or null for guests (members) and "no access" (content default levels). */
export type RoleOrGuest = Role | null;
/** A collection's or space's default level: a role, null, or `inherit` from the parent collection. */
export type DefaultLevel = RoleOrGuest | 'inherit';
export type Visibility = `${ContentVisibility}`;
export type EditMode = `${SpaceEditMode}`;
export type ChangeRequestState = `${ChangeRequestStatus}`;

export const roles: readonly Role[] = ['admin', 'create', 'review', 'edit', 'comment', 'read'];
export const visibilities: readonly Visibility[] = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'];
export const editModes: readonly EditMode[] = ['live', 'locked'];
export const changeRequestStates: readonly ChangeRequestState[] = ['draft', 'open', 'archived', 'merged'];

/**
 * Checks that `value` is one of `allowed`, naming `field` in the error.
 *
 * @example
 * checkOneOf('role', 'admin', roles) // → 'admin'
 */
export function checkOneOf<T>(field: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must be one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}, not ${JSON.stringify(value)}`, { field });
  }
  return value as T;
}

/**
 * Checks a string field: a string of at most `max` characters (and at least `min`, default 0).
 *
 * @example
 * checkText('title', 'Guides', { max: 50 }) // → 'Guides'
 */
export function checkText(field: string, value: unknown, limits: { min?: number; max?: number } = {}): string {
  if (typeof value !== 'string') throw new QuireError('INVALID_ARGUMENT', `${field} must be a string`, { field });
  const length = [...value].length;
  if (limits.min !== undefined && length < limits.min) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must have at least ${limits.min} characters`, { field });
  }
  if (limits.max !== undefined && length > limits.max) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must have at most ${limits.max} characters, not ${length}`, { field });
  }
  return value;
}

/**
 * `NOT_FOUND` for a record, naming its kind and id.
 *
 * @example
 * throw notFound('space', spaceId);
 */
export function notFound(kind: string, id: string | number): QuireError {
  return new QuireError('NOT_FOUND', `${kind} ${id} does not exist`, { kind, id });
}

/**
 * Checks an ISO 8601 date-time with a time zone (`Z` or `+02:00`) and gives it in the one form timestamps are
 * stored in (UTC, milliseconds: `toISOString`), so that text order is time order.
 *
 * @example
 * checkUtcTimestamp('expiresAt', '2027-01-31T14:00:00+02:00') // → '2027-01-31T12:00:00.000Z'
 */
export function checkUtcTimestamp(field: string, value: unknown): string {
  const time = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(time)) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must be an ISO 8601 date-time with a time zone (2027-01-31T12:00:00Z), not ${JSON.stringify(value)}`, { field });
  }
  return new Date(time).toISOString();
}
