// The `file-uploads` extension through the app: raw bytes streamed to POST .../quire/blobs, checked against the
// announced size and digests, refused over the server's file limit, then named by `blob` in a change batch.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitBlobOid } from '../format/git-oid.ts';
import { bootstrap } from '../service/index.ts';
import { openStore, type Store } from '../store/index.ts';
import { buildApp, type QuireApp } from './build-app.ts';

const limit = 3 * 1024 * 1024;
let app: QuireApp;
let store: Store;
let directory: string;
let token: string;
let spaceId: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'quire-uploads-'));
  store = await openStore({ kind: 'sqlite', directory });
  const admin = await bootstrap(store);
  token = admin.token;
  app = await buildApp({ store, baseUrl: 'http://quire.test', maxFileBytes: limit });
  spaceId = (await json('POST', `/v1/orgs/${admin.organization.id}/spaces`, { title: 'Media' })).body.id;
});
afterAll(async () => {
  // Whatever beforeAll did not get to is unset.
  await app?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are read loosely
type Answer = { status: number; body: any };

async function json(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: response.statusCode, body: response.body === '' ? undefined : JSON.parse(response.body) };
}

async function upload(bytes: Uint8Array, query: string): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/spaces/${spaceId}/quire/blobs?${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(bytes),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST /v1/spaces/{spaceId}/quire/blobs', () => {
  it('announces file-uploads and the file limit in GET /v1/quire', async () => {
    const info = await json('GET', '/v1/quire');
    expect(info.body.extensions).toContain('file-uploads');
    expect(info.body.limits).toEqual({ maxFileBytes: limit, maxGitBatchChanges: 500 });
  });

  it('stores a 2.5 MB file streamed as the body (over the 1 MB of base64), and a batch names it by blob', async () => {
    const bytes = new Uint8Array(randomBytes(2.5 * 1024 * 1024));
    const uploaded = await upload(bytes, `size=${bytes.byteLength}&sha256=${sha256(bytes)}&oid=${gitBlobOid(bytes)}`);
    expect(uploaded).toEqual({ status: 201, body: { object: 'quire-blob', blob: sha256(bytes), size: bytes.byteLength, oid: gitBlobOid(bytes) } });
    expect(Buffer.compare(Buffer.from(await store.getBlob(sha256(bytes))), Buffer.from(bytes))).toBe(0);

    const changeRequest = (await json('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Media' })).body;
    const git = { oid: gitBlobOid(bytes), path: '.gitbook/assets/demo.gif' };
    const written = await json('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content?compat=false`, {
      changes: [{ operation: 'insert_files', files: [{ name: 'demo.gif', contentType: 'image/gif', blob: sha256(bytes), git }] }],
    });
    expect(written.status).toBe(200);
    expect(written.body.insertedFiles[0]).toMatchObject({ name: 'demo.gif', size: bytes.byteLength });
    const fileId = written.body.insertedFiles[0].id;

    const smaller = new Uint8Array(randomBytes(1.5 * 1024 * 1024));
    expect((await upload(smaller, `size=${smaller.byteLength}`)).status).toBe(201);
    const replaced = await json('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content?compat=false`, {
      changes: [{ operation: 'quire_update_file', file: fileId, blob: sha256(smaller), git: { ...git, oid: gitBlobOid(smaller) } }],
    });
    expect(replaced.status).toBe(200);
    const content = await json('GET', `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content`);
    expect(content.body.files).toEqual([expect.objectContaining({ id: fileId, size: smaller.byteLength, git: { ...git, oid: gitBlobOid(smaller) } })]);
    const download = await app.inject({ method: 'GET', url: new URL(content.body.files[0].downloadURL).pathname, headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.compare(download.rawPayload, Buffer.from(smaller))).toBe(0);
  });

  it('refuses a file over the limit before reading it, naming both sizes, and keeps nothing', async () => {
    const bytes = new Uint8Array(randomBytes(limit + 1));
    const answer = await upload(bytes, `size=${bytes.byteLength}`);
    expect(answer.status).toBe(413);
    expect(answer.body.error.message).toContain(`the file has ${limit + 1} bytes; this server takes files of at most ${limit} bytes (3 MiB`);
    expect(await store.hasBlob(sha256(bytes))).toBe(false);
  });

  it('refuses a body whose size or digests differ from the announced ones, and keeps nothing', async () => {
    const bytes = new Uint8Array(randomBytes(4096));
    const shorter = await upload(bytes, `size=${bytes.byteLength + 1}`);
    expect(shorter.status).toBe(400);
    expect(shorter.body.error.message).toContain('the body has 4096 bytes, not the announced 4097');
    const longer = await upload(bytes, `size=${bytes.byteLength - 1}`);
    expect(longer.body.error.message).toContain('longer than the announced size of 4095 bytes');
    const wrongOid = await upload(bytes, `size=${bytes.byteLength}&oid=${'0'.repeat(40)}`);
    expect(wrongOid.status).toBe(400);
    expect(wrongOid.body.error.message).toContain(`Git blob id is ${gitBlobOid(bytes)}`);
    expect(await store.hasBlob(sha256(bytes))).toBe(false);
  });

  it('refuses a batch naming a blob that was never uploaded, naming the field', async () => {
    const changeRequest = (await json('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Missing' })).body;
    const answer = await json('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content`, {
      changes: [{ operation: 'insert_files', files: [{ name: 'x.png', contentType: 'image/png', blob: 'a'.repeat(64) }] }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain(`changes[0].files[0].blob: blob ${'a'.repeat(64)} was not uploaded`);
  });

  it('refuses a JSON body: the bytes are the body', async () => {
    const answer = await json('POST', `/v1/spaces/${spaceId}/quire/blobs?size=2`, { base64: 'aGk=' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('application/octet-stream');
    // A JSON null was a 500 (found by the route fuzzer); every JSON value is the same 400.
    for (const value of [null, 0, 'bytes', [], true]) {
      const other = await json('POST', `/v1/spaces/${spaceId}/quire/blobs?size=2`, value);
      expect([value, other.status, other.body.error.message]).toEqual([value, 400, expect.stringContaining('application/octet-stream')]);
    }
  });
});
