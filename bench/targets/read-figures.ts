// The figures issue 17's targets are judged on, read from what each of its benchmarks prints (bench/targets/run.ts
// saves their standard output). Pure. A figure that cannot be found throws BenchOutputError naming the benchmark
// and what was looked for: a benchmark whose output changed must not be judged on a figure that is not there.

/** A benchmark's output does not hold a figure it should. */
export class BenchOutputError extends Error {
  constructor(bench: string, missing: string) {
    super(`${bench}: no ${missing} in its output (did the benchmark fail, or change what it prints?)`);
    this.name = 'BenchOutputError';
  }
}

/** One size of bench/export/run-mixed.ts: the median rounds of `quire export --site` and Hugo, and each round's ratio. */
export interface ExportFigures {
  pages: number;
  rounds: number[];
  /** The median of the rounds' export ÷ Hugo ratios. */
  medianRatio: number;
  exportSeconds: number;
  exportPeakMiB: number;
  /** Pages a second over the whole command (the median round). */
  pagesPerSecond: number;
  /** Pages a second of `exportSite` alone, once the site is read. */
  steadyPagesPerSecond: number;
  hugoSeconds: number;
  hugoPeakMiB: number;
  /**
   * Hugo writing the site's search data too, for comparison only (not judged): its median round and each round's
   * export ÷ it. Absent from outputs of the bench before it ran that peer.
   */
  searchPeer?: { seconds: number; rounds: number[]; medianRatio: number };
}

/**
 * Every size bench/export/run-mixed.ts measured, in the order it printed them.
 *
 * @example
 * readExportFigures(output)[0] // → { pages: 1000, medianRatio: 0.96, exportSeconds: 0.72, … }
 */
export function readExportFigures(output: string): ExportFigures[] {
  const sizes = output.split(/\n(?=[\d,]+ pages: )/).filter((part) => /^[\d,]+ pages: /.test(part));
  if (sizes.length === 0) throw new BenchOutputError('bench/export/run-mixed.ts', 'line "<N> pages: …"');
  return sizes.map((part) => {
    const pages = Number(part.slice(0, part.indexOf(' ')).replaceAll(',', ''));
    const bench = `bench/export/run-mixed.ts at ${pages} pages`;
    const ratios = match(bench, part, /export ÷ Hugo in each round: ([\d. ]+) \(median ([\d.]+)\)/, 'line "export ÷ Hugo in each round"');
    const exported = match(bench, part, /quire export --site\s+([\d.]+) s\s+cpu\s+[\d.]+ s\s+peak\s+(\d+) MiB\s+(\d+) pages\/s/, 'row "quire export --site"');
    const steady = match(bench, part, /exportSite [\d.]+ s = (\d+) pages\/s steady/, '"exportSite … pages/s steady" of the export');
    const hugo = match(bench, part, /\n\s+hugo\s+([\d.]+) s\s+cpu\s+[\d.]+ s\s+peak\s+(\d+) MiB/, 'row "hugo"');
    const searchRatios = /export ÷ Hugo with search data in each round: ([\d. ]+) \(median ([\d.]+)\)/.exec(part);
    const searchHugo = /\n\s+hugo, search data\s+([\d.]+) s\s+cpu/.exec(part);
    const searchPeer =
      searchRatios === null || searchHugo === null ? undefined : { seconds: Number(searchHugo[1]), rounds: searchRatios[1]!.trim().split(/\s+/).map(Number), medianRatio: Number(searchRatios[2]) };
    return {
      pages,
      rounds: ratios[1]!.trim().split(/\s+/).map(Number),
      medianRatio: Number(ratios[2]),
      exportSeconds: Number(exported[1]),
      exportPeakMiB: Number(exported[2]),
      pagesPerSecond: Number(exported[3]),
      steadyPagesPerSecond: Number(steady[1]),
      hugoSeconds: Number(hugo[1]),
      hugoPeakMiB: Number(hugo[2]),
      ...(searchPeer === undefined ? {} : { searchPeer }),
    };
  });
}

/** One block family of bench/render/families.ts. */
export interface FamilyFigures {
  family: string;
  /** Pages the fast body path rendered, of `pages`. */
  fast: number;
  pages: number;
  /** Milliseconds a page as the export renders it (whichever path it takes). */
  renderedMs: number;
}

/**
 * The rows of bench/render/families.ts's table.
 *
 * @example
 * readFamilyFigures(output)[0] // → { family: 'plain prose (no block)', fast: 300, pages: 300, renderedMs: 0.109 }
 */
export function readFamilyFigures(output: string): FamilyFigures[] {
  const rows = [...output.matchAll(/^\| ([^|]+?) \| (\d+) \/ (\d+) \| [\d.]+ \| ([\d.]+) \|$/gm)];
  if (rows.length === 0) throw new BenchOutputError('bench/render/families.ts', 'row "| family | taken / pages | full ms | rendered ms |"');
  return rows.map((row) => ({ family: row[1]!, fast: Number(row[2]), pages: Number(row[3]), renderedMs: Number(row[4]) }));
}

/** One kind of commit of bench/sync/long-history.ts, on a fresh clone or a warm checkout. */
export interface HistoryCommitFigures {
  /** `one page, fresh clone`, `structural, warm checkout`, … */
  name: string;
  medianSeconds: number;
  maxSeconds: number;
  peakMiB: number;
}

export interface HistoryFigures {
  commits: HistoryCommitFigures[];
  serverPeakMiB: number;
  /** The repository's pack, as the bench printed it (`404 MB`). */
  pack: string;
}

/**
 * The summary line (JSON) of bench/sync/long-history.ts.
 *
 * @example
 * readHistoryFigures(output).commits.find((commit) => commit.name === 'structural, fresh clone')?.medianSeconds // → 0.38
 */
export function readHistoryFigures(output: string): HistoryFigures {
  const bench = 'bench/sync/long-history.ts';
  const summary = jsonLine(bench, output, (value) => 'server peak RSS' in value);
  const commits: HistoryCommitFigures[] = [];
  for (const [name, value] of Object.entries(summary)) {
    const figures = typeof value === 'string' ? /^([\d.]+) s \(max ([\d.]+)\), (\d+) MiB$/.exec(value) : null;
    if (figures !== null) commits.push({ name, medianSeconds: Number(figures[1]), maxSeconds: Number(figures[2]), peakMiB: Number(figures[3]) });
  }
  if (commits.length === 0) throw new BenchOutputError(bench, 'commit rows ("<s> s (max <s>), <n> MiB") in its summary');
  const server = /^(\d+) MiB$/.exec(String(summary['server peak RSS']));
  if (server === null) throw new BenchOutputError(bench, '"server peak RSS" in MiB');
  return { commits, serverPeakMiB: Number(server[1]), pack: String(summary['pack']) };
}

export interface ServiceFigures {
  readsPerSecond: number;
  readP99Ms: number;
  mergeMedianMs: number;
  mergeP90Ms: number;
}

/**
 * The page read and the merge of bench/service/run.ts.
 *
 * @example
 * readServiceFigures(output) // → { readsPerSecond: 9346, readP99Ms: 8.8, mergeMedianMs: 1.4, mergeP90Ms: 3.5 }
 */
export function readServiceFigures(output: string): ServiceFigures {
  const bench = 'bench/service/run.ts';
  const read = match(bench, output, /^read a page\s+([\d.]+) req\/s, p50 [\d.]+ ms, p99 ([\d.]+) ms/m, 'line "read a page"');
  const merge = match(bench, output, /^merge a one-page change request: median ([\d.]+) ms, p90 ([\d.]+) ms/m, 'line "merge a one-page change request"');
  return { readsPerSecond: Number(read[1]), readP99Ms: Number(read[2]), mergeMedianMs: Number(merge[1]), mergeP90Ms: Number(merge[2]) };
}

export interface ImportFigures {
  pages: number;
  ms: number;
  cpuMs: number;
  /** The sync process's peak resident memory. */
  peakMiB: number;
  requests: number;
  serverPeakMiB: number;
  /** With `--runs`: each run's time, in the order they ran (`ms` is their median); the peaks are the highest of all. */
  runsMs?: number[];
}

/**
 * The report (JSON) of bench/sync/initial-import.ts: the run of median time, and with `--runs` every run's time
 * and the highest peaks of them all.
 *
 * @example
 * readImportFigures(output) // → { pages: 10000, ms: 2582, cpuMs: 2100, peakMiB: 231, requests: 30, serverPeakMiB: 522 }
 */
export function readImportFigures(output: string): ImportFigures {
  const bench = 'bench/sync/initial-import.ts';
  const start = output.indexOf('{');
  let report: {
    pages?: number;
    sync?: { ms?: number; cpuMs?: number; maxRssMb?: number; requests?: { total?: number } };
    server?: { maxRssMb?: number };
    runs?: Array<{ ms?: number; maxRssMb?: number; serverMaxRssMb?: number }>;
  };
  try {
    report = JSON.parse(start < 0 ? '' : output.slice(start)) as typeof report;
  } catch {
    throw new BenchOutputError(bench, 'JSON report');
  }
  const { pages, sync, server } = report;
  if (pages === undefined || sync?.ms === undefined || sync.cpuMs === undefined || sync.maxRssMb === undefined || sync.requests?.total === undefined || server?.maxRssMb === undefined) {
    throw new BenchOutputError(bench, 'pages, sync.ms, sync.cpuMs, sync.maxRssMb, sync.requests.total and server.maxRssMb in the report');
  }
  // The bench's maxRssMb is GNU time's %M (KiB) / 1024, and the server's VmHWM in MiB: MiB.
  const figures: ImportFigures = { pages, ms: sync.ms, cpuMs: sync.cpuMs, peakMiB: sync.maxRssMb, requests: sync.requests.total, serverPeakMiB: server.maxRssMb };
  if (report.runs === undefined) return figures;
  const runs = report.runs;
  if (runs.length === 0 || runs.some((run) => run.ms === undefined || run.maxRssMb === undefined || run.serverMaxRssMb === undefined)) {
    throw new BenchOutputError(bench, 'ms, maxRssMb and serverMaxRssMb in each of runs');
  }
  return {
    ...figures,
    peakMiB: Math.max(...runs.map((run) => run.maxRssMb!)),
    serverPeakMiB: Math.max(...runs.map((run) => run.serverMaxRssMb!)),
    runsMs: runs.map((run) => run.ms!),
  };
}

export interface ActionSyncFigures {
  pages: number;
  /** The median of the one-page syncs on a fresh checkout (no location cache), as the Action runs. */
  medianMs: number;
  cpuMs: number;
  maxRequests: number;
  wholeRevisionReads: number;
}

/**
 * The fresh-clone row of bench/sync/run.ts at `pages` pages.
 *
 * @example
 * readActionSyncFigures(output, 10000) // → { pages: 10000, medianMs: 21, cpuMs: 24, maxRequests: 10, wholeRevisionReads: 0 }
 */
export function readActionSyncFigures(output: string, pages: number): ActionSyncFigures {
  const bench = `bench/sync/run.ts at ${pages} pages`;
  const row = jsonLine(bench, output, (value) => value['pages'] === pages);
  const key = Object.keys(row).find((name) => name.startsWith('one page changed, fresh clone'));
  const figures = key === undefined ? null : /^(\d+) ms, CPU (\d+) ms, (\d+) requests at most, (\d+) whole-revision reads$/.exec(String(row[key]));
  if (figures === null) throw new BenchOutputError(bench, '"one page changed, fresh clone": "<ms> ms, CPU <ms> ms, <n> requests at most, <n> whole-revision reads"');
  return { pages, medianMs: Number(figures[1]), cpuMs: Number(figures[2]), maxRequests: Number(figures[3]), wholeRevisionReads: Number(figures[4]) };
}

function match(bench: string, text: string, pattern: RegExp, what: string): RegExpExecArray {
  const found = pattern.exec(text);
  if (found === null) throw new BenchOutputError(bench, what);
  return found;
}

/** The first line of `output` that is a JSON object for which `wanted` holds. */
function jsonLine(bench: string, output: string, wanted: (value: Record<string, unknown>) => boolean): Record<string, unknown> {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (typeof value === 'object' && value !== null && !Array.isArray(value) && wanted(value as Record<string, unknown>)) return value as Record<string, unknown>;
    } catch {
      // not a JSON line after all: keep looking
    }
  }
  throw new BenchOutputError(bench, 'JSON summary line');
}
