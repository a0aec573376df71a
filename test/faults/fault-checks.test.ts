// The checks of the fault-injection campaigns catch what they are for: a data folder the workloads wrote passes;
// each kind of damage a crash could do (a lost write, a torn blob, a head without its revision, a half-merged
// change request, a dangling site space) is reported, naming the record.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index.ts';
import { buildApp, listen } from '../../src/server/index.ts';
import { bootstrap, discardOrphanRevisions } from '../../src/service/index.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { checkServiceIntegrity } from '../support/service-integrity.ts';
import { contentMergeWorkload } from './content-merge-workload.ts';
import type { FaultWorkload } from './kill-campaign.ts';
import { sitePublishingWorkload } from './site-publishing-workload.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-fault-checks-'));
const written = join(work, 'written');
const merges = contentMergeWorkload({ workers: 2, batches: 2, pagesPerBatch: 3, spaces: 'shared' });
const sites = sitePublishingWorkload({ workers: 2 });

/** The workloads, each for a set number of steps, on a server in this process; then everything closed. */
beforeAll(async () => {
  const store = await openStore({ kind: 'sqlite', directory: written });
  const admin = await bootstrap(store);
  const app = await buildApp({ store, logger: false });
  const client = createApiClient({ baseUrl: await listen(app, { port: 0, host: '127.0.0.1' }), token: admin.token, retry: { maxAttempts: 1 } });
  try {
    for (const [index, workload] of [merges, sites].entries()) {
      // "Killed" once it has 12 acknowledged writes: the workload stops starting new ones.
      await workload.drive({ client, organizationId: admin.organization.id, run: 0, random: seededRandom(index), killed: () => workload.acknowledged() >= 12 });
    }
  } finally {
    await client.close();
    await app.close();
    await store.close();
  }
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

let copies = 0;
/** A copy of the written folder, damaged by `sql` (run with foreign keys off, as a crash would not check them). */
function damaged(sql: string, ...parameters: unknown[]): string {
  const folder = join(work, `copy-${++copies}`);
  cpSync(written, folder, { recursive: true });
  const database = new Database(join(folder, 'quire.db'));
  database.pragma('foreign_keys = OFF');
  database.prepare(sql).run(...parameters);
  database.close();
  return folder;
}

async function missingIn(folder: string, workload: FaultWorkload): Promise<string[]> {
  const store: Store = await openStore({ kind: 'sqlite', directory: folder });
  try {
    return await workload.missing(store);
  } finally {
    await store.close();
  }
}

describe('the checks of the fault campaigns', () => {
  it('pass on a folder the workloads wrote', async () => {
    expect(merges.acknowledged()).toBeGreaterThanOrEqual(12);
    expect(sites.acknowledged()).toBeGreaterThanOrEqual(12);
    expect(await checkServiceIntegrity(written)).toEqual([]);
    expect(await missingIn(written, merges)).toEqual([]);
    expect(await missingIn(written, sites)).toEqual([]);
  });

  it('report a space whose head is not one of its revisions', async () => {
    const folder = damaged(`UPDATE spaces SET revision_id = 'gone' WHERE id = (SELECT MIN(id) FROM spaces)`);
    expect(await checkServiceIntegrity(folder)).toEqual(expect.arrayContaining([expect.stringMatching(/^a space has a head revision of its own: not so for /)]));
  });

  it('report a change request merged without its merge, and a merge that is no longer the head (a lost write)', async () => {
    const folder = damaged(`UPDATE change_requests SET status = 'open' WHERE id = (SELECT MIN(id) FROM change_requests WHERE status = 'merged')`);
    const problems = await checkServiceIntegrity(folder);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^a change request is merged exactly when it names its merge/)]));
    expect(await missingIn(folder, merges)).toEqual(expect.arrayContaining([expect.stringMatching(/was merged \(acknowledged\) but is open$/)]));
  });

  it('report pages lost from a space and documents that are not stored', async () => {
    // Every space's head rewound to its first revision: the merged pages are gone from the heads.
    const rewound = damaged(`UPDATE spaces SET revision_id = (SELECT r.id FROM revisions r WHERE r.space_id = spaces.id AND r.parents = '[]')`);
    expect(await missingIn(rewound, merges)).toEqual(expect.arrayContaining([expect.stringMatching(/^space \S+'s head \(merge of \S+\): page "r0 w\d c\d b\d p\d" is there 0 times, not once$/)]));
    const noDocuments = damaged(`DELETE FROM documents`);
    expect(await checkServiceIntegrity(noDocuments)).toEqual(expect.arrayContaining([expect.stringMatching(/^revision \S+ names document \S+, which is not stored$/)]));
  });

  it('report a revision a killed merge left unreached, which the sweep quire serve runs at start then discards', async () => {
    const folder = damaged(
      `INSERT INTO revisions (id, space_id, type, parents, created_at, content, git, merged_from)
       SELECT 'orphaned-merge', space_id, 'merge', json_array(id), created_at, content, NULL, 'not-merged-by-it' FROM revisions WHERE id = (SELECT MIN(revision_id) FROM spaces)`,
    );
    expect(await checkServiceIntegrity(folder)).toEqual([`every revision is reached from a head (a space, a change request, a sync point) through parents: not so for orphaned-merge`]);
    const store = await openStore({ kind: 'sqlite', directory: folder });
    try {
      const spaceId = (await store.getRevisionInfo('orphaned-merge')).space;
      expect(await discardOrphanRevisions({ store, clock: () => new Date() }, 0)).toBe(1);
      expect((await store.listRevisions(spaceId, {}, { limit: 1000 })).items.map((item) => item.id)).not.toContain('orphaned-merge');
    } finally {
      await store.close();
    }
    expect(await checkServiceIntegrity(folder)).toEqual([]);
  });

  it('report a torn blob', async () => {
    const folder = damaged(`SELECT 1`);
    const blobs = join(folder, 'blobs');
    // The blob folder keeps a blob as <2 hex>/<62 hex>.
    const shard = readdirSync(blobs).find((name) => /^[0-9a-f]{2}$/.test(name))!;
    const rest = readdirSync(join(blobs, shard))[0]!;
    writeFileSync(join(blobs, shard, rest), 'half a file');
    expect(await checkServiceIntegrity(folder)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^blob ${shard}${rest} \\(of revision \\S+\\) is torn`))]));
  });

  it('report a site space of a missing space, a lost section and a lost publication', async () => {
    const dangling = damaged(`UPDATE site_spaces SET space_id = 'gone' WHERE id = (SELECT MIN(id) FROM site_spaces)`);
    expect(await checkServiceIntegrity(dangling)).toEqual(expect.arrayContaining([expect.stringMatching(/^foreign_key_check: site_spaces row \d+ names a missing spaces$/)]));
    const unpublished = damaged(`UPDATE sites SET published = 0`);
    expect(await missingIn(unpublished, sites)).toEqual(expect.arrayContaining([expect.stringMatching(/^site \S+ was published \(acknowledged\) but is not$/)]));
    const noSections = damaged(`DELETE FROM site_sections`);
    expect(await missingIn(noSections, sites)).toEqual(expect.arrayContaining([expect.stringMatching(/^site \S+: section \S+ was added \(acknowledged\) but is gone$/)]));
  });
});
