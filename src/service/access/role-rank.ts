import type { Role } from '../../store/index.ts';

/*
 * The seed's role enum, weakest first: each role can do what the ones before it can ("admin: administrate
 * content, create and delete spaces; create: create content; review: review content; edit: edit live or in
 * change requests; comment: access content and its discussions; read: access content, no updates").
 */
const order: readonly Role[] = ['read', 'comment', 'edit', 'review', 'create', 'admin'];

/**
 * Whether `level` (a role, or null for no access) includes `needed`.
 *
 * @example
 * atLeast('review', 'edit') // → true
 * atLeast('read', 'comment') // → false
 * atLeast(null, 'read') // → false
 */
export function atLeast(level: Role | null, needed: Role): boolean {
  return level !== null && order.indexOf(level) >= order.indexOf(needed);
}

/**
 * The higher of two levels (null: no access).
 *
 * @example
 * higherLevel('read', 'edit') // → 'edit'
 * higherLevel(null, 'read') // → 'read'
 */
export function higherLevel(a: Role | null, b: Role | null): Role | null {
  if (a === null) return b;
  if (b === null) return a;
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}
