/**
 * bench/faults: the fault-injection campaign of the suite (test/faults/), longer. `quire serve` is SIGKILLed
 * `runs` times per scenario (merges, batched imports, site publishing) at moments drawn from `seed`, restarted on
 * the same data folder, checked whole and checked to hold every acknowledged write; then `quire sync` is
 * SIGKILLed at seeded points of first imports and updates (two kills each) and run again to its end, which must
 * leave the space equal to the repository and the run after it in-sync. Prints what it found and exits 1 when
 * anything was wrong.
 *
 *   npx tsx bench/faults/run.ts [runs] [seed]      default: 50 runs per scenario, seed 1200
 *
 * The same seed kills at the same moments of the workload (the servers' and the machine's speed still decide
 * what was in flight then).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { generateRepository } from '../format/generate-repository.ts';
import { createApiClient, type ApiClient } from '../../src/client/index.ts';
import { gitdir } from '../../src/git/gitdir-fixture.ts';
import { buildApp, listen } from '../../src/server/index.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore } from '../../src/store/index.ts';
import { faultScenarios } from '../../test/faults/fault-scenarios.ts';
import { runKillCampaign } from '../../test/faults/kill-campaign.ts';
import { drawSyncKillPoint, syncKilledAt } from '../../test/faults/sync-kill-points.ts';
import { seededRandom, type SeededRandom } from '../../test/support/seeded-random.ts';
import { runQuire } from '../../test/support/serve-process.ts';
import { repoFilesAsText, spaceFilesAsText } from '../../test/support/sync-sides-as-text.ts';

const runs = Number(process.argv[2] ?? 50);
const seed = Number(process.argv[3] ?? 1200);
const work = mkdtempSync(join(tmpdir(), 'quire-bench-faults-'));
const findings: string[] = [];

async function serverCampaigns(): Promise<void> {
  for (const [index, scenario] of faultScenarios.entries()) {
    const started = performance.now();
    const workload = scenario.workload();
    const reports = await runKillCampaign({
      data: join(work, scenario.name),
      workload,
      runs,
      seed: seed + index,
      killAfterMs: scenario.killAfterMs,
      onRun: (report) => process.stderr.write(`\r${scenario.name}: run ${report.run + 1}/${runs}, ${report.acknowledged} acknowledged`),
    });
    const problems = reports.flatMap((report) => report.problems.map((problem) => `${scenario.name}, run ${report.run} (killed after ${report.killAfterMs} ms): ${problem}`));
    findings.push(...problems);
    process.stderr.write('\n');
    console.log(`| server: ${scenario.name} | ${runs} | ${workload.acknowledged()} writes acknowledged | ${problems.length} | ${((performance.now() - started) / 1000).toFixed(0)} s |`);
  }
}

async function syncCampaign(cases: number): Promise<void> {
  const started = performance.now();
  const store = await openStore({ kind: 'sqlite', directory: join(work, 'sync-service') });
  const admin = await bootstrap(store);
  const app = await buildApp({ store, logger: false });
  const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
  const client = createApiClient({ baseUrl, token: admin.token });
  process.env['QUIRE_TOKEN'] = admin.token;
  let kills = 0;
  try {
    for (let index = 0; index < cases; index++) {
      const random = seededRandom(seed + 100 + index);
      const files = generateRepository(120, seed + index);
      const repo = await gitdir(Object.fromEntries(files), { checkout: true });
      const spaceId = (await client.createSpace(admin.organization.id, { title: `Case ${index}` })).id;
      const args = ['sync', '--dir', repo.dir, '--api', baseUrl, '--space', spaceId];
      const phase = async (name: string) => {
        for (let kill = 0; kill < 2; kill++) if ((await syncKilledAt(args, drawSyncKillPoint(random))).killed) kills++;
        const problem = await resumedProblem(client, args, repo, spaceId);
        if (problem !== undefined) findings.push(`sync case ${index} (seed ${seed + 100 + index}), ${name}: ${problem}`);
      };
      await phase('import');
      await repo.commit(editedThird(files, random), 'Edit a third of the pages');
      await phase('update');
      rmSync(repo.dir, { recursive: true, force: true });
      process.stderr.write(`\rsync: case ${index + 1}/${cases}, ${kills} kills`);
    }
  } finally {
    await client.close();
    await app.close();
    await store.close();
  }
  process.stderr.write('\n');
  const problems = findings.filter((finding) => finding.startsWith('sync ')).length;
  console.log(`| sync: import + update, killed twice each | ${cases} × 2 phases | ${kills} kills mid-run | ${problems} | ${((performance.now() - started) / 1000).toFixed(0)} s |`);
}

function editedThird(files: Map<string, Uint8Array>, random: SeededRandom): Record<string, string> {
  const decoder = new TextDecoder();
  const pages = [...files.keys()].filter((path) => path.endsWith('.md') && path !== 'SUMMARY.md' && !path.startsWith('.gitbook/'));
  return Object.fromEntries(pages.filter(() => random.next() < 1 / 3).map((path) => [path, `${decoder.decode(files.get(path))}\nEdited after the import.\n`]));
}

/** After the kills: a full run must succeed and leave the space equal to the repository, and the next be in-sync. */
async function resumedProblem(client: ApiClient, args: string[], repo: Awaited<ReturnType<typeof gitdir>>, spaceId: string): Promise<string | undefined> {
  const complete = await runQuire(args);
  if (complete.code !== 0) return `the run after the kills exited ${complete.code}: ${complete.stdout}${complete.stderr}`;
  if (!isDeepStrictEqual(await spaceFilesAsText(client, spaceId), await repoFilesAsText(repo))) return 'the space differs from the repository';
  const noop = await runQuire(args);
  if (noop.code !== 0 || !noop.stdout.startsWith('Sync done: in-sync, ')) return `the run after that was not a no-op: ${noop.stdout}${noop.stderr}`;
  return undefined;
}

try {
  console.log(`Fault injection, ${runs} runs per server scenario, seed ${seed}\n`);
  console.log('| scenario | runs | what was at stake | problems | time |\n|---|---|---|---|---|');
  await serverCampaigns();
  await syncCampaign(Math.max(1, Math.round(runs / 5)));
  console.log(findings.length === 0 ? '\nNo problem found.' : `\n${findings.length} problem(s):\n${findings.join('\n')}`);
  process.exitCode = findings.length === 0 ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
