import { notFound } from '../field-checks.ts';
import { positionBetween } from '../revisions/position-key.ts';
import type { StoreContext } from '../store-context.ts';

/**
 * Runs a structural write of a site (its sections, groups, site spaces) in one transaction that first takes
 * the site's row lock (bumping `structure_version`) and last settles the defaults. Structural writes to one
 * site are thus serialized on both dialects, and the invariants hold after each of them: at most one default
 * per level by construction (a pointer), and exactly one when the level has members.
 *
 * @example
 * await withSiteLock(context, siteId, () => context.db().deleteFrom('site_spaces').where('id', '=', id).execute());
 */
export async function withSiteLock<T>(context: StoreContext, siteId: string, fn: () => Promise<T>): Promise<T> {
  return context.transaction(async () => {
    const locked = await context
      .db()
      .updateTable('sites')
      .set((eb) => ({ structure_version: eb('structure_version', '+', 1) }))
      .where('id', '=', siteId)
      .executeTakeFirst();
    if (locked.numUpdatedRows === 0n) throw notFound('site', siteId);
    const result = await fn();
    await settleSiteDefaults(context, siteId);
    return result;
  });
}

/**
 * Points every level's default at a member of that level: keeps a valid default, otherwise takes the first
 * member by position, or none when the level is empty. The site's default section likewise.
 *
 * @example
 * await settleSiteDefaults(context, siteId);
 */
export async function settleSiteDefaults(context: StoreContext, siteId: string): Promise<void> {
  const db = context.db();
  const site = await db.selectFrom('sites').select(['default_section_id', 'default_site_space_id']).where('id', '=', siteId).executeTakeFirst();
  if (site === undefined) return;
  const sections = await db.selectFrom('site_sections').select(['id', 'default_site_space_id']).where('site_id', '=', siteId).orderBy('position').orderBy('id').execute();
  const spaces = await db.selectFrom('site_spaces').select(['id', 'level_key']).where('site_id', '=', siteId).orderBy('position').orderBy('id').execute();
  const settle = (current: string | null, level: string): string | null =>
    current !== null && spaces.some((space) => space.id === current && space.level_key === level) ? current : (spaces.find((space) => space.level_key === level)?.id ?? null);
  const rootSpace = settle(site.default_site_space_id, '');
  const section = site.default_section_id !== null && sections.some((item) => item.id === site.default_section_id) ? site.default_section_id : (sections[0]?.id ?? null);
  if (rootSpace !== site.default_site_space_id || section !== site.default_section_id) {
    await db.updateTable('sites').set({ default_site_space_id: rootSpace, default_section_id: section }).where('id', '=', siteId).execute();
  }
  for (const item of sections) {
    const settled = settle(item.default_site_space_id, item.id);
    if (settled !== item.default_site_space_id) await db.updateTable('site_sections').set({ default_site_space_id: settled }).where('id', '=', item.id).execute();
  }
}

/**
 * A position after the last item of a structure level: sections and groups share a level (the root, or a
 * group); site spaces have their own (the root, or a section).
 *
 * @example
 * const position = await nextStructurePosition(context, siteId, { kind: 'sections', groupId: null });
 */
export async function nextStructurePosition(
  context: StoreContext,
  siteId: string,
  level: { kind: 'sections'; groupId: string | null } | { kind: 'site-spaces'; levelKey: string },
): Promise<string> {
  const db = context.db();
  let last: string | null = null;
  const later = (value: string | null | undefined) => {
    if (value !== null && value !== undefined && (last === null || value > last)) last = value;
  };
  if (level.kind === 'site-spaces') {
    const row = await db.selectFrom('site_spaces').select((eb) => eb.fn.max('position').as('last')).where('site_id', '=', siteId).where('level_key', '=', level.levelKey).executeTakeFirst();
    later(row?.last);
  } else {
    let sections = db.selectFrom('site_sections').select((eb) => eb.fn.max('position').as('last')).where('site_id', '=', siteId);
    sections = level.groupId === null ? sections.where('group_id', 'is', null) : sections.where('group_id', '=', level.groupId);
    let groups = db.selectFrom('site_section_groups').select((eb) => eb.fn.max('position').as('last')).where('site_id', '=', siteId);
    groups = level.groupId === null ? groups.where('parent_id', 'is', null) : groups.where('parent_id', '=', level.groupId);
    later((await sections.executeTakeFirst())?.last);
    later((await groups.executeTakeFirst())?.last);
  }
  return positionBetween(last, null);
}

/**
 * `path`, or `path-1`, `path-2`, ...: the first not in `taken` (kept within 100 characters).
 *
 * @example
 * freePath('guides', new Set(['guides'])) // → 'guides-1'
 */
export function freePath(path: string, taken: ReadonlySet<string>): string {
  if (!taken.has(path)) return path;
  for (let counter = 1; ; counter++) {
    const suffix = `-${counter}`;
    const candidate = `${path.slice(0, 100 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
