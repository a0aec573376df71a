import { pathSegmentProblem } from '../model/git-path-rules.ts';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';

/**
 * The page metadata a change may set (the published `RevisionPageUpdate`), checked. For `emoji`, `icon`,
 * `condition` and `description`, `null` here means "remove" (the change said it with an empty string).
 */
export interface PageFieldUpdate {
  title?: string;
  slug?: string;
  /** The sidebar title (SUMMARY.md's link title); `null` removes it. */
  linkTitle?: string | null;
  emoji?: string | null;
  icon?: string | null;
  description?: string | null;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  condition?: string | null;
}

const slugPattern = /^(?:[\p{L}\p{N}_][\p{L}\p{N}._-]*)?$/u;

/**
 * Checks the `RevisionPageUpdate` fields of a change and returns them normalised. A slug becomes a folder or a
 * file name in the Git layout, so it may hold letters, digits, `-`, `_` and `.` only (never `/` or `..`).
 *
 * @example
 * readPageFieldUpdate({ title: 'Install', emoji: '' }, 2) // → { title: 'Install', emoji: null }
 */
export function readPageFieldUpdate(change: Readonly<Record<string, unknown>>, index: number): PageFieldUpdate {
  const update: PageFieldUpdate = {};
  const text = (key: string, check: (value: string) => string | undefined) => {
    const value = change[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidChange(index, key, 'must be a string');
    const problem = check(value);
    if (problem !== undefined) throw invalidChange(index, key, problem);
    return value;
  };
  const oneLine = (value: string) => (/[\r\n]/.test(value) ? 'must be a single line' : undefined);

  const title = text('title', (value) => (value.trim() === '' ? 'must not be empty' : oneLine(value)));
  if (title !== undefined) update.title = title.trim();
  const slug = text('slug', (value) => {
    if (value.length > 100) return 'must be at most 100 characters';
    if (!slugPattern.test(value)) return `"${value}" is not a valid slug: use letters, digits, "-", "_" and "." (not first)`;
    // A slug names a file or a folder in the Git layout: held to the segment rules (no trailing dot).
    const problem = value === '' ? undefined : pathSegmentProblem(value);
    return problem === undefined ? undefined : `"${value}" is not a valid slug: ${problem}`;
  });
  if (slug !== undefined) update.slug = slug;
  // `linkTitle`: an empty string (or null, which sync sends) removes it.
  if (change['linkTitle'] === null) update.linkTitle = null;
  else {
    const linkTitle = text('linkTitle', (value) => (value.length > 100 ? 'must be at most 100 characters' : oneLine(value)));
    if (linkTitle !== undefined) update.linkTitle = linkTitle === '' ? null : linkTitle;
  }
  for (const key of ['emoji', 'icon'] as const) {
    const value = text(key, (candidate) => (candidate.length > 50 ? 'must be at most 50 characters' : oneLine(candidate)));
    if (value !== undefined) update[key] = value === '' ? null : value;
  }
  const description = text('description', () => undefined);
  if (description !== undefined) update.description = description === '' ? null : description;
  const condition = text('condition', () => undefined);
  if (condition !== undefined) update.condition = condition.trim() === '' ? null : condition;
  for (const key of ['hidden', 'noIndex', 'noRobotsIndex'] as const) {
    const value = change[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw invalidChange(index, key, 'must be true or false');
    update[key] = value;
  }
  return update;
}

/** Which fields each kind of page has (the published `RevisionPage` variants). */
const fieldsOfType: Record<string, ReadonlySet<keyof PageFieldUpdate>> = {
  document: new Set(['title', 'slug', 'linkTitle', 'emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition']),
  group: new Set(['title', 'slug', 'linkTitle', 'emoji', 'icon', 'hidden', 'noIndex', 'noRobotsIndex', 'condition']),
  link: new Set(['title', 'linkTitle', 'emoji', 'icon', 'hidden', 'condition']),
  computed: new Set(['title', 'linkTitle', 'emoji', 'icon', 'condition']),
};

/**
 * The page with the update's fields set (or removed, for `null`). Refuses a field the page's type does not
 * have (a slug on a link, a description on a group). Returns a new object; `page` is not changed.
 *
 * @example
 * withPageFields(page, { title: 'Install', emoji: null }, 0)
 */
export function withPageFields<P extends SnapshotPage>(page: P, update: PageFieldUpdate, index: number): P {
  const allowed = fieldsOfType[page.type] ?? new Set();
  const next: Record<string, unknown> = { ...page };
  for (const [key, value] of Object.entries(update) as Array<[keyof PageFieldUpdate, unknown]>) {
    if (value === undefined) continue;
    if (!allowed.has(key)) throw invalidChange(index, key, `page ${page.id} is a ${page.type} page, which has no ${key}`);
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as P;
}

/**
 * The page with the fields a frontmatter sets: `undefined` removes a field. Only documents have a frontmatter.
 *
 * @example
 * withFieldValues(page, { hidden: true, icon: undefined })
 */
export function withFieldValues<P extends SnapshotPage>(page: P, fields: Readonly<Record<string, unknown>>): P {
  const next: Record<string, unknown> = { ...page };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as P;
}
