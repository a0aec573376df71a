// bench/service: requests per second and p99 latency of reading a page and listing the pages of a 10,000-page
// space over loopback, and the time to merge a one-page change request in it.
// Usage: npx tsx bench/service/run.ts [pages=10000] [seconds=10]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { readDirectory } from '../../src/format/read-directory.ts';
import { flattenPages } from '../../src/model/page-tree.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore, type StoredRevisionFile } from '../../src/store/index.ts';
import { startServe } from '../../test/support/serve-process.ts';
import { generateRepository } from '../format/generate-repository.ts';
import { load } from './load.ts';

const pages = Number(process.argv[2] ?? 10_000);
const seconds = Number(process.argv[3] ?? 10);
const data = mkdtempSync(join(tmpdir(), 'quire-bench-service-'));

try {
  // The space, written straight into the store: 10,000 pages with their bodies and files.
  const store = await openStore({ kind: 'sqlite', directory: data });
  const { token, organization } = await bootstrap(store);
  writeFileSync(join(data, 'admin-token'), `${token}\n`, { mode: 0o600 });
  const { bundle } = readDirectory(generateRepository(pages));
  for (const body of Object.values(bundle.documents)) await store.putDocument(body);
  const files: StoredRevisionFile[] = [];
  for (const { downloadURL: _unused, ...file } of bundle.revision.files) {
    const { hash } = await store.putBlob(bundle.files[file.id]!);
    files.push({ ...file, blob: hash });
  }
  const space = await store.createSpace({
    organizationId: organization.id,
    title: 'Bench',
    content: { pages: bundle.revision.pages, files, reusableContents: bundle.revision.reusableContents, source: bundle.source },
  });
  await store.close();
  const documents = flattenPages(bundle.revision.pages).filter((page) => page.type === 'document');
  const target = documents[Math.floor(documents.length / 2)]!;
  console.log(`Space ${space.id}: ${documents.length} pages`);

  const served = await startServe(['--data', data]);
  const origin = new URL(served.baseUrl).origin;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await request(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${served.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    if (response.statusCode >= 300) throw new Error(`${method} ${path} answered ${response.statusCode}: ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
  };
  try {
    const pagePath = `/v1/spaces/${space.id}/content/page/${target.id}?format=markdown`;
    await load(origin, pagePath, { token: served.token, seconds: 2, connections: 16 }); // warm-up
    const read = await load(origin, pagePath, { token: served.token, seconds, connections: 16 });
    console.log(`read a page     ${read.requestsPerSecond.toFixed(0)} req/s, p50 ${read.p50Ms.toFixed(1)} ms, p99 ${read.p99Ms.toFixed(1)} ms (${read.requests} requests, ${read.errors} errors, ${(read.bytesPerResponse / 1024).toFixed(1)} KiB each)`);
    const list = await load(origin, `/v1/spaces/${space.id}/content/pages`, { token: served.token, seconds, connections: 4 });
    console.log(`list all pages  ${list.requestsPerSecond.toFixed(1)} req/s, p50 ${list.p50Ms.toFixed(1)} ms, p99 ${list.p99Ms.toFixed(1)} ms (${list.requests} requests, ${list.errors} errors, ${(list.bytesPerResponse / 1024 / 1024).toFixed(1)} MiB each)`);

    const mergeTimes: number[] = [];
    for (let round = 0; round < 5; round++) {
      const changeRequest = (await call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: `Edit ${round}` }))!;
      await call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`, {
        changes: [{ operation: 'update_page', page: target.id, document: { markdown: `Edited in round ${round}.\n` } }],
      });
      const started = performance.now();
      const merged = (await call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`))!;
      mergeTimes.push(performance.now() - started);
      if (merged.result !== 'merge') throw new Error(`merge answered ${JSON.stringify(merged)}`);
    }
    mergeTimes.sort((a, b) => a - b);
    console.log(`merge a one-page change request: median ${mergeTimes[2]!.toFixed(0)} ms (of 5: ${mergeTimes.map((ms) => ms.toFixed(0)).join(', ')})`);
  } finally {
    served.child.kill('SIGINT');
    await served.exited;
  }
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}; server in its own process, load from this one`);
} finally {
  rmSync(data, { recursive: true, force: true });
}
