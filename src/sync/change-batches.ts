/**
 * Splits planned changes into the batches `updateChangeRequestContent` takes: at most 50 changes, a bounded
 * request body, and never a change in the same batch as the change that creates a page or file it names (the
 * space gives the id only in its answer to that batch).
 *
 * The body is bounded by its estimated size in bytes (each change's JSON as sent, UTF-8), not by a count alone:
 * 409 changes of Markdown pages once made a body the server refused (413). Files over a few hundred KB are not in
 * the body at all: they are uploaded as streams before their batch (`PlannedChange.uploads`).
 */
import type { PlannedChange, SendableChange } from './planned-change.ts';

/** The most changes in one batch (the published `maxItems`). */
export const maxChangesPerBatch = 50;
/**
 * The most bytes one batch's request body is estimated to carry: 4 MiB, well under the 10 MiB a Quire server
 * takes by default (and the limits of proxies in front of servers), so a batch is never refused for its size.
 */
export const maxBatchBytes = 4 * 1024 * 1024;

/** The limits of a batch. */
export interface BatchLimits {
  maxChanges: number;
  maxBytes: number;
}

/** The envelope around the changes: `{"changes":[` … `]}`. */
const envelopeBytes = 14;

/**
 * The bytes a change adds to a request body: its JSON as sent, in UTF-8, and the comma before it.
 *
 * @example
 * estimatedChangeBytes({ operation: 'delete_page', page: 'p1' }) // → 41
 */
export function estimatedChangeBytes(change: unknown): number {
  return Buffer.byteLength(JSON.stringify(change), 'utf8') + 1;
}

/**
 * Batches `planned` in order. Changes without a `change` (failures planned as such) are left out. A change
 * larger than `maxBytes` on its own goes alone in its batch.
 *
 * @example
 * batchChanges(planned).map((batch) => batch.length) // → [50, 50, 12]
 */
export function batchChanges(planned: readonly PlannedChange[], limits: BatchLimits = { maxChanges: maxChangesPerBatch, maxBytes: maxBatchBytes }): SendableChange[][] {
  const batches: SendableChange[][] = [];
  let current: SendableChange[] = [];
  let bytes = envelopeBytes;
  let created = new Set<string>();
  for (const candidate of planned) {
    if (candidate.change === undefined) continue;
    const item = candidate as SendableChange;
    const size = estimatedChangeBytes(item.change);
    const full = current.length >= limits.maxChanges || (current.length > 0 && bytes + size > limits.maxBytes);
    if (full || item.needs.some((placeholder) => created.has(placeholder))) {
      batches.push(current);
      current = [];
      bytes = envelopeBytes;
      created = new Set();
    }
    current.push(item);
    bytes += size;
    for (const placeholder of item.creates) created.add(placeholder);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * A batch the server refused for its size (413) is sent again as two halves; this says where to cut.
 *
 * @example
 * halves([a, b, c]) // → [[a], [b, c]]
 */
export function halves<T>(batch: readonly T[]): [T[], T[]] {
  const middle = Math.floor(batch.length / 2);
  return [batch.slice(0, middle), batch.slice(middle)];
}
