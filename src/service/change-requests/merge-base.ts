import type { ChangeRequestRecord } from '../../store/index.ts';

/**
 * The space revision a change request is based on: the last one it was brought up to date with
 * (`revisionMergedAncestor`, set by `update`), else the one it was created from (`revisionInitial`). It is the
 * base of the three-way merge of the change request with the space, and `outdated` is true when the space's
 * head is no longer it.
 *
 * @example
 * mergeBaseOf(changeRequest) // → 'r42'
 */
export function mergeBaseOf(record: ChangeRequestRecord): string {
  return record.revisionMergedAncestor ?? record.revisionInitial;
}
