/**
 * The sync of bench/sync/initial-import.ts, in its own process so that its peak memory is its own: one `runSync`
 * of the repository at `<repo>` into space `<spaceId>` of the server at `<baseUrl>`. Prints one JSON line: the
 * time of each stage (from the run's progress), the CPU time of the process (all threads, loading the code
 * included), the requests by route, and the process's peak RSS.
 *
 *   npx tsx bench/sync/sync-child.ts <baseUrl> <token> <spaceId> <repo>
 */
import fs from 'node:fs';
import { createApiClient } from '../../src/client/index.ts';
import { openRepository } from '../../src/git/index.ts';
import { defaultMessagePrefix, runSync } from '../../src/sync/index.ts';

const [baseUrl, token, spaceId, dir] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: sync-child.ts <baseUrl> <token> <spaceId> <repo>');
const client = createApiClient({ baseUrl: baseUrl!, token: token! });
const repo = await openRepository({ fs, dir });
const stages: Array<{ stage: string; ms: number }> = [];
const started = performance.now();
let stage = 'start';
let stageStarted = started;
const enter = (next: string) => {
  const now = performance.now();
  stages.push({ stage, ms: Math.round(now - stageStarted) });
  stage = next;
  stageStarted = now;
};
let batches = 0;
const run = await runSync(
  {
    client,
    repo,
    spaceId: spaceId!,
    options: { direction: 'both', prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix },
    onProgress: (progress) => {
      if (progress.kind === 'stage') enter(progress.message);
      else if (batches++ === 0) enter('sending batches, merging, recording');
    },
  },
  { dryRun: false },
);
enter('end');
const ms = Math.round(performance.now() - started);
await client.close();
if (!run.result.ok) throw new Error(`sync failed: ${run.result.reason}`);
const usage = process.resourceUsage();
const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
process.stdout.write(`${JSON.stringify({ ms, cpuMs, maxRssMb: Math.round(usage.maxRSS / 1024), stages, requests: run.result.requests })}\n`);
