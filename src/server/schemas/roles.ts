import { Type } from 'typebox';
import type { DefaultLevel, EditMode, Role, Visibility } from '../../store/index.ts';

const roleValues: Role[] = ['admin', 'create', 'edit', 'review', 'comment', 'read'];

/** `MemberRole`. */
export const MemberRole = Type.Unsafe<Role>({ type: 'string', enum: roleValues });

/** `MemberRoleOrGuest`: a role, or null for guests. */
export const MemberRoleOrGuest = Type.Unsafe<Role | null>({ type: ['string', 'null'], enum: [...roleValues, null] });

/** `DefaultLevel`: a role, null, or `inherit` (from the parent collection). */
export const DefaultLevelSchema = Type.Unsafe<DefaultLevel>({ type: ['string', 'null'], enum: [...roleValues, null, 'inherit'] });

/** `ContentVisibility`. */
export const VisibilitySchema = Type.Unsafe<Visibility>({ type: 'string', enum: ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] });

/** `SpaceEditMode`. */
export const EditModeSchema = Type.Unsafe<EditMode>({ type: 'string', enum: ['live', 'locked'] });
