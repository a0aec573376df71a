// Issue 17's targets, judged on one round of its benchmarks (bench/targets/run.ts): a row a target, with the figure,
// the target as the issue states it, and whether it is met. Pure.
import type { ActionSyncFigures, ExportFigures, FamilyFigures, HistoryFigures, ImportFigures, ServiceFigures } from './read-figures.ts';

/** The figures of one round; a benchmark that did not run (or failed) is absent and its targets are reported as not measured. */
export interface RoundFigures {
  export?: ExportFigures[];
  families?: FamilyFigures[];
  history?: HistoryFigures;
  service?: ServiceFigures;
  import?: ImportFigures;
  actionSync?: ActionSyncFigures;
}

export interface TargetRow {
  work: string;
  figure: string;
  target: string;
  /** undefined: not measured in this round. */
  met: boolean | undefined;
}

/** "< 500 MB" in the issue: decimal megabytes, while the benchmarks report MiB. */
const memoryLimitMiB = 500e6 / 2 ** 20;
/** The export sizes the issue names (the runner measures these). */
export const exportSizes = [1000, 10000];
/** The space size of the import and of the Action-style sync. */
export const syncPages = 10000;

/**
 * A row for each of issue 17's targets.
 *
 * @example
 * judgeTargets({ service: { readsPerSecond: 9346, readP99Ms: 8.8, mergeMedianMs: 1.4, mergeP90Ms: 3.5 } })
 * // → [..., { work: 'service: read a page, …', figure: '9,346 req/s, p99 8.8 ms', target: '≥ 5,000 req/s, p99 < 20 ms', met: true }, ...]
 */
export function judgeTargets(round: RoundFigures): TargetRow[] {
  return [...exportRows(round.export), familiesRow(round.families), actionSyncRow(round.actionSync), importRow(round.import), historyRow(round.history), ...serviceRows(round.service)];
}

function exportRows(sizes: ExportFigures[] | undefined): TargetRow[] {
  const target = 'faster than Hugo (the paired rounds, a one-sided sign test at 5 %), ≥ 1,000 pages/s, < 500 MB';
  return exportSizes.map((pages) => {
    const work = `export, mixed content, ${pages.toLocaleString('en-US')} pages, through the API`;
    const size = sizes?.find((figures) => figures.pages === pages);
    if (size === undefined) return notMeasured(work, target);
    const { faster, p } = fasterRounds(size.rounds);
    const figure =
      `${size.exportSeconds.toFixed(2)} s against Hugo's ${size.hugoSeconds.toFixed(2)} s; rounds ${size.rounds.map((ratio) => ratio.toFixed(2)).join(', ')} ` +
      `(median ${size.medianRatio.toFixed(2)}; faster in ${faster} of ${size.rounds.length}, p = ${p.toFixed(3)}); ` +
      `${size.pagesPerSecond.toLocaleString('en-US')} pages/s (${size.steadyPagesPerSecond.toLocaleString('en-US')} steady); peak ${size.exportPeakMiB} MiB` +
      searchPeerNote(size);
    return { work, figure, target, met: p < fasterSignificance && size.pagesPerSecond >= 1000 && size.exportPeakMiB < memoryLimitMiB };
  });
}

/** Hugo writing search data too, as the figure shows it: for comparison, never judged. */
function searchPeerNote(size: ExportFigures): string {
  if (size.searchPeer === undefined) return '';
  const { faster } = fasterRounds(size.searchPeer.rounds);
  return `; not judged, Hugo also writing search data: ${size.searchPeer.seconds.toFixed(2)} s (median ratio ${size.searchPeer.medianRatio.toFixed(2)}, faster in ${faster} of ${size.searchPeer.rounds.length})`;
}

/**
 * "Faster than Hugo in the same run" is judged on the paired rounds (each round runs the export and Hugo one after
 * the other), not on the median ratio alone: the rounds of one run ranged from 0.86 to 1.14× Hugo on a quiet
 * machine, so a median of 0.96 says the two are level. The export is faster when it is faster in so many rounds
 * that, were the two level (each round a coin toss), that many or more would come up less than 5 % of the time:
 * all 5 of 5 rounds, 12 of 15.
 */
const fasterSignificance = 0.05;

/**
 * In how many of the paired rounds the export was faster (its ratio to Hugo, as printed to two decimals, under 1), and
 * the one-sided sign test's chance of that many were the two level. What run-mixed.ts prints and the target is judged by.
 *
 * @example
 * fasterRounds([0.96, 0.86, 0.97, 1.03, 0.87]) // → { faster: 4, p: 0.1875 }
 */
export function fasterRounds(ratios: readonly number[]): { faster: number; p: number } {
  const faster = ratios.filter((ratio) => Number(ratio.toFixed(2)) < 1).length;
  return { faster, p: signTestPValue(faster, ratios.length) };
}

/**
 * The one-sided sign test: the chance of `wins` or more of `rounds` fair coin tosses.
 *
 * @example
 * signTestPValue(5, 5) // → 0.03125
 * signTestPValue(4, 5) // → 0.1875
 */
export function signTestPValue(wins: number, rounds: number): number {
  let chance = 0;
  let ways = 1; // rounds choose k, from k = 0
  for (let k = 0; k <= rounds; k++) {
    if (k >= wins) chance += ways / 2 ** rounds;
    ways = (ways * (rounds - k)) / (k + 1);
  }
  return chance;
}

function familiesRow(families: FamilyFigures[] | undefined): TargetRow {
  const work = 'every block family';
  const target = 'the fast path, or < 0.5 ms a page as rendered';
  if (families === undefined) return notMeasured(work, target);
  const fast = families.filter((family) => family.fast === family.pages);
  const slowest = families.reduce((worst, family) => (family.renderedMs > worst.renderedMs ? family : worst));
  const missed = families.filter((family) => family.fast !== family.pages && family.renderedMs >= 0.5);
  const figure =
    `${fast.length} of ${families.length} families wholly on the fast path; the slowest as rendered: ${slowest.family}, ${slowest.renderedMs.toFixed(3)} ms a page` +
    (missed.length === 0 ? '' : `; missed: ${missed.map((family) => `${family.family} (${family.fast} / ${family.pages} fast, ${family.renderedMs.toFixed(3)} ms)`).join(', ')}`);
  return { work, figure, target, met: missed.length === 0 };
}

function actionSyncRow(sync: ActionSyncFigures | undefined): TargetRow {
  const work = 'Action-style sync, one page, fresh clone, 10,000 pages';
  const target = '≤ 10 requests, < 1 s, no whole-revision read';
  if (sync === undefined) return notMeasured(work, target);
  const figure = `median ${sync.medianMs} ms (CPU ${sync.cpuMs} ms), at most ${sync.maxRequests} requests, ${sync.wholeRevisionReads} whole-revision reads (${sync.pages.toLocaleString('en-US')} pages)`;
  return { work, figure, target, met: sync.pages >= syncPages && sync.maxRequests <= 10 && sync.medianMs < 1000 && sync.wholeRevisionReads === 0 };
}

function importRow(figures: ImportFigures | undefined): TargetRow {
  const work = 'initial import of 10,000 pages';
  const target = '< 5 s, sync process < 500 MB';
  if (figures === undefined) return notMeasured(work, target);
  const runs = figures.runsMs === undefined ? '' : `median of ${figures.runsMs.length} runs (${figures.runsMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s): `;
  const figure = `${runs}${(figures.ms / 1000).toFixed(2)} s (sync CPU ${(figures.cpuMs / 1000).toFixed(2)} s, peak ${figures.peakMiB} MiB${figures.runsMs === undefined ? '' : ', the highest run'}), ${figures.requests} requests; server peak ${figures.serverPeakMiB} MiB (${figures.pages.toLocaleString('en-US')} pages)`;
  return { work, figure, target, met: figures.pages >= syncPages && figures.ms < 5000 && figures.peakMiB < memoryLimitMiB };
}

function historyRow(history: HistoryFigures | undefined): TargetRow {
  const work = `one commit on the long-history repository`;
  const target = '< 1 s, every process < 500 MB';
  if (history === undefined) return notMeasured(work, target);
  const slowest = history.commits.reduce((worst, commit) => (commit.medianSeconds > worst.medianSeconds ? commit : worst));
  const peak = Math.max(history.serverPeakMiB, ...history.commits.map((commit) => commit.peakMiB));
  const figure = `${history.commits.map((commit) => `${commit.name} ${commit.medianSeconds.toFixed(2)} s`).join(', ')} (medians; pack ${history.pack}); processes at most ${peak} MiB (server ${history.serverPeakMiB})`;
  return { work, figure, target, met: slowest.medianSeconds < 1 && peak < memoryLimitMiB };
}

function serviceRows(service: ServiceFigures | undefined): TargetRow[] {
  const read = { work: 'service: read a page, 10,000-page space, 16 connections', target: '≥ 5,000 req/s, p99 < 20 ms' };
  const merge = { work: 'service: merge a one-page change request, 10,000-page space', target: '< 5 ms' };
  if (service === undefined) return [notMeasured(read.work, read.target), notMeasured(merge.work, merge.target)];
  return [
    { ...read, figure: `${Math.round(service.readsPerSecond).toLocaleString('en-US')} req/s, p99 ${service.readP99Ms} ms`, met: service.readsPerSecond >= 5000 && service.readP99Ms < 20 },
    { ...merge, figure: `median ${service.mergeMedianMs} ms, p90 ${service.mergeP90Ms} ms`, met: service.mergeMedianMs < 5 },
  ];
}

function notMeasured(work: string, target: string): TargetRow {
  return { work, figure: 'not measured in this round', target, met: undefined };
}

/**
 * The rows as a Markdown table, as BENCHMARKS.md writes them.
 *
 * @example
 * targetTable(judgeTargets(round)) // → '| work | figure | target | met |\n|---|---|---|---|\n| … |'
 */
export function targetTable(rows: readonly TargetRow[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const lines = rows.map((row) => `| ${cell(row.work)} | ${cell(row.figure)} | ${cell(row.target)} | ${row.met === undefined ? 'not measured' : row.met ? 'yes' : '**no**'} |`);
  return ['| work | figure | target | met |', '|---|---|---|---|', ...lines].join('\n');
}
