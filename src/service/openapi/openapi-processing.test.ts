// The OpenAPI processing pipeline against a local HTTP server: each state and each published error code, a
// multi-file spec, a restart in the middle of processing, a large spec parsed off the thread that answers requests
// and one over its budget, and two processors on one PostgreSQL database that never process one spec version twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { generatedSpec } from '../../../bench/openapi/generated-spec.ts';
import { importTargetPolicyFrom } from '../../import/import-target-rule.ts';
import { openStore, type OpenApiSpecRecord, type Store } from '../../store/index.ts';
import { defaultImportSettings } from '../import/content-import.ts';
import { createOpenApiProcessor, openApiSettingsFromEnv, type OpenApiProcessingOptions, type OpenApiProcessor } from './openapi-processing.ts';
import { tooCostlyProblemCode } from './openapi-text-processing.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
/** A spec of 1,000 operations: about a second of YAML parsing and half a second of validation. */
const largeSpec = stringify(generatedSpec(1000));
const valid = (title: string) => `openapi: 3.1.0\ninfo: {title: ${title}, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok}\n`;

/** A local server: `routes` by path; a route may be a function to hold the answer. Counts requests per path. */
function localServer(routes: Record<string, string | ((response: ServerResponse) => void)>) {
  const hits = new Map<string, number>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route === undefined) response.writeHead(404).end('not found');
    else if (typeof route === 'function') route(response);
    else response.writeHead(200, { 'content-type': 'application/yaml' }).end(route);
  });
  return {
    hits,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const localImports = { ...defaultImportSettings, policy: importTargetPolicyFrom('127.0.0.1'), timeoutMs: 2000 }; // above the first validation's schema compile, which holds the event loop

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('OpenAPI processing (SQLite)', () => {
  let directory: string;
  let store: Store;
  const processors: OpenApiProcessor[] = [];
  let release: (() => void) | undefined;
  const server = localServer({
    '/pets.yaml': valid('Pets'),
    '/multi/openapi.yaml': "openapi: 3.0.3\ninfo: {title: Multi, version: '1'}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: './schemas/pet.yaml'}\n",
    '/multi/schemas/pet.yaml': "type: object\nproperties:\n  owner: {$ref: './owner.yaml'}\n",
    '/multi/schemas/owner.yaml': 'type: object\nproperties:\n  name: {type: string}\n',
    '/hang.yaml': () => undefined, // never answers
    '/garbage.yaml': '{ not: [json',
    '/invalid.yaml': "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {descriptio: x}\n",
    '/huge.yaml': `${valid('Huge')}x-padding: '${'x'.repeat(5000)}'\n`,
    '/gate.yaml': (response) => {
      release = () => {
        release = undefined;
        response.writeHead(200).end(valid('Gated'));
      };
    },
    '/redirect.yaml': (response) => response.writeHead(302, { location: '/redirect.yaml' }).end(),
    '/large.yaml': largeSpec,
  });
  let base: string;

  beforeAll(async () => {
    base = await server.start();
  });
  afterAll(async () => {
    await server.stop();
  });
  afterEach(async () => {
    release?.();
    for (const processor of processors.splice(0)) await processor.close();
    await store?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function open(): Promise<Store> {
    directory = mkdtempSync(join(tmpdir(), 'quire-openapi-'));
    store = await openStore({ kind: 'sqlite', directory });
    return store;
  }
  function processor(options: OpenApiProcessingOptions = {}): OpenApiProcessor {
    const made = createOpenApiProcessor(store, { imports: localImports, maxFileBytes: 4000, pollMs: 50, ...options });
    processors.push(made);
    return made;
  }
  async function specFor(path: string): Promise<OpenApiSpecRecord> {
    const org = (await store.createOrganization({ title: 'Acme' })).id;
    return store.createOpenApiSpec({ organizationId: org, slug: path.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), source: { url: `${base}${path}` } });
  }
  const stateOf = (spec: OpenApiSpecRecord) => () => store.getOpenApiSpecById(spec.id);

  it('goes pending → progress → complete, keeping the filesystem of a multi-file spec as a version', async () => {
    await open();
    const gated = await specFor('/gate.yaml');
    const multi = await specFor('/multi/openapi.yaml');
    expect((await store.getOpenApiSpecById(gated.id)).processingState).toBe('pending'); // nothing processes yet
    processor();
    const inProgress = await until(stateOf(gated), (spec) => spec.processingState === 'progress' && release !== undefined);
    expect(inProgress.leaseHolder).toMatch(/^process-/);
    release?.();
    expect(await until(stateOf(gated), (spec) => spec.processingState === 'complete')).toMatchObject({ lastVersionId: expect.any(String) });
    const done = await until(stateOf(multi), (spec) => spec.processingState === 'complete');
    expect(done.lastProcessedErrors).toEqual([]);
    const version = await store.getOpenApiSpecVersion(multi.id, done.lastVersionId!);
    expect((version.filesystem as { filename: string }[]).map((file) => file.filename)).toEqual(['openapi.yaml', 'schemas/pet.yaml', 'schemas/owner.yaml']);
    expect(version.sourceUrl).toBe(`${base}/multi/openapi.yaml`);
  });

  it('reaches each published error code: timeout, HTTP error, too large, redirect loop, parse error, validation error', async () => {
    await open();
    const cases = [
      ['/hang.yaml', 'FETCH_TIMEOUT', 'TIMEOUT'],
      ['/missing.yaml', 'FETCH_ERROR', 'HTTP_STATUS'],
      ['/huge.yaml', 'FETCH_ERROR', 'TOO_LARGE'],
      ['/redirect.yaml', 'FETCH_ERROR', 'FETCH'],
      ['/garbage.yaml', 'PARSE_ERROR', 'SYNTAX'],
      ['/invalid.yaml', 'PARSE_ERROR', 'INVALID'],
    ] as const;
    const specs = [];
    for (const [path] of cases) specs.push(await specFor(path));
    processor({ concurrency: 3 });
    for (const [index, [path, code, problem]] of cases.entries()) {
      const spec = await until(stateOf(specs[index]!), (found) => found.processingState === 'complete');
      expect(spec.lastProcessErrorCode, path).toBe(code);
      expect(spec.lastProcessedErrors[0]?.code, path).toBe(problem);
      expect(spec.lastVersionId, path).toBeUndefined();
    }
  });

  it('keeps the event loop answering while a large spec is parsed and validated', async () => {
    await open();
    const spec = await specFor('/large.yaml');
    // A 10 ms timer's largest gap while the spec is processed: on this thread the parse alone holds it over a second.
    let last = performance.now();
    let largestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      largestGap = Math.max(largestGap, now - last);
      last = now;
    }, 10);
    try {
      processor({ maxFileBytes: 20_000_000 });
      const done = await until(stateOf(spec), (found) => found.processingState === 'complete', 60_000);
      expect(done.lastProcessedErrors).toEqual([]);
      const version = await store.getOpenApiSpecVersion(spec.id, done.lastVersionId!);
      const entry = (version.filesystem as { specification: { paths: Record<string, unknown> } }[])[0]!;
      expect(Object.keys(entry.specification.paths)).toHaveLength(200);
    } finally {
      clearInterval(ticker);
    }
    expect(largestGap).toBeLessThan(200);
  });

  it('fails a spec that costs more than the budget with PARSE_ERROR and TOO_COSTLY, keeping no version', async () => {
    await open();
    const spec = await specFor('/large.yaml');
    processor({ maxFileBytes: 20_000_000, budgetMs: 5 });
    const done = await until(stateOf(spec), (found) => found.processingState === 'complete', 30_000);
    expect(done.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(done.lastProcessedErrors).toEqual([{ message: 'processing large.yaml took longer than 5 ms', code: tooCostlyProblemCode }]);
    expect(done.lastVersionId).toBeUndefined();
  });

  it('resumes at start what a process left: pending work, and work under a lease that expired', async () => {
    await open();
    const pending = await specFor('/pets.yaml');
    const orphan = await specFor('/multi/openapi.yaml');
    // A process claimed it and died (its lease runs out and is never renewed).
    expect(await store.claimOpenApiSpec(orphan.id, 'dead-process', 300)).toBeDefined();
    processor({ holder: 'restarted' });
    expect(await until(stateOf(pending), (spec) => spec.processingState === 'complete')).toMatchObject({ lastVersionId: expect.any(String) });
    const resumed = await until(stateOf(orphan), (spec) => spec.processingState === 'complete');
    expect(resumed.lastVersionId).toBeDefined();
    expect(server.hits.get('/multi/openapi.yaml')).toBeGreaterThanOrEqual(1);
  });

  it('refreshes URL specs on the operator schedule, keeping a new version only when the content changed', async () => {
    await open();
    const spec = await specFor('/pets.yaml');
    const made = processor({ refreshIntervalMs: 1 });
    const first = await until(stateOf(spec), (found) => found.processingState === 'complete');
    const before = server.hits.get('/pets.yaml') ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
    made.kick();
    await until(async () => server.hits.get('/pets.yaml') ?? 0, (hits) => hits > before);
    await made.idle();
    expect((await store.listOpenApiSpecVersions(spec.id)).items.map((version) => version.id)).toEqual([first.lastVersionId]);
  });

  it('reads the refresh interval from QUIRE_OPENAPI_REFRESH_INTERVAL (seconds), refusing anything else naming it', () => {
    expect(openApiSettingsFromEnv({ QUIRE_OPENAPI_REFRESH_INTERVAL: '3600' })).toEqual({ refreshIntervalMs: 3_600_000 });
    expect(openApiSettingsFromEnv({ QUIRE_OPENAPI_REFRESH_INTERVAL: '0' })).toEqual({});
    expect(openApiSettingsFromEnv({})).toEqual({});
    expect(() => openApiSettingsFromEnv({ QUIRE_OPENAPI_REFRESH_INTERVAL: '1h' })).toThrow(/QUIRE_OPENAPI_REFRESH_INTERVAL/);
  });
});

describe.skipIf(databaseUrl === undefined)(`OpenAPI processing by two processes on one PostgreSQL database${databaseUrl === undefined ? ' (skipped: QUIRE_TEST_DATABASE_URL is not set)' : ''}`, () => {
  it('processes each spec version exactly once, whichever process claims it', async () => {
    let answered = 0;
    const routes: Record<string, (response: ServerResponse) => void> = {};
    for (let index = 0; index < 20; index++) {
      // Slow enough that both processes are looking for work while others are being fetched.
      routes[`/spec-${index}.yaml`] = (response) => setTimeout(() => ((answered += 1), response.writeHead(200).end(valid(`Spec ${index}`))), 30);
    }
    const server = localServer(routes);
    const base = await server.start();
    const directory = mkdtempSync(join(tmpdir(), 'quire-openapi-pg-'));
    const schema = `quire_test_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const one = await openStore({ kind: 'postgres', url: databaseUrl!, schema, blobDirectory: directory, poolSize: 4 });
    const two = await openStore({ kind: 'postgres', url: databaseUrl!, schema, blobDirectory: directory, poolSize: 4 });
    try {
      const org = await one.createOrganization({ title: 'Acme' });
      const specs = [];
      for (let index = 0; index < 20; index++) specs.push(await one.createOpenApiSpec({ organizationId: org.id, slug: `spec-${index}`, source: { url: `${base}/spec-${index}.yaml` } }));
      const options = { imports: localImports, pollMs: 20, concurrency: 4 };
      const processors = [createOpenApiProcessor(one, { ...options, holder: 'one' }), createOpenApiProcessor(two, { ...options, holder: 'two' })];
      for (const spec of specs) expect((await until(() => one.getOpenApiSpecById(spec.id), (found) => found.processingState === 'complete', 30_000)).lastProcessedErrors).toEqual([]);
      await Promise.all(processors.map((processor) => processor.close()));
      expect(answered).toBe(20);
      for (let index = 0; index < 20; index++) expect(server.hits.get(`/spec-${index}.yaml`), `spec ${index}`).toBe(1);
      for (const spec of specs) expect((await two.listOpenApiSpecVersions(spec.id)).count).toBe(1);
    } finally {
      await one.close();
      await two.close();
      await admin.query(`drop schema "${schema}" cascade`);
      await admin.end();
      rmSync(directory, { recursive: true, force: true });
      await server.stop();
    }
  });
});
