/**
 * Why a three-way merge could not be done cleanly: what it concerns (a page, a file, a reusable content, a
 * tag, a variable), the field, and a sentence for a human. Callers show the list; nothing was changed.
 */
export interface MergeConflict {
  pageId?: string;
  fileId?: string;
  reusableContentId?: string;
  tag?: string;
  variable?: string;
  /** `title`, `slug`, `document`, `parent`, `pages` (the order of subpages), `page` (deleted vs changed), ... */
  field: string;
  reason: string;
}
