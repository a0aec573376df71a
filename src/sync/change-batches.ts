/**
 * Splits planned changes into the batches `updateChangeRequestContent` takes: at most 50 changes, a few
 * megabytes, and never a change in the same batch as the change that creates a page or file it names (the
 * space gives the id only in its answer to that batch).
 */
import type { PlannedChange, SendableChange } from './planned-change.ts';

/** The most changes in one batch (the published `maxItems`). */
export const maxChangesPerBatch = 50;
/** The most bytes (base64 and Markdown) one batch carries, so no request grows past what servers accept. */
export const maxBatchWeight = 6 * 1024 * 1024;

/**
 * Batches `planned` in order. Changes without a `change` (failures planned as such) are left out.
 *
 * @example
 * batchChanges(planned).map((batch) => batch.length) // → [50, 50, 12]
 */
export function batchChanges(planned: readonly PlannedChange[], limits = { maxChanges: maxChangesPerBatch, maxWeight: maxBatchWeight }): SendableChange[][] {
  const batches: SendableChange[][] = [];
  let current: SendableChange[] = [];
  let weight = 0;
  let created = new Set<string>();
  for (const candidate of planned) {
    if (candidate.change === undefined) continue;
    const item = candidate as SendableChange;
    const full = current.length >= limits.maxChanges || (current.length > 0 && weight + item.weight > limits.maxWeight);
    if (full || item.needs.some((placeholder) => created.has(placeholder))) {
      batches.push(current);
      current = [];
      weight = 0;
      created = new Set();
    }
    current.push(item);
    weight += item.weight;
    for (const placeholder of item.creates) created.add(placeholder);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
