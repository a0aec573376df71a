// bench/targets: the figures read from what issue 17's benchmarks print, and the targets judged on them. The
// outputs below are excerpts of real runs (2026-12-05), so a benchmark that changes what it prints breaks here
// first, not in a round's table.
import { describe, expect, it } from 'vitest';
import { fasterRounds, judgeTargets, signTestPValue, targetTable, type RoundFigures } from '../bench/targets/judge-targets.ts';
import {
  BenchOutputError,
  readActionSyncFigures,
  readExportFigures,
  readFamilyFigures,
  readHistoryFigures,
  readImportFigures,
  readServiceFigures,
} from '../bench/targets/read-figures.ts';

const exportOutput = `machine: 2 × AMD EPYC, 24 GiB, Node v20.20.2; quire installed from the bundle just built, at /work/main/bench/.out/installed/package/bin/quire.js

1,000 pages: guides 500, api 300, admin 200 (/work/main/bench/.out/mixed-1000/site)
  loaded into quire serve (pid 10012) in 5.2 s, untimed; load average 0.96 0.92 0.55
  5 rounds, each export, build, Hugo in turn; the rows give the median round of each (by wall time):
    quire export  0.80 0.72 0.72 0.70 0.69 s
    hugo          0.83 0.84 0.74 0.68 0.79 s
    export ÷ Hugo in each round: 0.96 0.86 0.97 1.03 0.87 (median 0.96); faster in 4 of 5, one-sided sign test p = 0.188
  quire export --site       0.72 s  cpu   1.13 s  peak  144 MiB   1389 pages/s  9.5 MB in 1029 files  0.9× Hugo's wall, 0.9× its CPU
      start 0.11 s, fetch through the API and exit 0.06 s, exportSite 0.56 s = 1802 pages/s steady; server: 0.03 s CPU answering
  quire build <dir>         0.74 s  cpu   1.15 s  peak  144 MiB   1351 pages/s  9.4 MB in 1029 files  0.9× Hugo's wall, 1.0× its CPU
      reading the directory and start 0.22 s, exportSite 0.52 s = 1938 pages/s steady; 1000 pages, 0 broken links, 0 warnings
  hugo                      0.79 s  cpu   1.19 s  peak  171 MiB   1266 pages/s  5.5 MB in 1067 files
  quire export, 1st run     1.03 s  cpu   1.55 s  peak  149 MiB    971 pages/s  9.5 MB in 1029 files  1.3× Hugo's wall, 1.3× its CPU

10,000 pages: guides 5000, api 3000, admin 2000 (/work/main/bench/.out/mixed-10000/site)
    export ÷ Hugo in each round: 0.52 0.52 0.50 0.56 0.53 (median 0.52); faster in 5 of 5, one-sided sign test p = 0.031
  quire export --site       3.88 s  cpu   6.79 s  peak  341 MiB   2577 pages/s  93.6 MB in 10029 files  0.5× Hugo's wall, 0.6× its CPU
      start 0.11 s, fetch through the API and exit 0.37 s, exportSite 3.40 s = 2946 pages/s steady; server: 0.23 s CPU answering
  hugo                      7.30 s  cpu  12.32 s  peak 1235 MiB   1370 pages/s  53.6 MB in 10067 files
`;

const familiesOutput = `300 pages a family, 3 rounds; AMD EPYC × 2, Node v20.20.2, load average 1.4
| family | fast path takes | full path, ms a page (median) | as rendered, ms a page (median) |
|---|---|---|---|
| plain prose (no block) | 300 / 300 | 2.544 | 0.109 |
| OpenAPI blocks (specification loaded) | 300 / 300 | 2.829 | 0.425 |
| integration blocks (not rendered) | 300 / 300 | 2.269 | 0.101 |
`;

const historyOutput = `one page, fresh clone: 0.16 s (max 0.17), 61 MiB
structural, fresh clone: 0.38 s (max 0.39), 95 MiB
{"backend":"auto","pack":"404 MB","commits":3000,"loadavg":"1.19","initial sync (warm checkout)":"1.18 s, 152 MiB","one page, fresh clone":"0.16 s (max 0.17), 61 MiB","one page, warm checkout":"0.15 s (max 0.17), 61 MiB","structural, fresh clone":"0.38 s (max 0.39), 95 MiB","structural, warm checkout":"0.35 s (max 0.35), 95 MiB","no-op, fresh clone":"0.15 s (max 0.17), 62 MiB","no-op, warm checkout":"0.12 s (max 0.14), 60 MiB","server peak RSS":"249 MiB","loadavg after":"1.26"}
`;

const serviceOutput = `Space 9sFZOLLEzU8AzUteZQ1O: 10000 pages
read a page     9346 req/s, p50 1.5 ms, p99 8.8 ms, server CPU 113 µs a request (16 connections, 93550 requests, 0 errors, 2.0 KiB each)
list all pages  6.6 req/s, p50 535.3 ms, p99 1190.0 ms, server CPU 191.6 ms a request (4 connections, 67 requests, 0 errors, 6424.6 KiB each)
merge a one-page change request: median 1.4 ms, p90 3.5 ms, slowest 3.8 ms (15 merges, in order: 1.5, 1.5); the server's first 3, not counted: 3.8, 1.6, 2.6 ms
`;

const importOutput = JSON.stringify(
  { pages: 10000, loadavg: '0.99 1.18 0.87', sync: { ms: 2582, cpuMs: 2100, maxRssMb: 231, stages: [{ stage: 'planning', ms: 736 }], requests: { total: 30, retries: 0 } }, server: { maxRssMb: 522, cpuMs: 9000 } },
  null,
  1,
);

const syncOutput = [
  '{"pages":1000,"initial sync":"0.3 s","one page changed, fresh clone (median of 5)":"15 ms, CPU 16 ms, 10 requests at most, 0 whole-revision reads"}',
  '{"pages":10000,"initial sync":"2.3 s","initial requests":31,"one page changed, fresh clone (median of 5)":"21 ms, CPU 24 ms, 10 requests at most, 0 whole-revision reads"}',
  '',
].join('\n');

describe('reading the benchmarks’ figures', () => {
  it('reads each size of the mixed export: ratios, the median rounds of the export and Hugo, pages a second and peaks', () => {
    const sizes = readExportFigures(exportOutput);
    expect(sizes.map((size) => size.pages)).toEqual([1000, 10000]);
    expect(sizes[0]).toEqual({
      pages: 1000,
      rounds: [0.96, 0.86, 0.97, 1.03, 0.87],
      medianRatio: 0.96,
      exportSeconds: 0.72,
      exportPeakMiB: 144,
      pagesPerSecond: 1389,
      steadyPagesPerSecond: 1802,
      hugoSeconds: 0.79,
      hugoPeakMiB: 171,
    });
    expect(sizes[1]).toMatchObject({ medianRatio: 0.52, exportSeconds: 3.88, exportPeakMiB: 341, steadyPagesPerSecond: 2946, hugoSeconds: 7.3, hugoPeakMiB: 1235 });
  });

  it('reads the block families, the service, the long history, the import and the Action-style sync', () => {
    expect(readFamilyFigures(familiesOutput)).toEqual([
      { family: 'plain prose (no block)', fast: 300, pages: 300, renderedMs: 0.109 },
      { family: 'OpenAPI blocks (specification loaded)', fast: 300, pages: 300, renderedMs: 0.425 },
      { family: 'integration blocks (not rendered)', fast: 300, pages: 300, renderedMs: 0.101 },
    ]);
    expect(readServiceFigures(serviceOutput)).toEqual({ readsPerSecond: 9346, readP99Ms: 8.8, mergeMedianMs: 1.4, mergeP90Ms: 3.5 });
    const history = readHistoryFigures(historyOutput);
    expect(history.serverPeakMiB).toBe(249);
    expect(history.pack).toBe('404 MB');
    expect(history.commits).toHaveLength(6); // "initial sync (warm checkout)" is not a commit of the target
    expect(history.commits.find((commit) => commit.name === 'structural, fresh clone')).toEqual({ name: 'structural, fresh clone', medianSeconds: 0.38, maxSeconds: 0.39, peakMiB: 95 });
    expect(readImportFigures(importOutput)).toEqual({ pages: 10000, ms: 2582, cpuMs: 2100, peakMiB: 231, requests: 30, serverPeakMiB: 522 });
    expect(readActionSyncFigures(syncOutput, 10000)).toEqual({ pages: 10000, medianMs: 21, cpuMs: 24, maxRequests: 10, wholeRevisionReads: 0 });
  });

  it('reads an import of several runs as its median run, with the highest peaks of all runs', () => {
    const runs = [
      { ms: 4190, cpuMs: 3372, maxRssMb: 229, serverMaxRssMb: 510, loadavg: '0.5 0.5 0.5' },
      { ms: 5068, cpuMs: 4230, maxRssMb: 240, serverMaxRssMb: 498, loadavg: '0.9 0.6 0.5' },
      { ms: 4320, cpuMs: 3500, maxRssMb: 231, serverMaxRssMb: 530, loadavg: '0.7 0.6 0.5' },
    ];
    const report = { pages: 10000, loadavg: '0.7 0.6 0.5', sync: { ms: 4320, cpuMs: 3500, maxRssMb: 231, requests: { total: 30 } }, server: { maxRssMb: 530 }, runs };
    const figures = readImportFigures(JSON.stringify(report, null, 1));
    expect(figures).toEqual({ pages: 10000, ms: 4320, cpuMs: 3500, peakMiB: 240, requests: 30, serverPeakMiB: 530, runsMs: [4190, 5068, 4320] });
    const row = judgeTargets({ import: figures }).find((candidate) => candidate.work === 'initial import of 10,000 pages')!;
    expect(row.figure).toMatch(/^median of 3 runs \(4\.19, 5\.07, 4\.32 s\): 4\.32 s .*peak 240 MiB, the highest run\)/);
    expect(row.met).toBe(true);
    expect(() => readImportFigures(JSON.stringify({ ...report, runs: [{ ms: 4190 }] }))).toThrow(/serverMaxRssMb in each of runs/);
  });

  it('names the benchmark and the figure it could not find', () => {
    expect(() => readExportFigures('machine: …\n')).toThrow(BenchOutputError);
    expect(() => readExportFigures(exportOutput.replace('(median 0.96)', ''))).toThrow(/run-mixed\.ts at 1000 pages: no line "export ÷ Hugo in each round"/);
    expect(() => readServiceFigures(serviceOutput.replace(/^merge.*$/m, ''))).toThrow(/bench\/service\/run\.ts: no line "merge a one-page change request"/);
    expect(() => readImportFigures('sync failed: ECONNREFUSED')).toThrow(/initial-import\.ts: no JSON report/);
    expect(() => readImportFigures('{"pages":10000}')).toThrow(/sync\.ms/);
    expect(() => readActionSyncFigures(syncOutput, 2000)).toThrow(/run\.ts at 2000 pages: no JSON summary line/);
    expect(() => readFamilyFigures('')).toThrow(/families\.ts/);
    expect(() => readHistoryFigures('{"pack":"1 MB"}')).toThrow(/long-history\.ts: no JSON summary line/);
  });
});

describe('judging the targets', () => {
  const round = (): RoundFigures => ({
    export: readExportFigures(exportOutput),
    families: readFamilyFigures(familiesOutput),
    history: readHistoryFigures(historyOutput),
    service: readServiceFigures(serviceOutput),
    import: readImportFigures(importOutput),
    actionSync: readActionSyncFigures(syncOutput, 10000),
  });
  const met = (figures: RoundFigures) => Object.fromEntries(judgeTargets(figures).map((row) => [row.work, row.met]));

  it('notes Hugo writing search data beside the figure, for comparison, and judges on plain Hugo alone', () => {
    const withSearchPeer = exportOutput
      .replace(
        '(median 0.96); faster in 4 of 5, one-sided sign test p = 0.188\n',
        '(median 0.96); faster in 4 of 5, one-sided sign test p = 0.188\n    export ÷ Hugo with search data in each round: 0.81 0.72 0.80 0.85 0.74 (median 0.80); faster in 5 of 5, one-sided sign test p = 0.031\n',
      )
      .replace('  quire export, 1st run', '  hugo, search data         0.95 s  cpu   1.40 s  peak  175 MiB   1053 pages/s  7.8 MB in 1068 files  1.2× Hugo\'s wall, 1.2× its CPU\n  quire export, 1st run');
    const [thousand, tenThousand] = readExportFigures(withSearchPeer);
    expect(thousand!.searchPeer).toEqual({ seconds: 0.95, rounds: [0.81, 0.72, 0.8, 0.85, 0.74], medianRatio: 0.8 });
    // Its row is not taken for plain Hugo's, which comes first.
    expect(thousand!.hugoSeconds).toBe(0.79);
    expect(tenThousand!.searchPeer).toBeUndefined();
    const figures = { ...round(), export: [thousand!, tenThousand!] };
    const row = judgeTargets(figures)[0]!;
    // Faster than Hugo with search data in every round, level with plain Hugo: not met.
    expect(row.met).toBe(false);
    expect(row.figure).toMatch(/; not judged, Hugo also writing search data: 0\.95 s \(median ratio 0\.80, faster in 5 of 5\)$/);
    expect(judgeTargets(figures)[1]!.figure).not.toContain('search data');
  });

  it('meets every target on a round that does', () => {
    const figures = round();
    figures.export![0]!.rounds = [0.96, 0.86, 0.97, 0.98, 0.87];
    const rows = judgeTargets(figures);
    expect(rows).toHaveLength(8);
    expect(rows.filter((row) => row.met !== true)).toEqual([]);
    expect(rows[0]!.figure).toBe("0.72 s against Hugo's 0.79 s; rounds 0.96, 0.86, 0.97, 0.98, 0.87 (median 0.96; faster in 5 of 5, p = 0.031); 1,389 pages/s (1,802 steady); peak 144 MiB");
  });

  it('is level with Hugo when too few of the paired rounds are faster, whatever the median', () => {
    const figures = round(); // 1,000 pages as printed: faster in 4 of 5 rounds, median 0.96
    const row = judgeTargets(figures)[0]!;
    expect(row.met).toBe(false);
    expect(row.figure).toContain('(median 0.96; faster in 4 of 5, p = 0.188)');
    const fifteen = (faster: number) => [...Array<number>(faster).fill(0.9), ...Array<number>(15 - faster).fill(1)]; // 1.00 is not faster
    figures.export![0]!.rounds = fifteen(12);
    expect(judgeTargets(figures)[0]!.met).toBe(true);
    figures.export![0]!.rounds = fifteen(11);
    expect(judgeTargets(figures)[0]!.met).toBe(false);
  });

  it('gives the one-sided sign test’s chance of so many faster rounds were the two level', () => {
    expect(signTestPValue(5, 5)).toBeCloseTo(1 / 32, 12);
    expect(signTestPValue(4, 5)).toBeCloseTo(6 / 32, 12);
    expect(signTestPValue(0, 5)).toBeCloseTo(1, 12);
    expect(signTestPValue(12, 15)).toBeCloseTo(576 / 32768, 12); // C(15,12) + C(15,13) + C(15,14) + C(15,15) = 455 + 105 + 15 + 1
    expect(signTestPValue(11, 15)).toBeCloseTo(1941 / 32768, 12); // + C(15,11) = 1365
  });

  it('counts a round as faster by its ratio as printed: 0.996 shows as 1.00, a tie, and is not faster', () => {
    expect(fasterRounds([0.96, 0.994, 0.996, 1.0, 1.03])).toEqual({ faster: 2, p: 26 / 32 }); // C(5,2) + C(5,3) + C(5,4) + C(5,5) = 10 + 10 + 5 + 1
    expect(fasterRounds([0.9, 0.9, 0.9, 0.9, 0.9])).toEqual({ faster: 5, p: 1 / 32 });
  });

  it('counts 500 MB as 476.8 MiB', () => {
    const figures = round();
    figures.export![1]!.exportPeakMiB = 477;
    figures.import!.peakMiB = 476;
    const judged = met(figures);
    expect(judged['export, mixed content, 10,000 pages, through the API']).toBe(false);
    expect(judged['initial import of 10,000 pages']).toBe(true);
  });

  it('misses where a figure is over: the import at 5 s, the merge at 5 ms, the slowest commit, a process over 500 MB, an eleventh request', () => {
    const figures = round();
    figures.import!.ms = 5000;
    figures.service!.mergeMedianMs = 5;
    figures.service!.readP99Ms = 20;
    figures.history!.commits[3]!.medianSeconds = 1.02;
    figures.actionSync!.maxRequests = 11;
    const judged = met(figures);
    expect(judged['initial import of 10,000 pages']).toBe(false);
    expect(judged['service: merge a one-page change request, 10,000-page space']).toBe(false);
    expect(judged['service: read a page, 10,000-page space, 16 connections']).toBe(false);
    expect(judged['one commit on the long-history repository']).toBe(false);
    expect(judged['Action-style sync, one page, fresh clone, 10,000 pages']).toBe(false);
    const history = round();
    history.history!.serverPeakMiB = 480;
    expect(met(history)['one commit on the long-history repository']).toBe(false);
  });

  it('takes a family off the fast path when the full path is under 0.5 ms a page, and names the one that is not', () => {
    const figures = round();
    figures.families![0] = { family: 'plain prose (no block)', fast: 200, pages: 300, renderedMs: 0.49 };
    expect(met(figures)['every block family']).toBe(true);
    figures.families![1] = { family: 'OpenAPI blocks (specification loaded)', fast: 299, pages: 300, renderedMs: 0.5 };
    const row = judgeTargets(figures).find((judged) => judged.work === 'every block family')!;
    expect(row.met).toBe(false);
    expect(row.figure).toContain('missed: OpenAPI blocks (specification loaded) (299 / 300 fast, 0.500 ms)');
  });

  it('says "not measured" for a benchmark that gave nothing, and writes a Markdown table with pipes escaped', () => {
    const rows = judgeTargets({ service: readServiceFigures(serviceOutput) });
    expect(rows.filter((row) => row.met === undefined)).toHaveLength(6);
    const table = targetTable([...rows, { work: 'a | b', figure: 'x', target: 'y', met: false }]);
    expect(table.split('\n').slice(0, 2)).toEqual(['| work | figure | target | met |', '|---|---|---|---|']);
    expect(table).toContain('| export, mixed content, 1,000 pages, through the API | not measured in this round | faster than Hugo (the paired rounds, a one-sided sign test at 5 %), ≥ 1,000 pages/s, < 500 MB | not measured |');
    expect(table).toContain('| a \\| b | x | y | **no** |');
  });
});
