import type { SnapshotDocumentPage, SnapshotPage } from '../model/revision-snapshot.ts';

/**
 * The id of a page's body, when it is a document page that has one (`documentId` absent means an empty page).
 *
 * @example
 * documentIdOfPage(page) // → 'k3J...' or undefined
 */
export function documentIdOfPage(page: SnapshotPage): string | undefined {
  if (page.type !== 'document' || !('documentId' in page)) return undefined;
  return typeof page.documentId === 'string' && page.documentId !== '' ? page.documentId : undefined;
}

/**
 * The page naming another body (`undefined`: an empty page). Returns a new object.
 *
 * @example
 * withDocumentId(page, documentIdOf(body))
 */
export function withDocumentId(page: SnapshotDocumentPage, documentId: string | undefined): SnapshotDocumentPage {
  const { documentId: _old, ...rest } = page as SnapshotDocumentPage & { documentId?: string };
  return (documentId === undefined ? rest : { ...rest, documentId }) as SnapshotDocumentPage;
}
