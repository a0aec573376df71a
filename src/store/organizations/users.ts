import { checkText, notFound } from '../field-checks.ts';
import type { UsersTable } from '../database-schema.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** A user (the published `User` without `object` and `urls`). */
export interface UserRecord {
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewUser {
  /** Default: a generated id. */
  id?: string;
  displayName: string;
  email?: string;
  photoURL?: string;
}

export interface UserPatch {
  displayName?: string;
  /** null removes it. */
  email?: string | null;
  photoURL?: string | null;
}

export interface UserStore {
  /**
   * Creates a user. `CONFLICT` when the e-mail address (or id) is taken.
   *
   * @example
   * const ada = await store.createUser({ displayName: 'Ada', email: 'ada@example.com' });
   */
  createUser(input: NewUser): Promise<UserRecord>;
  /** A user by id; `NOT_FOUND` when there is none. */
  getUser(id: string): Promise<UserRecord>;
  /** A user by e-mail address, or undefined. */
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  updateUser(id: string, patch: UserPatch): Promise<UserRecord>;
  /** Every user, oldest first. */
  listUsers(options?: ListOptions): Promise<ListPage<UserRecord>>;
}

/**
 * The user methods of a Store.
 *
 * @example
 * const users = userStore(context);
 */
export function userStore(context: StoreContext): UserStore {
  const get = async (id: string): Promise<UserRecord> => {
    const row = await context.rowUnlessChanged(`user:${id}`, () => context.db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
    if (row === undefined) throw notFound('user', id);
    return toUser(row);
  };
  return {
    async createUser(input) {
      const now = context.timestamp();
      const row: UsersTable = {
        id: input.id ?? context.newId(),
        display_name: checkText('displayName', input.displayName, { max: 200 }),
        email: input.email === undefined ? null : checkText('email', input.email, { min: 1, max: 320 }),
        photo_url: input.photoURL === undefined ? null : checkText('photoURL', input.photoURL, { max: 2048 }),
        created_at: now,
        updated_at: now,
      };
      await context.db().insertInto('users').values(row).execute();
      return toUser(row);
    },
    getUser: get,
    async findUserByEmail(email) {
      const row = await context.db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      return row === undefined ? undefined : toUser(row);
    },
    async updateUser(id, patch) {
      const changes: Partial<UsersTable> = { updated_at: context.timestamp() };
      if (patch.displayName !== undefined) changes.display_name = checkText('displayName', patch.displayName, { max: 200 });
      if (patch.email !== undefined) changes.email = patch.email === null ? null : checkText('email', patch.email, { min: 1, max: 320 });
      if (patch.photoURL !== undefined) changes.photo_url = patch.photoURL === null ? null : checkText('photoURL', patch.photoURL, { max: 2048 });
      const result = await context.db().updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('user', id);
      return get(id);
    },
    listUsers(options = {}) {
      return listPage(
        context.db().selectFrom('users').selectAll(),
        {
          scope: 'users',
          keys: [
            { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toUser),
      );
    },
  };
}

/**
 * A users row as a record.
 *
 * @example
 * toUser(row).displayName
 */
export function toUser(row: UsersTable): UserRecord {
  return {
    id: row.id,
    displayName: row.display_name,
    ...(row.email === null ? {} : { email: row.email }),
    ...(row.photo_url === null ? {} : { photoURL: row.photo_url }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
