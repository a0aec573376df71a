// Store benchmark: what discarding revisions no history reaches costs in a space of 10,000 revisions, on SQLite
// and (with QUIRE_TEST_DATABASE_URL) PostgreSQL: `discardRevision` (a writer that lost a compare-and-set of a
// head) and `discardOrphanRevisions` (the sweep `quire serve` runs at start and every few minutes), with and
// without an orphan to find. Prints JSON lines. Usage: npx tsx bench/store/orphan-sweep.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type StoreOptions } from '../../src/store/index.ts';
import { documentPage } from '../../src/store/store.contract.ts';
import { createThrowawaySchema } from '../../test/support/postgres-schema.ts';

const revisions = 10_000;

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, Math.round((performance.now() - start) * 10) / 10];
}

async function run(dialect: string, options: StoreOptions): Promise<void> {
  const store = await openStore(options);
  const org = await store.createOrganization({ title: 'Bench' });
  const space = await store.createSpace({ organizationId: org.id, title: 'Bench' });
  const documentId = await store.putDocument('# Body\n');
  let head = space.revisionId;
  for (let index = 1; index < revisions; index++) {
    const next = await store.putRevision(space.id, { parents: [head], pages: [documentPage('p', { title: `Edit ${index}`, documentId })] });
    await store.setSpaceHead(space.id, head, next);
    head = next;
  }
  const future = new Date(Date.now() + 60_000).toISOString();
  const lost = await store.putRevision(space.id, { parents: [head], pages: [] });
  const [, discardLostMs] = await time(() => store.discardRevision(lost));
  const [, refuseReferencedMs] = await time(() => store.discardRevision(head));
  await store.putRevision(space.id, { parents: [head], pages: [] });
  const [found, sweepOneOrphanMs] = await time(() => store.discardOrphanRevisions({ createdBefore: future }));
  const [none, sweepCleanMs] = await time(() => store.discardOrphanRevisions({ createdBefore: future }));
  const [, listFirstPageMs] = await time(() => store.listRevisions(space.id, {}, { limit: 100 }));
  console.log(JSON.stringify({ dialect, revisions, discardLostMs, refuseReferencedMs, sweepOneOrphanMs, swept: found.length, sweepCleanMs, sweptClean: none.length, listFirstPageMs }));
  await store.close();
}

const directory = mkdtempSync(join(tmpdir(), 'quire-bench-'));
try {
  await run('sqlite', { kind: 'sqlite', directory });
  const url = process.env.QUIRE_TEST_DATABASE_URL;
  if (url) {
    const schema = await createThrowawaySchema(url);
    try {
      await run('postgres', { kind: 'postgres', url, schema: schema.name, blobDirectory: join(directory, 'pg-blobs') });
    } finally {
      await schema.drop();
    }
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
