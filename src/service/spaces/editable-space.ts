import { QuireError } from '../../errors/index.ts';
import type { SpaceAccess } from '../access/content-access.ts';
import { requireLevel } from '../access/content-access.ts';

/**
 * Checks that the caller may change the space's content (change requests, their content, merges): the `edit`
 * level, and a space that is not `locked` (`editMode: locked` locks every edit). `PERMISSION_DENIED`
 * otherwise, as the space's `permissions.edit` says.
 *
 * @example
 * requireEditable(access, `merge change requests in space ${spaceId}`);
 */
export function requireEditable(access: SpaceAccess, action: string): void {
  requireLevel(access.level, 'edit', action);
  if (access.space.editMode === 'locked') {
    throw new QuireError('PERMISSION_DENIED', `you may not ${action}: the space is locked (editMode locked); unlock it first`, { editMode: 'locked' });
  }
}
