import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import type { QuireDeleteReusableContentChange } from './quire-changes.ts';

/**
 * `quire_delete_reusable_content` (docs/api-extensions.md): removes reusable content. Pages that include it
 * keep their include, which becomes broken, as when the file is deleted from the repository.
 *
 * @example
 * applyDeleteReusableContent(batch, { operation: 'quire_delete_reusable_content', reusableContent: 'rcId' }, 0);
 */
export function applyDeleteReusableContent(batch: ContentBatch, change: QuireDeleteReusableContentChange, index: number): void {
  const id: unknown = change.reusableContent;
  if (typeof id !== 'string' || id === '') throw invalidChange(index, 'reusableContent', 'must be a reusable content id (a non-empty string)');
  const position = batch.reusableContents.findIndex((reusable) => reusable.id === id);
  if (position === -1) throw invalidChange(index, 'reusableContent', `reusable content ${id} is not in the change request`);
  batch.reusableContents.splice(position, 1);
  delete batch.heads[id];
}
