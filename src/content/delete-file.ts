import type { ContentBatch } from './content-batch.ts';
import type { QuireDeleteFileChange } from './quire-changes.ts';
import { existingFileIndex } from './update-file.ts';

/**
 * `quire_delete_file` (docs/api-extensions.md): removes a file. References to it left in pages become broken
 * links, as when a file is deleted from the repository.
 *
 * @example
 * applyDeleteFile(batch, { operation: 'quire_delete_file', file: 'logoId' }, 0);
 */
export function applyDeleteFile(batch: ContentBatch, change: QuireDeleteFileChange, index: number): void {
  batch.files.splice(existingFileIndex(batch, change.file, index), 1);
}
