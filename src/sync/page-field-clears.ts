/**
 * A Markdown document sets the page metadata its frontmatter names; it does not remove what its frontmatter no
 * longer names. When a key was removed from a page file, the update says so explicitly, with the values that
 * `RevisionPageUpdate` documents as "remove" (an empty string, or false).
 */

/** The metadata fields of a page that an update can clear. */
export interface ClearablePageFields {
  description?: string | undefined;
  emoji?: string | undefined;
  icon?: string | undefined;
  condition?: string | undefined;
  hidden?: boolean | undefined;
  noIndex?: boolean | undefined;
  noRobotsIndex?: boolean | undefined;
}

/**
 * The fields to send so that what `before` had and `after` lacks is removed.
 *
 * @example
 * pageFieldClears({ description: 'Old', hidden: true }, {}) // → { description: '', hidden: false }
 */
export function pageFieldClears(before: ClearablePageFields, after: ClearablePageFields): ClearablePageFields {
  const clears: ClearablePageFields = {};
  for (const key of ['description', 'emoji', 'icon', 'condition'] as const) {
    if (before[key] !== undefined && before[key] !== '' && (after[key] === undefined || after[key] === '')) clears[key] = '';
  }
  for (const key of ['hidden', 'noIndex', 'noRobotsIndex'] as const) {
    if (before[key] === true && after[key] !== true) clears[key] = false;
  }
  return clears;
}
