// Issue 12, "Hostile content" beside nesting (test/hostile-content.test.ts): Git paths, text fields, active
// content and hostile clients, each sent to the service listening on loopback with short connection limits. While
// each hostile request is in flight, a probe (GET /v1/user) is answered 200: during a slow client's drip or hang,
// before it is cut off. Paths and text are a 400 naming the field and the rule, oversize bodies a 413, bad tokens
// a 401 (431 past the header limit), slow clients are cut off, and none of them stores anything. Active content is
// stored as sent and served inert. How long each takes, the longest event-loop stall and the probe's latency are
// benchmark figures (bench/hostile/requests.ts, BENCHMARKS.md "Hostile content").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeFiles, badAuthorizations, earlyRefusals, hostileGitPaths, hostileTextFields, longSegment, pageAtPath, slowClients, textFieldChange } from './fixtures/hostile/hostile-requests.ts';
import { alongside } from './support/alongside.ts';
import { rawConnection, startListeningApp, type ListeningApp, type WireAnswer } from './support/listening-app.ts';
import { playSlowClient } from './support/slow-client.ts';

const limits = { idleTimeoutMs: 1_000, headersTimeoutMs: 1_500, requestTimeoutMs: 2_500 };
const bodyLimit = 64 * 1024;
const maxFileBytes = 1024 * 1024;

let t: ListeningApp;
let space: string;
let content: string;

beforeAll(async () => {
  t = await startListeningApp({ connectionLimits: limits, bodyLimit, maxFileBytes });
  space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Hostile requests' } })).body.id;
  const changeRequest = (await t.call('POST', `/v1/spaces/${space}/change-requests`, { body: { subject: 'Hostile requests' } })).body.id;
  content = `/v1/spaces/${space}/change-requests/${changeRequest}/content`;
});
afterAll(() => t?.close());

const probe = () => t.call('GET', '/v1/user');
const withProbe = (hostile: () => Promise<WireAnswer>) => alongside(hostile, probe);

/** Nothing any hostile request sent was stored: the change request still has no page and no file. */
async function expectNothingStored(): Promise<void> {
  expect((await t.call('GET', `${content}/pages`)).body.pages).toEqual([]);
  expect((await t.call('GET', `${content}/files`)).body.items).toEqual([]);
}

describe('Git paths a file system turns into .git or .gitmodules', () => {
  it.each(hostileGitPaths())('$name: a 400 naming git.path and the rule, the probe answered meanwhile', async ({ path, rule }) => {
    const sent = await withProbe(() => t.call('POST', content, { body: pageAtPath(path) }));
    expect(sent.hostile.status).toBe(400);
    expect(sent.hostile.body.error.message).toBe(`changes[0].git.path: ${rule}`);
    expect(sent.probe.status).toBe(200);
  });

  it.each([
    { name: 'GIT~1', rule: '"GIT~1" is not a file name: "GIT~1" is .git on some file system (the git directory)' },
    { name: '.GitModules', rule: '".GitModules" is not a file name: ".GitModules" is .gitmodules on some file system; only the exact name is allowed' },
    { name: longSegment, rule: `"${longSegment.slice(0, 80)}…" is not a file name: has a segment of more than 255 bytes` },
  ])('a file named $name.length characters: a 400 naming the name (80 characters at most) and the rule', async ({ name, rule }) => {
    const sent = await withProbe(() => t.call('POST', content, { body: { changes: [{ operation: 'insert_files', files: [{ name, contentType: 'text/plain', base64: 'YQ==' }] }] } }));
    expect(sent.hostile.status).toBe(400);
    expect(sent.hostile.body.error.message).toBe(`changes[0].files[0].name: ${rule}`);
    expect(sent.probe.status).toBe(200);
  });

  it('stored none of them', expectNothingStored);
});

describe('text fields no later stage could store or serve', () => {
  it.each(hostileTextFields())('$name: a 400 naming the field and the rule, the probe answered meanwhile', async (input) => {
    const { body, field } = textFieldChange(input);
    const sent = await withProbe(() => t.call('POST', content, { body }));
    expect(sent.hostile.status).toBe(400);
    expect(sent.hostile.body.error.message).toBe(`${field} ${input.rule}`);
    expect(sent.probe.status).toBe(200);
  });

  it('stored none of them', expectNothingStored);
});

describe('hostile clients', () => {
  it.each(slowClients(100))('a client that $name is cut off by the $cutBy; the probe is answered during its hang; nothing is stored', { timeout: 30_000 }, async (client) => {
    const played = playSlowClient(t.port, client, { path: `${content}?compat=false`, host: t.host, token: t.token });
    let cut = false;
    void played.connection.closed.then(() => (cut = true));
    // Let the server read what the client sent, so the probe runs while the hostile request is in flight.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await probe();
    expect(during.status).toBe(200);
    expect(cut).toBe(false);
    await played.connection.closed;
    // Cut with no answer, or with Node's 408: never a 2xx, never a 5xx.
    expect(played.connection.received()).toMatch(/^(?:|HTTP\/1\.1 408 [^]*)$/);
    if (client.dripEveryMs !== undefined) expect(played.dripped()).toBeGreaterThan(limits.idleTimeoutMs / client.dripEveryMs); // it kept sending, past the idle timeout
    expect((await probe()).status).toBe(200);
    await expectNothingStored();
  });

  it.each(earlyRefusals({ bodyLimit, maxFileBytes }))('$name: a $status before the body is read, closing the connection; the probe answered meanwhile', { timeout: 30_000 }, async ({ status, opening }) => {
    const connection = rawConnection(t.port);
    connection.socket.write(opening({ upload: { path: `/v1/spaces/${space}/quire/blobs`, host: t.host, token: t.token }, json: { path: content, host: t.host, token: t.token } }));
    const during = await probe();
    await connection.closed;
    expect(connection.received()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(connection.received().toLowerCase()).toContain('connection: close');
    expect(during.status).toBe(200);
    await expectNothingStored();
  });

  it.each(badAuthorizations())('$name: a $status, the probe answered meanwhile', async ({ authorization, status, message }) => {
    const sent = await withProbe(() => t.call('POST', content, { token: null, body: pageAtPath('page.md'), headers: authorization === undefined ? {} : { authorization } }));
    expect(sent.hostile.status).toBe(status);
    if (message !== undefined) expect(sent.hostile.body.error.message).toBe(message);
    expect(sent.probe.status).toBe(200);
  });

  it('stored nothing for a bad token', expectNothingStored);
});

describe('active content', () => {
  it('is stored as sent and served inert (an attachment in a sandbox, never sniffed), the probe answered meanwhile', async () => {
    const files = activeFiles();
    const { body: changeRequest } = await t.call('POST', `/v1/spaces/${space}/change-requests`, { body: { subject: 'Active files' } });
    const written = await withProbe(() =>
      t.call('POST', `/v1/spaces/${space}/change-requests/${changeRequest.id}/content`, {
        body: { changes: [{ operation: 'insert_files', files: files.map((file) => ({ name: file.name, contentType: file.contentType, base64: Buffer.from(file.text).toString('base64') })) }] },
      }),
    );
    expect(written.hostile.status).toBe(200);
    expect(written.probe.status).toBe(200);
    expect((await t.call('POST', `/v1/spaces/${space}/change-requests/${changeRequest.id}/merge`)).status).toBe(200);

    const listed = (await t.call('GET', `/v1/spaces/${space}/content/files`)).body.items as { name: string; downloadURL: string }[];
    expect(listed.map((item) => item.name).sort()).toEqual(files.map((file) => file.name).sort());
    for (const file of files) {
      const { downloadURL } = listed.find((item) => item.name === file.name)!;
      const read = await withProbe(() => t.call('GET', new URL(downloadURL).pathname));
      expect(read.hostile.status).toBe(200);
      expect(read.hostile.body).toBe(file.text);
      expect(read.hostile.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(read.hostile.headers['x-content-type-options']).toBe('nosniff');
      // An image (SVG included) may be shown inline: the sandbox without allow-scripts keeps its script from running.
      expect(read.hostile.headers['content-disposition']).toMatch(file.contentType.startsWith('image/') ? /^inline; / : /^attachment; /);
      expect(read.probe.status).toBe(200);
    }
  });
});
