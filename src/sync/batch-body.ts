/**
 * What a batch of planned changes sends: each change with its placeholders replaced by the ids the space gave, and
 * the body of a batch made ahead of its turn, while the space applies the batch before it.
 */
import { EncodedContentChanges, type ContentChange } from '../client/index.ts';
import { isPlaceholder, type SendableChange } from './planned-change.ts';

/**
 * `change` with each placeholder the space has given an id for replaced by that id (what it names: `page`, `into`,
 * `file`, `reusableContent`, `target.page`, `target.file`, and the keys of `source.summaryTitles`).
 *
 * @example
 * resolvePlaceholders({ operation: 'insert_page', into: '@quire-page-1', ref: 'quire-page-2', title: 'Setup' }, new Map([['@quire-page-1', 'p7']]))
 * // → { operation: 'insert_page', into: 'p7', ref: 'quire-page-2', title: 'Setup' }
 */
export function resolvePlaceholders(change: ContentChange, ids: ReadonlyMap<string, string>): ContentChange {
  const resolve = (value: unknown): unknown => (isPlaceholder(value) ? (ids.get(value) ?? value) : value);
  const copy: Record<string, unknown> = { ...(change as Record<string, unknown>) };
  for (const key of ['page', 'into', 'file', 'reusableContent']) if (key in copy) copy[key] = resolve(copy[key]);
  const target = copy['target'] as Record<string, unknown> | undefined;
  if (target !== undefined) copy['target'] = { ...target, ...('page' in target ? { page: resolve(target['page']) } : {}), ...('file' in target ? { file: resolve(target['file']) } : {}) };
  const source = copy['source'] as { summaryTitles?: Record<string, unknown> } | undefined;
  if (source?.summaryTitles) {
    copy['source'] = { ...source, summaryTitles: Object.fromEntries(Object.entries(source.summaryTitles).map(([key, value]) => [resolve(key) as string, value])) };
  }
  return copy as ContentChange;
}

/**
 * The request body of `batch`, made before its turn, when it will be exactly what `sendBatch` sends: every
 * placeholder it needs already has its id in `ids` (ids are only ever added), and it uploads no file first (an
 * upload the server refuses leaves its change out). Undefined otherwise: a batch that needs pages the batch
 * before creates waits for that batch's answer, as before. An initial import of 10,000 pages sends 21 batches of
 * which 18 need nothing from the one before.
 *
 * @example
 * const ahead = encodeBatchAhead(batches[1], ids); // while batches[0] is in flight
 * await sendBatch(batches[1], context, changeRequestId, ids, outcome, ahead);
 */
export function encodeBatchAhead(batch: readonly SendableChange[], ids: ReadonlyMap<string, string>): EncodedContentChanges | undefined {
  for (const planned of batch) {
    if ((planned.uploads?.length ?? 0) > 0 || planned.needs.some((placeholder) => !ids.has(placeholder))) return undefined;
  }
  return EncodedContentChanges.of(batch.map((planned) => resolvePlaceholders(planned.change, ids)));
}
