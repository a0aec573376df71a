import type { DirectorySource } from '../model/revision-bundle.ts';
import type { MergeConflict } from './merge-conflict.ts';
import { mergeValue } from './merge-fields.ts';

/** The parts of a `DirectorySource` that are records, merged key by key. */
const recordFields = ['heads', 'summaryTitles', 'redirects', 'extra', 'symlinks'] as const;
/** The parts merged whole. */
const wholeFields = ['config', 'root', 'structure', 'summaryText', 'varsText'] as const;

/**
 * Three-way merge of what the Markdown directory held beyond the revision: `.gitbook.yaml`, SUMMARY.md as
 * written, the heads of pages as written, extra files. Records merge key by key; heads and SUMMARY titles of pages
 * no longer in the tree are dropped. A page head changed differently on both sides is a conflict on that page.
 *
 * @example
 * mergeSource(base.source, ours.source, theirs.source, new Set(pageIds), conflicts)
 */
export function mergeSource(
  base: DirectorySource,
  ours: DirectorySource,
  theirs: DirectorySource,
  livePages: ReadonlySet<string>,
  conflicts: MergeConflict[],
): DirectorySource {
  const merged = { ...ours } as Record<string, unknown>;
  for (const field of wholeFields) {
    const result = mergeValue(base[field], ours[field], theirs[field]);
    if (!result.ok) conflicts.push({ field: `source.${field}`, reason: 'changed differently on both sides (the directory read on each side differs)' });
    if (result.ok && result.value !== undefined) merged[field] = result.value;
    else delete merged[field];
  }
  for (const field of recordFields) {
    const [b, o, t] = [base[field] as Record<string, unknown>, ours[field] as Record<string, unknown>, theirs[field] as Record<string, unknown>];
    const record: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(o), ...Object.keys(t)])) {
      if ((field === 'heads' || field === 'summaryTitles') && !livePages.has(key)) continue;
      const result = mergeValue(b[key], o[key], t[key]);
      if (!result.ok) {
        conflicts.push(field === 'heads' ? { pageId: key, field: 'head', reason: 'the page head (frontmatter and title line) was rewritten differently on both sides' } : { field: `source.${field}.${key}`, reason: 'changed differently on both sides' });
      } else if (result.value !== undefined) {
        record[key] = result.value;
      }
    }
    merged[field] = record;
  }
  return merged as unknown as DirectorySource;
}
