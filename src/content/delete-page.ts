import type { ChangeRequestContentChangeDeletePage } from '@gitbook/api';
import type { ContentBatch } from './content-batch.ts';
import { existingPage } from './existing-page.ts';

/**
 * `delete_page`: removes a page and its subpages.
 *
 * @example
 * applyDeletePage(batch, { operation: 'delete_page', page: 'pageId' }, 0);
 */
export function applyDeletePage(batch: ContentBatch, change: ChangeRequestContentChangeDeletePage, index: number): void {
  const page = existingPage(batch.draft, change.page, index);
  for (const id of batch.draft.remove(page.id)) batch.deleted(id);
}
