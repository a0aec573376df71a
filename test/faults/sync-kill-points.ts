// Where a `quire sync` child is SIGKILLed in the fault-injection runs (sync-kills.test.ts, bench/faults/run.ts):
// points drawn from a seed, read from the run's own progress lines, so that the same seed kills at the same step
// on a fast machine and on a slow one (only a kill "after a time" depends on the machine: its time counts from the
// run's first progress line, so that the process's start, which got several times quicker, does not use it up).
import type { SeededRandom } from '../support/seeded-random.ts';
import { spawnQuire } from '../support/serve-process.ts';

/** When it prints a stage, once a share of its changes is sent (then a pause), or a time after its first progress line. */
export type SyncKillPoint = { stage: string } | { sentShare: number; thenMs: number } | { afterMs: number };

const stages = ['reading the space and the repository', 'reading the repository', 'planning'];

/**
 * A kill point drawn from `random`.
 *
 * @example
 * const point = drawSyncKillPoint(seededRandom(31)); // e.g. { sentShare: 0.83, thenMs: 0 }
 */
export function drawSyncKillPoint(random: SeededRandom): SyncKillPoint {
  const kind = random.between(0, 3);
  if (kind === 0) return { stage: random.pick(stages) };
  // All sent, then a pause: the kill lands around the merge and the records of what was synced, which take a few
  // milliseconds now that a merge answers before the search index follows it and the sync starts in a third of the
  // time (a pause of up to 400 ms, then 20, mostly came after the run's end).
  if (kind === 1) return { sentShare: 1, thenMs: random.between(0, 4) };
  if (kind === 2) return { sentShare: random.between(1, 99) / 100, thenMs: 0 };
  // A 120-page import or update takes a few hundred milliseconds after its first line on this machine.
  return { afterMs: random.between(20, 600) };
}

/**
 * A kill point drawn from `random` that lands before the run's end whatever the machine's speed: at a stage, or
 * once at most two fifths of the changes are sent (a run with more than one batch still has one to send). The
 * first kill of each phase uses one, so that the runs do get killed mid-way however quick the sync becomes (the
 * time-drawn points of `drawSyncKillPoint` may all come after the end of a run that got faster).
 *
 * @example
 * const point = drawLandingSyncKillPoint(seededRandom(31)); // e.g. { stage: 'planning' }
 */
export function drawLandingSyncKillPoint(random: SeededRandom): SyncKillPoint {
  if (random.between(0, 1) === 0) return { stage: random.pick(stages) };
  return { sentShare: random.between(1, 40) / 100, thenMs: 0 };
}

const sentPattern = /(\d+)\/(\d+) changes sent/g;

function reached(stderr: string, point: SyncKillPoint): boolean {
  if ('stage' in point) return stderr.includes(`quire sync: ${point.stage}\n`);
  if ('sentShare' in point) {
    const last = [...stderr.matchAll(sentPattern)].at(-1);
    return last !== undefined && Number(last[1]) >= point.sentShare * Number(last[2]);
  }
  return false;
}

/** How a run given a kill point ended: killed, or done first (its exit code and output). */
export type SyncKillOutcome = { killed: true } | { killed: false; code: number | null; output: string };

/**
 * Runs `quire <args>` (a sync) and SIGKILLs it at `point`, unless it ends first.
 *
 * @example
 * const outcome = await syncKilledAt(['sync', '--dir', dir, '--api', baseUrl, '--space', spaceId], point);
 */
export async function syncKilledAt(args: string[], point: SyncKillPoint): Promise<SyncKillOutcome> {
  const run = spawnQuire(args);
  const kill = () => run.child.kill('SIGKILL');
  let timer: NodeJS.Timeout | undefined;
  run.child.stderr.on('data', () => {
    if (timer !== undefined) return;
    if ('afterMs' in point) timer = setTimeout(kill, point.afterMs);
    else if (reached(run.stderr(), point)) timer = setTimeout(kill, 'thenMs' in point ? point.thenMs : 0);
  });
  const exit = await run.exited;
  clearTimeout(timer);
  return exit.signal === 'SIGKILL' ? { killed: true } : { killed: false, code: exit.code, output: run.stdout() + run.stderr() };
}
