import type { Kysely, Migration } from 'kysely';

/**
 * `teams.title_search`: the title in lower case, written by the store with JavaScript's `toLowerCase()`. The
 * published `title` filters of the team lists are case-insensitive substrings; SQLite's `lower()` folds ASCII
 * only while PostgreSQL's folds all of Unicode, so folding once in JavaScript makes both dialects answer alike
 * (`Équipe` is found by `équipe` on both). Rows written before this migration are folded here, the same way.
 *
 * @example
 * const migration = teamsMoreMigration();
 */
export function teamsMoreMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('teams').addColumn('title_search', 'text', (c) => c.notNull().defaultTo('')).execute();
      const teams = db as unknown as Kysely<{ teams: { id: string; title: string; title_search: string } }>;
      const rows = await teams.selectFrom('teams').select(['id', 'title']).execute();
      for (const row of rows) await teams.updateTable('teams').set({ title_search: row.title.toLowerCase() }).where('id', '=', row.id).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('teams').dropColumn('title_search').execute();
    },
  };
}
