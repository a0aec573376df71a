// The fault-injection scenarios, shared by the suite (server-kills.test.ts) and the longer campaign
// (bench/faults/run.ts): what runs while the server is killed, and when the kill may come. An import sends its
// pages in batches of 49 and a file: the API takes at most 50 changes a request.
import { contentMergeWorkload } from './content-merge-workload.ts';
import type { FaultWorkload } from './kill-campaign.ts';
import { sitePublishingWorkload } from './site-publishing-workload.ts';

export interface FaultScenario {
  name: string;
  workload: () => FaultWorkload;
  /** [shortest, longest] time from the start of the workload to the kill, in ms. */
  killAfterMs: readonly [number, number];
}

export const faultScenarios: readonly FaultScenario[] = [
  { name: 'merges', workload: () => contentMergeWorkload({ workers: 3, batches: 1, pagesPerBatch: 3, spaces: 'shared' }), killAfterMs: [100, 1500] },
  { name: 'imports', workload: () => contentMergeWorkload({ workers: 2, batches: 4, pagesPerBatch: 49, spaces: 'own' }), killAfterMs: [100, 2500] },
  { name: 'sites', workload: () => sitePublishingWorkload({ workers: 3 }), killAfterMs: [100, 1500] },
];
