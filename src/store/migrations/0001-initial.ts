import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../store-dialect.ts';

/**
 * The first schema: accounts (users, organizations, memberships, API tokens), the content tree (collections,
 * spaces), change requests, revisions, and content-addressed storage (objects, documents).
 *
 * Portable SQL: text and integer columns only, JSON as text, timestamps as ISO 8601 text. The one dialect
 * difference: position keys must compare in byte order, which PostgreSQL only does with `COLLATE "C"`.
 */
export function initialMigration(dialect: StoreDialect): Migration {
  const positionType = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('photo_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_by_creation').on('users').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('email_domains', 'text', (c) => c.notNull())
        .addColumn('hostname', 'text', (c) => c.unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('use_case', 'text')
        .addColumn('community_type', 'text')
        .addColumn('default_role', 'text')
        .addColumn('default_content', 'text')
        .addColumn('sso', 'integer', (c) => c.notNull())
        .addColumn('ai', 'integer', (c) => c.notNull())
        .addColumn('invite_links', 'integer', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('custom_hostname', 'text')
        .addColumn('logo_url', 'text')
        .execute();
      await db.schema.createIndex('organizations_by_creation').on('organizations').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('memberships')
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text')
        .addColumn('disabled', 'integer', (c) => c.notNull())
        .addColumn('sso', 'integer', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text')
        .addPrimaryKeyConstraint('memberships_pk', ['organization_id', 'user_id'])
        .execute();
      await db.schema.createIndex('memberships_by_join').on('memberships').columns(['organization_id', 'joined_at', 'user_id']).execute();
      await db.schema.createIndex('memberships_by_user').on('memberships').columns(['user_id', 'organization_id']).execute();

      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('api_tokens_by_user').on('api_tokens').columns(['user_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('collections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('parent_id', 'text', (c) => c.references('collections.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('default_level', 'text')
        .addColumn('position', positionType, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('collections_by_parent').on('collections').columns(['parent_id', 'position', 'id']).execute();
      await db.schema.createIndex('collections_by_creation').on('collections').columns(['organization_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('spaces')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
        .addColumn('parent_id', 'text', (c) => c.references('collections.id'))
        .addColumn('position', positionType, (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('emoji', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('edit_mode', 'text')
        .addColumn('default_level', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .addColumn('revision_id', 'text')
        .addColumn('change_request_seq', 'integer', (c) => c.notNull())
        .addColumn('comments', 'integer', (c) => c.notNull())
        .addColumn('git_sync', 'text')
        .execute();
      await db.schema.createIndex('spaces_by_parent').on('spaces').columns(['parent_id', 'position', 'id']).execute();
      await db.schema.createIndex('spaces_by_creation').on('spaces').columns(['organization_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('spaces_by_deletion').on('spaces').columns(['deleted_at']).execute();

      await db.schema
        .createTable('revisions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('parents', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('git', 'text')
        .addColumn('merged_from', 'text')
        .execute();
      await db.schema.createIndex('revisions_by_space').on('revisions').columns(['space_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('change_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('revision_initial', 'text', (c) => c.notNull())
        .addColumn('revision', 'text', (c) => c.notNull())
        .addColumn('revision_merged_ancestor', 'text')
        .addColumn('revision_merged', 'text')
        .addColumn('merged_by', 'text')
        .addColumn('merged_at', 'text')
        .addColumn('comments', 'integer', (c) => c.notNull())
        .addUniqueConstraint('change_requests_number', ['space_id', 'number'])
        .execute();
      await db.schema.createIndex('change_requests_by_update').on('change_requests').columns(['space_id', 'updated_at', 'id']).execute();
      await db.schema.createIndex('change_requests_by_status').on('change_requests').columns(['space_id', 'status']).execute();

      await db.schema
        .createTable('objects')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('markdown', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
