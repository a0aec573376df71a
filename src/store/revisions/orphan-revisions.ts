// Revisions no history reaches. A writer stores its revision (putRevision), then moves a head to it by
// compare-and-set in another transaction; when it loses that race, or its process dies in between, the revision
// is left behind, and `listRevisions` would list it (a `merge` one naming a change request it did not merge).
// These functions delete such rows. Content objects stay: they are content-addressed and shared.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../database-schema.ts';
import type { StoreContext } from '../store-context.ts';

/**
 * What keeps a revision: a space's head, any revision column of a change request (its head, its first revision,
 * its merge, the space revision it was last updated from), a sync point, or being a parent of another revision
 * of its space. Everything reachable from a head is kept this way, link by link.
 */
function referenced(eb: ExpressionBuilder<Database, 'revisions'>, id: string) {
  // Parents are stored as JSON text; ids are base62, so the quoted id matches one array element exactly.
  const asParent = `%${JSON.stringify(id)}%`;
  return eb.or([
    eb.exists(eb.selectFrom('spaces').select(sql.lit(1).as('one')).where('spaces.revision_id', '=', id)),
    eb.exists(
      eb
        .selectFrom('change_requests')
        .select(sql.lit(1).as('one'))
        .where((cr) =>
          cr.or([
            cr('change_requests.revision', '=', id),
            cr('change_requests.revision_initial', '=', id),
            cr('change_requests.revision_merged', '=', id),
            cr('change_requests.revision_merged_ancestor', '=', id),
          ]),
        ),
    ),
    eb.exists(eb.selectFrom('sync_points').select(sql.lit(1).as('one')).where('sync_points.revision_id', '=', id)),
    eb.exists(
      eb
        .selectFrom('revisions as child')
        .select(sql.lit(1).as('one'))
        .whereRef('child.space_id', '=', 'revisions.space_id')
        .where('child.parents', 'like', asParent),
    ),
  ]);
}

/**
 * Deletes revision `id` when nothing references it (see `referenced`), in one statement, so a reference written
 * before it commits keeps the row. True when the row was deleted; false when it is referenced or absent.
 *
 * @example
 * if (!(await store.setChangeRequestHead(cr.id, cr.revision, next))) await discardRevision(context, next);
 */
export async function discardRevision(context: StoreContext, id: string): Promise<boolean> {
  const result = await context
    .db()
    .deleteFrom('revisions')
    .where('revisions.id', '=', id)
    .where((eb) => eb.not(referenced(eb, id)))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Deletes every revision created before `createdBefore` (ISO 8601) that no history reaches: those nothing
 * references, then those only they referenced, until none is left. Younger ones are left to writers that may
 * still be about to move a head to them. Returns the ids deleted.
 *
 * @example
 * await discardOrphanRevisions(context, { createdBefore: new Date(Date.now() - 60_000).toISOString() });
 */
export async function discardOrphanRevisions(context: StoreContext, options: { createdBefore: string }): Promise<string[]> {
  const discarded: string[] = [];
  for (;;) {
    const candidates = await unreferencedRevisions(context, options.createdBefore);
    const deleted: string[] = [];
    for (const id of candidates) if (await discardRevision(context, id)) deleted.push(id);
    discarded.push(...deleted);
    if (deleted.length === 0) return discarded;
  }
}

/** The revisions created before `createdBefore` that nothing references, found with one read of each table. */
async function unreferencedRevisions(context: StoreContext, createdBefore: string): Promise<string[]> {
  const db = context.db();
  const [revisions, spaces, changeRequests, syncPoints] = await Promise.all([
    db.selectFrom('revisions').select(['id', 'parents', 'created_at']).execute(),
    db.selectFrom('spaces').select('revision_id').execute(),
    db.selectFrom('change_requests').select(['revision', 'revision_initial', 'revision_merged', 'revision_merged_ancestor']).execute(),
    db.selectFrom('sync_points').select('revision_id').execute(),
  ]);
  const kept = new Set<string | null>();
  for (const row of revisions) for (const parent of JSON.parse(row.parents) as string[]) kept.add(parent);
  for (const row of spaces) kept.add(row.revision_id);
  for (const row of changeRequests) for (const id of Object.values(row)) kept.add(id);
  for (const row of syncPoints) kept.add(row.revision_id);
  return revisions.filter((row) => row.created_at < createdBefore && !kept.has(row.id)).map((row) => row.id);
}
