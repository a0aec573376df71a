import type { ChangeRequestContentChange } from '@gitbook/api';
import type { QuireContentChange } from '../model/quire-changes.ts';

export type { QuireUpdateFileChange, QuireDeleteFileChange, QuireUpsertReusableContentChange, QuireDeleteReusableContentChange, QuireSetDirectoryChange, QuireInsertPageChange, QuireContentChange } from '../model/quire-changes.ts';

/*
 * Quire's change operations beyond the published union (docs/api-extensions.md, `git-metadata`): they carry what
 * a Git repository holds that the published operations cannot say (a file's bytes replaced under the same id,
 * reusable content, what the directory holds beyond pages and files). Their names start with `quire_`.
 */

/**
 * A change `applyContentChanges` takes: the published union (whose `insert_page`, `update_page` and
 * `insert_files` items may also carry `git: { oid, path }`), or a `quire_*` change.
 */
export type ContentChange = ChangeRequestContentChange | QuireContentChange;

/** The operation names `applyContentChanges` knows, published first. */
export const contentOperations = [
  'insert_page',
  'update_page',
  'delete_page',
  'revert_page',
  'insert_files',
  'quire_insert_page',
  'quire_update_file',
  'quire_delete_file',
  'quire_upsert_reusable_content',
  'quire_delete_reusable_content',
  'quire_set_directory',
] as const;
