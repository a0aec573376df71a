/**
 * Splits planned changes into the batches `updateChangeRequestContent` takes: at most 50 changes, a bounded
 * request body, and never a change in the same batch as the change that creates a page or file it names (the
 * space gives the id only in its answer to that batch), in as few batches as that allows.
 *
 * The body is bounded by its estimated size in bytes (each change's JSON as sent, UTF-8), not by a count alone:
 * 409 changes of Markdown pages once made a body the server refused (413). Files over a few hundred KB are not in
 * the body at all: they are uploaded as streams before their batch (`PlannedChange.uploads`).
 */
import type { QuireServerInfo } from '../client/index.ts';
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

/** The published API's limits. */
export const publishedBatchLimits: BatchLimits = { maxChanges: maxChangesPerBatch, maxBytes: maxBatchBytes };

/**
 * The limits of a server's batches, from what it announces: sync sends its batches with `origin=git`, which a
 * server offering `git-batches` takes up to `limits.maxGitBatchChanges` changes at a time (a tenth of the round
 * trips and revisions of an initial import); the published 50 otherwise. The byte bound stays.
 *
 * @example
 * batchLimitsOf({ object: 'quire', version: '0.1.0', extensions: ['git-batches'], limits: { maxFileBytes: 1e8, maxGitBatchChanges: 500 } }) // → { maxChanges: 500, maxBytes: 4194304 }
 */
export function batchLimitsOf(info: QuireServerInfo | undefined): BatchLimits {
  const announced = info?.extensions.includes('git-batches') ? info.limits?.maxGitBatchChanges : undefined;
  return announced !== undefined && Number.isInteger(announced) && announced > maxChangesPerBatch ? { ...publishedBatchLimits, maxChanges: announced } : publishedBatchLimits;
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
 * Batches `planned`. Changes without a `change` (failures planned as such) are left out. A change larger than
 * `maxBytes` on its own goes alone in its batch.
 *
 * Changes keep their order, but for one freedom: a page inserted (`insert_page`, `quire_insert_page`) may go into
 * an earlier batch than the changes planned before it, as long as it stays after the batch that creates what it
 * names, after the pages inserted before it into the same parent (so `at` counts the same siblings), and after
 * every change planned before it that is not a page insert (a move, a delete, a file...). Without it, a tree
 * planned parent before children cut a batch at every parent: a 10,000-page import took 511 batches, not 203.
 *
 * @example
 * batchChanges(planned).map((batch) => batch.length) // → [50, 50, 12]
 */
export function batchChanges(planned: readonly PlannedChange[], limits: BatchLimits = publishedBatchLimits): SendableChange[][] {
  const batches: Array<{ changes: SendableChange[]; bytes: number }> = [];
  /** The batch that creates each placeholder. */
  const creator = new Map<string, number>();
  /** By parent (`into`, '' for the root): the batch of the last page inserted into it. */
  const lastInsertInto = new Map<string, number>();
  /** The batch of the last change that keeps its place: no change after it goes into an earlier batch. */
  let floor = 0;
  /** Every batch before this one holds `maxChanges` changes. */
  let firstOpen = 0;
  const fits = (batch: { changes: SendableChange[]; bytes: number }, size: number) =>
    batch.changes.length < limits.maxChanges && (batch.changes.length === 0 || batch.bytes + size <= limits.maxBytes);
  for (const candidate of planned) {
    if (candidate.change === undefined) continue;
    const item = candidate as SendableChange;
    const size = estimatedChangeBytes(item.change);
    const parent = insertedInto(item.change);
    let index = parent === undefined ? Math.max(floor, batches.length - 1) : Math.max(floor, lastInsertInto.get(parent) ?? 0);
    for (const placeholder of item.needs) {
      const created = creator.get(placeholder);
      if (created !== undefined) index = Math.max(index, created + 1);
    }
    index = Math.max(index, firstOpen, 0);
    while (index < batches.length && !fits(batches[index]!, size)) index++;
    if (index === batches.length) batches.push({ changes: [], bytes: envelopeBytes });
    const batch = batches[index]!;
    batch.changes.push(item);
    batch.bytes += size;
    while (firstOpen < batches.length && batches[firstOpen]!.changes.length >= limits.maxChanges) firstOpen++;
    if (parent === undefined) floor = index;
    else lastInsertInto.set(parent, index);
    for (const placeholder of item.creates) creator.set(placeholder, index);
  }
  return batches.map((batch) => batch.changes);
}

/** The parent a change inserts a page into ('' for the root); undefined when it is not a page insert. */
function insertedInto(change: SendableChange['change']): string | undefined {
  const { operation, into } = change as { operation: string; into?: unknown };
  if (operation !== 'insert_page' && operation !== 'quire_insert_page') return undefined;
  return typeof into === 'string' ? into : '';
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
