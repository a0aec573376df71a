// Issue 12, "Proof, kept in the suite" 3: `quire serve` killed (SIGKILL) at moments drawn from a fixed seed while
// it merges change requests, imports content in batches and publishes sites; after each kill it restarts on the
// same data folder, the folder is whole (test/support/service-integrity.ts), and every write the client saw
// acknowledged is there. bench/faults/run.ts runs the same campaigns longer, with other seeds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultScenarios } from './fault-scenarios.ts';
import { runKillCampaign } from './kill-campaign.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-faults-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Kills per scenario in the suite; the seed of scenario `index` is `seed + index`. */
const runs = 10;
const seed = 1200;

describe('quire serve killed at random moments, restarted on the same data', () => {
  faultScenarios.forEach((scenario, index) => {
    it(`${scenario.name}: the data stays whole and nothing acknowledged is lost`, { timeout: 600_000 }, async () => {
      const workload = scenario.workload();
      const reports = await runKillCampaign({ data: join(work, scenario.name), workload, runs, seed: seed + index, killAfterMs: scenario.killAfterMs });
      expect(reports.flatMap((report) => report.problems.map((problem) => `run ${report.run} (killed after ${report.killAfterMs} ms): ${problem}`))).toEqual([]);
      // The kills came among acknowledged writes, not all before the first one.
      expect(reports.filter((report, run) => report.acknowledged > (reports[run - 1]?.acknowledged ?? 0)).length).toBeGreaterThanOrEqual(runs / 2);
    });
  });
});
