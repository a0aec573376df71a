// Store benchmark: put and read a 10,000-page revision, then one-page edits, on SQLite and (with
// QUIRE_TEST_DATABASE_URL) PostgreSQL. Prints JSON lines. Usage: npx tsx bench/store/revision.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store, type StoreOptions, type StoredChildPage, type StoredPage } from '../../src/store/index.ts';
import { tenThousandPages } from '../../src/store/store.contract.ts';
import { createThrowawaySchema } from '../../test/support/postgres-schema.ts';

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, Math.round((performance.now() - start) * 10) / 10];
}

async function run(dialect: string, options: () => StoreOptions): Promise<void> {
  let store: Store = await openStore(options());
  const org = await store.createOrganization({ title: 'Bench' });
  const space = await store.createSpace({ organizationId: org.id, title: 'Bench' });
  const documentId = await store.putDocument('# Body\n');
  const pages = tenThousandPages(documentId);
  const [first, putMs] = await time(() => store.putRevision(space.id, { parents: [space.revisionId], pages }));
  await store.close();
  store = await openStore(options()); // empty caches: a cold read
  const [, readColdMs] = await time(() => store.getRevision(first));
  const [, readWarmMs] = await time(() => store.getRevision(first));

  const before = (await store.stats()).objects;
  const copy = structuredClone(pages) as StoredPage[];
  ((copy[42] as { pages: StoredChildPage[] }).pages[17] as { title: string }).title = 'Edited';
  const [second, editCopyMs] = await time(() => store.putRevision(space.id, { parents: [first], pages: copy }));
  const afterCopy = (await store.stats()).objects;

  const base = await store.getRevision(second);
  const section = base.pages[7] as StoredChildPage & { pages: StoredChildPage[] };
  const edited = [...base.pages];
  edited[7] = { ...section, pages: section.pages.map((page, index) => (index === 3 ? { ...page, title: 'Again' } : page)) } as StoredPage;
  const [third, editReadMs] = await time(() => store.putRevision(space.id, { parents: [second], pages: edited }));
  const afterRead = (await store.stats()).objects;
  const [, readAfterEditMs] = await time(() => store.getRevision(third));
  console.log(
    JSON.stringify({
      dialect,
      pages: 10_000,
      objectsFirstPut: before,
      putMs,
      readColdMs,
      readWarmMs,
      oneEditFromCopy: { ms: editCopyMs, objectsWritten: afterCopy - before },
      oneEditFromRead: { ms: editReadMs, objectsWritten: afterRead - afterCopy },
      readAfterEditMs,
    }),
  );
  await store.close();
}

const directory = mkdtempSync(join(tmpdir(), 'quire-bench-'));
try {
  await run('sqlite', () => ({ kind: 'sqlite', directory }));
  const url = process.env.QUIRE_TEST_DATABASE_URL;
  if (url) {
    const schema = await createThrowawaySchema(url);
    try {
      await run('postgres', () => ({ kind: 'postgres', url, schema: schema.name, blobDirectory: join(directory, 'pg-blobs') }));
    } finally {
      await schema.drop();
    }
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
