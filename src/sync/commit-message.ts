/**
 * Messages of the commits sync makes from the space: `<PREFIX>-<change request number>: <subject>`, as the
 * hosted service's Git Sync writes them (`GITBOOK-12: Fix typo`), with the prefix configurable.
 */

/** What a commit made from a revision says about where it came from. */
export interface RevisionOrigin {
  /** The change request the revision was merged from, when it was. */
  changeRequest?: { number: number; subject: string } | undefined;
  revisionId: string;
}

/**
 * The message of the commit made from a revision.
 *
 * @example
 * exportCommitMessage('DOCS', { revisionId: 'r1', changeRequest: { number: 12, subject: 'Fix typo' } }) // → 'DOCS-12: Fix typo'
 * exportCommitMessage('DOCS', { revisionId: 'r1' }) // → 'DOCS: Edits in the space (revision r1)'
 */
export function exportCommitMessage(prefix: string, origin: RevisionOrigin): string {
  const { changeRequest } = origin;
  if (changeRequest === undefined) return `${prefix}: Edits in the space (revision ${origin.revisionId})`;
  const subject = changeRequest.subject.trim() === '' ? `Change request #${changeRequest.number}` : changeRequest.subject.trim();
  return `${prefix}-${changeRequest.number}: ${subject}`;
}
