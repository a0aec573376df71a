// A fault-injection campaign (issue 12, "Proof, kept in the suite" 3): `quire serve` on one data folder, driven
// by a workload that records every write the client saw acknowledged (a 2xx), SIGKILLed at a moment drawn from
// the seed, restarted on the same folder, checked whole (service-integrity.ts), and checked to hold every
// acknowledged write. The suite (server-kills.test.ts) runs a few runs per workload; bench/faults/run.ts many.
import { createApiClient, type ApiClient } from '../../src/client/index.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { seededRandom, type SeededRandom } from '../support/seeded-random.ts';
import { startServe, type Served } from '../support/serve-process.ts';
import { checkServiceIntegrity } from '../support/service-integrity.ts';

/** What a workload's `drive` gets for one run. */
export interface DriveSession {
  client: ApiClient;
  organizationId: string;
  /** The run's number, for names that say which run wrote what. */
  run: number;
  random: SeededRandom;
  /** True once the server was killed: stop starting writes. */
  killed(): boolean;
}

/**
 * Writes the service acknowledges, remembered across the runs of a campaign on one data folder.
 *
 * @example
 * const workload: FaultWorkload = { name: 'merges', drive: async (session) => {...}, missing: async (store) => [] };
 */
export interface FaultWorkload {
  name: string;
  /** Writes until `session.killed()`; records each write only once its 2xx has arrived. Never throws for a failed request. */
  drive(session: DriveSession): Promise<void>;
  /** The acknowledged writes the store does not hold as acknowledged, one line each. */
  missing(store: Store): Promise<string[]>;
  /** How many writes were acknowledged so far. */
  acknowledged(): number;
}

export interface CampaignOptions {
  data: string;
  workload: FaultWorkload;
  runs: number;
  seed: number;
  /** The kill comes this long after the workload starts, drawn from the seed: [shortest, longest] in ms. */
  killAfterMs: readonly [number, number];
  /** Told after each run (benchmarks print progress). */
  onRun?: (run: RunReport) => void;
}

export interface RunReport {
  run: number;
  killAfterMs: number;
  /** Writes acknowledged by the end of this run (all runs so far). */
  acknowledged: number;
  /** Integrity problems and acknowledged writes missing, found on restart after this run's kill. */
  problems: string[];
}

/**
 * Runs the campaign: `runs` kills, each followed by a restart and the checks; a last clean stop (SIGINT) must exit 0.
 * Returns each run's report; a run with problems does not stop the campaign.
 *
 * @example
 * const reports = await runKillCampaign({ data, workload: contentMergeWorkload(), runs: 10, seed: 1, killAfterMs: [200, 1500] });
 * expect(reports.flatMap((report) => report.problems)).toEqual([]);
 */
export async function runKillCampaign(options: CampaignOptions): Promise<RunReport[]> {
  const random = seededRandom(options.seed);
  const reports: RunReport[] = [];
  const reported = new Set<string>();
  // One process owns the folder, so a restart may discard at once the revisions a killed writer left (no grace).
  const serveHere = () => startServe(['--data', options.data], { env: { QUIRE_ORPHAN_GRACE_MS: '0' } });
  let served = await serveHere();
  for (let run = 0; run < options.runs; run++) {
    const killAfterMs = random.between(options.killAfterMs[0], options.killAfterMs[1]);
    await driveUntilKilled(served, options.workload, { run, killAfterMs, random: seededRandom(random.between(0, 2 ** 31)) });
    served = await serveHere();
    // Each problem once, in the run after whose kill it was first seen.
    const problems = (await checkDataFolder(options.data, options.workload)).filter((problem) => !reported.has(problem));
    for (const problem of problems) reported.add(problem);
    const report = { run, killAfterMs, acknowledged: options.workload.acknowledged(), problems };
    reports.push(report);
    options.onRun?.(report);
  }
  served.child.kill('SIGINT');
  const exit = await served.exited;
  if (exit.code !== 0) reports.at(-1)!.problems.push(`the last clean stop exited ${exit.code ?? exit.signal}: ${served.stderr()}`);
  return reports;
}

async function driveUntilKilled(served: Served, workload: FaultWorkload, run: { run: number; killAfterMs: number; random: SeededRandom }): Promise<void> {
  const client = createApiClient({ baseUrl: served.baseUrl, token: served.token, retry: { maxAttempts: 1 } });
  // Before the clock starts: the kill is drawn among the workload's requests.
  const organizationId = await firstOrganization(client);
  let killed = false;
  const kill = new Promise<void>((resolve) =>
    setTimeout(() => {
      killed = true;
      served.child.kill('SIGKILL');
      resolve();
    }, run.killAfterMs),
  );
  try {
    await workload.drive({ client, organizationId, run: run.run, random: run.random, killed: () => killed });
  } finally {
    // A workload that stops early (it should not) still ends with the kill.
    await kill;
    await served.exited;
    await client.close();
  }
}

async function firstOrganization(client: ApiClient): Promise<string> {
  for await (const organization of client.listOrganizations()) return organization.id;
  throw new Error('the admin has no organization');
}

/** The data folder's integrity, then every acknowledged write, read through a store of its own. */
async function checkDataFolder(data: string, workload: FaultWorkload): Promise<string[]> {
  const problems = await checkServiceIntegrity(data);
  const store = await openStore({ kind: 'sqlite', directory: data });
  try {
    return [...problems, ...(await workload.missing(store))];
  } finally {
    await store.close();
  }
}

/**
 * Runs `workers` loops of `step` at once until the kill. A step that fails after the kill is what the kill does;
 * one that fails before it is a real answer (a 4xx, a 5xx), returned as a problem, so that a workload the service
 * refuses cannot pass by acknowledging nothing.
 *
 * @example
 * unexpected.push(...(await workUntilKilled(session, 3, (worker, count) => mergeOne(`w${worker} c${count}`))));
 */
export async function workUntilKilled(session: DriveSession, workers: number, step: (worker: number, count: number) => Promise<void>): Promise<string[]> {
  const failures: string[] = [];
  const loop = async (worker: number) => {
    for (let count = 0; !session.killed(); count++) {
      try {
        await step(worker, count);
      } catch (error) {
        if (session.killed()) return;
        failures.push(`run ${session.run}, worker ${worker}: ${(error as Error).message}`);
        return; // one is enough to fail the campaign; repeating it would only spin
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, worker) => loop(worker)));
  return failures;
}
