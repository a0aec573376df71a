// bench/openapi: processing a generated OpenAPI spec of 1,000 operations (issue 15): served by a local HTTP
// server as YAML, fetched, parsed, validated and stored as a version by the background processor, on SQLite. Prints
// the spec's size, the time from `pending` to `complete` (several rounds with new content each, so each stores a
// version; p50 and worst), the parts of one run (fetch, parse into the filesystem, validate, bundledDocument) and
// the process's memory.
// Usage: npx tsx bench/openapi/process.ts [operations=1000] [rounds=5]
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { importTargetPolicyFrom } from '../../src/import/import-target-rule.ts';
import { bundledDocument } from '../../src/openapi/bundled-document.ts';
import { openSpecUrl } from '../../src/openapi/fetch-spec-file.ts';
import { loadSpecFilesystem } from '../../src/openapi/load-spec-filesystem.ts';
import { validatedDocument } from '../../src/openapi/validate-spec.ts';
import { defaultImportSettings } from '../../src/service/import/content-import.ts';
import { createOpenApiProcessor } from '../../src/service/openapi/openapi-processing.ts';
import { openStore } from '../../src/store/index.ts';
import { generatedSpec } from './generated-spec.ts';

const operations = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 5);

let round = 0;
const textOf = (n: number) => stringify({ ...generatedSpec(operations), info: { title: `Generated API, round ${n}`, version: '1.0.0' } });
const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/yaml' }).end(textOf(round)));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
const imports = { ...defaultImportSettings, policy: importTargetPolicyFrom('127.0.0.1'), timeoutMs: 60_000 };
const directory = mkdtempSync(join(tmpdir(), 'quire-bench-openapi-'));
const store = await openStore({ kind: 'sqlite', directory });
const ms = (start: number) => performance.now() - start;

try {
  console.log(`spec: ${operations} operations, ${(Buffer.byteLength(textOf(0)) / 1e6).toFixed(2)} MB of YAML`);
  // The parts of one run.
  const rules = { policy: imports.policy, limits: { timeoutMs: 60_000, maxRedirects: 5 }, maxBytes: 20e6, version: 'bench' };
  let start = performance.now();
  const opened = await openSpecUrl(new URL(url), rules);
  const fetchMs = ms(start);
  start = performance.now();
  const filesystem = await loadSpecFilesystem('openapi.yaml', opened.text, opened.read);
  const parseMs = ms(start);
  await opened.close();
  start = performance.now();
  await validatedDocument(filesystem);
  const validateMs = ms(start);
  start = performance.now();
  bundledDocument(filesystem);
  const bundleMs = ms(start);
  console.log(`one run's parts: fetch ${fetchMs.toFixed(0)} ms, parse ${parseMs.toFixed(0)} ms, validate (with bundle) ${validateMs.toFixed(0)} ms, bundledDocument alone ${bundleMs.toFixed(0)} ms`);

  const org = await store.createOrganization({ title: 'Bench' });
  const processor = createOpenApiProcessor(store, { imports, pollMs: 10 });
  const spec = await store.createOpenApiSpec({ organizationId: org.id, slug: 'bench', source: { url } });
  const times: number[] = [];
  for (round = 0; round < rounds; round++) {
    if (round > 0) await store.requestOpenApiSpecProcessing(spec.id);
    start = performance.now();
    processor.kick();
    for (;;) {
      const current = await store.getOpenApiSpecById(spec.id);
      if (current.processingState === 'complete') {
        if (current.lastProcessErrorCode !== undefined) throw new Error(JSON.stringify(current.lastProcessedErrors));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    times.push(ms(start));
  }
  await processor.close();
  const sorted = [...times].sort((a, b) => a - b);
  const versions = (await store.listOpenApiSpecVersions(spec.id)).count;
  console.log(`pending → complete (fetch, parse, validate, hash, store): ${times.map((time) => time.toFixed(0)).join(', ')} ms; p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, worst ${sorted[sorted.length - 1]!.toFixed(0)} ms; ${versions} versions`);
  const memory = process.memoryUsage();
  console.log(`memory after: rss ${(memory.rss / 1e6).toFixed(0)} MB, heap used ${(memory.heapUsed / 1e6).toFixed(0)} MB`);
} finally {
  await store.close();
  rmSync(directory, { recursive: true, force: true });
  server.close();
}
