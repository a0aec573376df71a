import type { ContentRef, GitSyncBlob, RevisionPageComputed, Variables } from '@gitbook/api';

/*
 * Quire's change operations beyond the published union (docs/api-extensions.md): they carry what a Git
 * repository holds that the published operations cannot say (a file's bytes replaced under the same id, reusable
 * content, groups, link and computed pages, what the directory holds beyond pages and files). Their names start
 * with `quire_`. The wire shapes live here so that the server (src/content) and the client (src/client) share them.
 */

/** `quire_update_file`: replaces a file's bytes (and name), keeping its id. */
export interface QuireUpdateFileChange {
  operation: 'quire_update_file';
  file: string;
  /** The new bytes, at most 1 MB; or `blob`. */
  base64?: string;
  /** The SHA-256 of bytes uploaded with `POST /v1/spaces/{spaceId}/quire/blobs` (`file-uploads`). */
  blob?: string;
  contentType?: string;
  name?: string;
  git?: GitSyncBlob;
}

/** `quire_delete_file`: removes a file. */
export interface QuireDeleteFileChange {
  operation: 'quire_delete_file';
  file: string;
}

/** `quire_upsert_reusable_content`: creates (no id) or replaces reusable content (`.gitbook/includes/*.md`). */
export interface QuireUpsertReusableContentChange {
  operation: 'quire_upsert_reusable_content';
  reusableContent?: string;
  title?: string;
  document: { markdown: string };
  git?: GitSyncBlob;
}

/** `quire_delete_reusable_content`. */
export interface QuireDeleteReusableContentChange {
  operation: 'quire_delete_reusable_content';
  reusableContent: string;
}

/**
 * `quire_set_directory`: what the directory holds beyond pages and files, by key (`null` removes a key); the
 * paths of `extra` are set one by one (their bytes in base64, `null` removing one). `variables` replaces the
 * space's variables (`null` removes them).
 */
export interface QuireSetDirectoryChange {
  operation: 'quire_set_directory';
  source: {
    root?: string | null;
    structure?: { readme: string; summary: string } | null;
    redirects?: Record<string, string> | null;
    config?: { path: string; text: string } | null;
    summaryText?: string | null;
    varsText?: string | null;
    summaryTitles?: Record<string, { summary: string; title: string }> | null;
    extra?: Record<string, string | null> | null;
    symlinks?: Record<string, string> | null;
  };
  variables?: Variables | null;
}

/**
 * `quire_insert_page` (extension `page-kinds`): a group (root only), a link page or a computed page, which the
 * published `insert_page` cannot create. Update and delete them with `update_page` and `delete_page`.
 */
export interface QuireInsertPageChange {
  operation: 'quire_insert_page';
  type: 'group' | 'link' | 'computed';
  title: string;
  /** Groups only; made from the title when omitted. */
  slug?: string;
  linkTitle?: string;
  emoji?: string;
  icon?: string;
  hidden?: boolean;
  condition?: string;
  /** Link pages only: what the link leads to. */
  target?: ContentRef;
  /** Computed pages only: the computed source. */
  computed?: RevisionPageComputed['computed'];
  into?: string | null;
  at?: number;
  ref?: string;
}

/** Every `quire_*` change. */
export type QuireContentChange =
  | QuireInsertPageChange
  | QuireUpdateFileChange
  | QuireDeleteFileChange
  | QuireUpsertReusableContentChange
  | QuireDeleteReusableContentChange
  | QuireSetDirectoryChange;
