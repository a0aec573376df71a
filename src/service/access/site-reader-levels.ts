import type { Role, SpaceRecord } from '../../store/index.ts';
import { higherLevel } from './role-rank.ts';

/*
 * The level a reader of a site has on each of its spaces: what `SiteView` shows in every site space's
 * `space.permissions`. Members get theirs from `ContentLevels` (their role, the spaces' default levels, grants);
 * a visitor who is not a member of the organization (a public, unlisted or share-link site, read through its
 * published profile) has no role there, and the default levels are what members get, so they say nothing about
 * it: such a visitor reads the site's spaces, and may do nothing else with them.
 */

/** Gives the level a reader has on a space (null: none). `ContentLevels` is one. */
export interface SpaceLevels {
  of(space: SpaceRecord): Promise<Role | null>;
}

/**
 * The levels of a visitor who is not a member of the site's organization: `read` on every space of the site.
 *
 * @example
 * await visitorLevels.of(space) // → 'read'
 */
export const visitorLevels: SpaceLevels = {
  of: async () => 'read',
};

/**
 * The levels of a guest of the site's organization reading a published site: `read`, as any visitor, or more
 * where the guest's own or its teams' grants give more (`levels` are the guest's `ContentLevels`).
 *
 * @example
 * await guestLevels(new ContentLevels(ctx, access)).of(space) // → 'read', or 'edit' with an edit grant
 */
export function guestLevels(levels: SpaceLevels): SpaceLevels {
  return { of: async (space) => higherLevel('read', await levels.of(space)) };
}
