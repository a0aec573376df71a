// Where the time of merging a one-page change request into a 10,000-page space goes, in this process (no HTTP):
// the space of bench:service (the generated repository, written straight into a fresh SQLite store), indexed
// for search once, then `rounds` one-page change requests merged one after the other; each store call made
// during a merge is timed (wall time, calls nested in a transaction counted in it too).
// Usage: npx tsx bench/service/merge-steps.ts [pages=10000] [rounds=5]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDirectory } from '../../src/format/read-directory.ts';
import { flattenPages } from '../../src/model/page-tree.ts';
import { authenticate, bootstrap, createChangeRequest, mergeChangeRequest, refreshSearchIndex, updateChangeRequestContent, type ServiceContext } from '../../src/service/index.ts';
import { openStore, type Store, type StoredRevisionFile } from '../../src/store/index.ts';
import { generateRepository } from '../format/generate-repository.ts';

const pages = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 5);
const data = mkdtempSync(join(tmpdir(), 'quire-bench-merge-steps-'));

try {
  const store = await openStore({ kind: 'sqlite', directory: data });
  const { token, organization } = await bootstrap(store);
  const { bundle } = readDirectory(generateRepository(pages));
  for (const body of Object.values(bundle.documents)) await store.putDocument(body);
  const files: StoredRevisionFile[] = [];
  for (const { downloadURL: _unused, ...file } of bundle.revision.files) files.push({ ...file, blob: (await store.putBlob(bundle.files[file.id]!)).hash });
  const space = await store.createSpace({
    organizationId: organization.id,
    title: 'Bench',
    content: { pages: bundle.revision.pages, files, reusableContents: bundle.revision.reusableContents, source: bundle.source },
  });
  const target = flattenPages(bundle.revision.pages).filter((page) => page.type === 'document')[Math.floor(pages / 2)]!;
  await refreshSearchIndex({ store }, space.id);

  // Every store method, timed while `timing` is on.
  const spent = new Map<string, { calls: number; ms: number }>();
  let timing = false;
  const timed = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function' || typeof name !== 'string' || name === 'asOneRequest') return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await (value as (...args: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          if (timing) {
            const entry = spent.get(name) ?? { calls: 0, ms: 0 };
            entry.calls++;
            entry.ms += performance.now() - started;
            spent.set(name, entry);
          }
        }
      };
    },
  }) as Store;
  const ctx: ServiceContext = { store: timed, clock: () => new Date(), baseUrl: 'http://quire.bench' };
  const actor = await authenticate(store, `Bearer ${token}`);
  const totals: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const changeRequest = await createChangeRequest(ctx, actor, space.id, { subject: `Edit ${round}` });
    await updateChangeRequestContent(ctx, actor, space.id, changeRequest.id, [{ operation: 'update_page', page: target.id, document: { markdown: `Edited in round ${round}.\n` } }] as never);
    timing = true;
    const started = performance.now();
    await mergeChangeRequest(ctx, actor, space.id, changeRequest.id);
    totals.push(performance.now() - started);
    timing = false;
  }
  console.log(`merge a one-page change request, ${pages} pages: ${totals.map((ms) => ms.toFixed(1)).join(', ')} ms`);
  console.log(`store calls over the ${rounds} merges (wall time, nested calls counted in their callers too):`);
  for (const [name, { calls, ms }] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${name.padEnd(32)} ${String(calls).padStart(4)} calls ${(ms / rounds).toFixed(2).padStart(8)} ms per merge`);
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  await store.close();
} finally {
  rmSync(data, { recursive: true, force: true });
}
