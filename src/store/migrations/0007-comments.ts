import type { Kysely, Migration } from 'kysely';

/**
 * Comments on a space or on one of its change requests, their replies, and emoji reactions to either.
 *
 * - A comment belongs to its space (and to its change request when posted in one): purging the space, or its
 *   change request going with it, removes the comments by cascade; a soft-deleted space keeps them.
 * - `page_id` is only a reference: deleting the page from the content keeps the comment (the service reports the
 *   target as outdated), so it has no foreign key.
 * - A reaction is one row per (comment, reply, user, emoji), `reply_id` '' for a reaction to the comment itself:
 *   the primary key is what keeps "one reaction per user per emoji" true under concurrent writers. Reactions go
 *   with their comment by cascade; the store removes a reply's reactions with the reply (`reply_id` points at
 *   nothing when '', so it cannot be a foreign key).
 * - Resolution is `resolved_at` / `resolved_by` (both null: open), so the status cannot disagree with them.
 *
 * @example
 * const migration = commentsMigration();
 */
export function commentsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('change_request_id', 'text', (c) => c.references('change_requests.id').onDelete('cascade'))
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text')
        .addColumn('node_id', 'text')
        .addColumn('table_cell', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('posted_by', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('posted_at', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'text')
        .addColumn('resolved_at', 'text')
        .addColumn('resolved_by', 'text', (c) => c.references('users.id'))
        .execute();
      await db.schema.createIndex('comments_by_space').on('comments').columns(['space_id', 'posted_at', 'id']).execute();
      await db.schema.createIndex('comments_by_change_request').on('comments').columns(['change_request_id', 'posted_at', 'id']).execute();

      await db.schema
        .createTable('comment_replies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('posted_by', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('posted_at', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'text')
        .execute();
      await db.schema.createIndex('comment_replies_by_comment').on('comment_replies').columns(['comment_id', 'posted_at', 'id']).execute();

      await db.schema
        .createTable('comment_reactions')
        .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('reply_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('emoji', 'text', (c) => c.notNull())
        .addColumn('reacted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_reactions_pk', ['comment_id', 'reply_id', 'user_id', 'emoji'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('comment_reactions').execute();
      await db.schema.dropTable('comment_replies').execute();
      await db.schema.dropTable('comments').execute();
    },
  };
}
