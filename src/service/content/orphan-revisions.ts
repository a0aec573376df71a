import { QuireError } from '../../errors/index.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * How old a revision no history reaches must be before it is discarded (1 minute): a writer in another process
 * may still be about to move a head to a younger one (between `putRevision` and its compare-and-set).
 */
export const defaultOrphanGraceMs = 60_000;

/**
 * Discards the revisions no history reaches that are older than `graceMs`: what a writer killed between writing
 * its revision and moving a head leaves behind (a writer that loses the compare-and-set discards its own at once).
 * `quire serve` runs it at start and every few minutes. Returns how many.
 *
 * @example
 * await discardOrphanRevisions({ store, clock: () => new Date() }); // → 0
 */
export async function discardOrphanRevisions(ctx: Pick<ServiceContext, 'store' | 'clock'>, graceMs: number = defaultOrphanGraceMs): Promise<number> {
  const createdBefore = new Date(ctx.clock().getTime() - graceMs).toISOString();
  return (await ctx.store.discardOrphanRevisions({ createdBefore })).length;
}

/**
 * The grace of `discardOrphanRevisions` from `QUIRE_ORPHAN_GRACE_MS` (milliseconds, 0 or more; 0 suits a data
 * folder only one process writes), else 1 minute.
 *
 * @example
 * orphanGraceOption('0') // → 0
 */
export function orphanGraceOption(environment: string | undefined): number {
  if (environment === undefined || environment.trim() === '') return defaultOrphanGraceMs;
  const graceMs = Number(environment);
  if (!Number.isSafeInteger(graceMs) || graceMs < 0) {
    throw new QuireError('INVALID_ARGUMENT', `QUIRE_ORPHAN_GRACE_MS must be a whole number of milliseconds, 0 or more, not ${JSON.stringify(environment)}`, { field: 'QUIRE_ORPHAN_GRACE_MS' });
  }
  return graceMs;
}
