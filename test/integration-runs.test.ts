// Integrations running: the hello-block fixture (bundled with esbuild, as `gitbook publish` bundles it, and
// published through the official client) renders through POST and the LZ-string GET render routes; its events
// are delivered from the outbox to its script in workerd, or in development mode to a local tunnel server that
// checks x-gitbook-integration-signature; a failing tunnel is retried then failed; rows left by a stopped
// service are delivered by the next one on the same database. On SQLite and, with QUIRE_TEST_DATABASE_URL, PostgreSQL.
import { GitBookAPI } from '@gitbook/api';
import { build } from 'esbuild';
import LZString from 'lz-string';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, listen, type QuireApp } from '../src/server/index.ts';
import { bootstrap, integrationSigningSecret, type BootstrapResult } from '../src/service/index.ts';
import type { IntegrationDeliveryOptions } from '../src/service/integrations/integration-deliveries.ts';
import { IntegrationRuntime } from '../src/service/integrations/integration-runtime.ts';
import { integrationSignatureHeader, verifyIntegrationBody } from '../src/service/integrations/integration-signature.ts';
import type { Store } from '../src/store/index.ts';
import { openThrowawayStore, postgresSkipReason } from './conformance/harness.ts';
import { ResponseValidator } from './conformance/response-validator.ts';

const fixture = resolve('test/fixtures/integrations/hello-block');
const fast: Partial<IntegrationDeliveryOptions> = { pollMs: 50, backoffMs: 100, maxBackoffMs: 400, maxAttempts: 3, tunnelTimeoutMs: 2_000 };

async function bundledScript(): Promise<string> {
  const result = await build({ entryPoints: [resolve(fixture, 'src/index.ts')], bundle: true, format: 'esm', write: false, minify: true, platform: 'neutral' });
  return result.outputFiles[0]!.text;
}

/** A local tunnel: records what it receives, answers `status()`. */
async function startTunnel(status: () => number): Promise<{ url: string; received: { body: Buffer; signature: string }[]; close(): Promise<void> }> {
  const received: { body: Buffer; signature: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks), signature: String(request.headers[integrationSignatureHeader] ?? '') });
      response.writeHead(status()).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`, received, close: () => new Promise((done) => server.close(() => done())) };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

for (const kind of ['sqlite', 'postgres'] as const) {
  const skip = kind === 'postgres' ? postgresSkipReason : undefined;
  describe.skipIf(skip !== undefined)(`integrations running (${kind})`, () => {
    let store: Store;
    let dispose: () => Promise<void>;
    let admin: BootstrapResult;
    let runtime: IntegrationRuntime;
    let app: QuireApp;
    let baseUrl: string;
    let script: string;
    const client = (token = admin.token) => new GitBookAPI({ endpoint: baseUrl, authToken: token });
    const startApp = async (delivery: Partial<IntegrationDeliveryOptions> = fast) => {
      app = await buildApp({ store, integrations: { runtime, delivery } });
      baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
    };

    beforeAll(async () => {
      ({ store, dispose } = await openThrowawayStore(kind));
      admin = await bootstrap(store);
      runtime = new IntegrationRuntime();
      script = await bundledScript();
      await startApp();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await runtime?.close();
      await store?.close();
      await dispose?.();
    });

    async function publish(name: string) {
      const { data } = await client().integrations.publishIntegration(name, {
        organization: admin.organization.id,
        title: 'Hello block',
        description: 'Says hello',
        scopes: ['space:content:read'],
        blocks: [{ id: 'hello', title: 'Hello' }],
        configurations: { account: { properties: { greeting: { type: 'string' } } } },
        contentSecurityPolicy: { 'script-src': "'self'", 'img-src': '*' },
        script,
      } as Parameters<GitBookAPI['integrations']['publishIntegration']>[1]);
      return data;
    }
    async function traceOf(name: string, eventId: string): Promise<string[]> {
      const { data } = await client().integrations.getIntegrationEvent(name, eventId);
      return (data.trace?.logs ?? []).map((log) => log.message ?? '');
    }
    async function eventsOf(name: string) {
      return (await client().integrations.listIntegrationEvents(name)).data.items;
    }

    it("hands a request to an installation's public endpoint to the script as a fetch event, without the caller's credentials", async () => {
      await publish('hello-public');
      const installation = (await client().integrations.installIntegration('hello-public', { organization: admin.organization.id })).data;
      expect(installation.urls.publicEndpoint).toBe(`${baseUrl}/v1/integrations/hello-public/installations/${installation.id}/public`);
      const answer = await fetch(`${installation.urls.publicEndpoint}/hooks/github?delivery=7`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature': 'sha256=abc', authorization: 'Bearer not-for-the-script', cookie: 'quire=secret' },
        body: JSON.stringify({ action: 'opened' }),
      });
      expect(answer.status).toBe(201);
      expect(answer.headers.get('x-hello')).toBe('yes');
      expect(answer.headers.get('content-security-policy')).toBe("script-src 'self'; img-src *");
      expect(answer.headers.get('set-cookie')).toBeNull();
      const echo = (await answer.json()) as { method: string; path: string; headers: Record<string, string>; body: string };
      expect(echo).toMatchObject({ method: 'POST', path: `/v1/integrations/hello-public/installations/${installation.id}/public/hooks/github?delivery=7`, body: '{"action":"opened"}' });
      expect(echo.headers['x-hub-signature']).toBe('sha256=abc');
      expect(echo.headers).not.toHaveProperty('authorization');
      expect(echo.headers).not.toHaveProperty('cookie');

      const unknown = await fetch(`${baseUrl}/v1/integrations/hello-public/installations/no-such-installation/public`);
      expect(unknown.status).toBe(404);

      // A space's installation has its own endpoint: the event names the space.
      const space = (await client().orgs.createSpace(admin.organization.id, { title: 'Hooks' })).data;
      const onSpace = (await client().integrations.installIntegrationOnSpace('hello-public', installation.id, { space: space.id } as never)).data;
      const spaceAnswer = await fetch(`${onSpace.urls.publicEndpoint}/ping`);
      expect(spaceAnswer.status).toBe(201);
      expect(((await spaceAnswer.json()) as { path: string }).path).toBe(`/v1/integrations/hello-public/installations/${installation.id}/spaces/${space.id}/public/ping`);
      expect((await fetch(`${baseUrl}/v1/integrations/hello-public/installations/${installation.id}/spaces/not-installed/public`)).status).toBe(404);
    }, 60_000);

    it('renders the hello block through POST and the LZ-string GET, with the content security policy; 404 and 502', async () => {
      await publish('hello-render');
      const space = (await client().orgs.createSpace(admin.organization.id, { title: 'Docs' })).data;
      const installation = (await client().integrations.installIntegration('hello-render', { organization: admin.organization.id })).data;
      await client().integrations.updateIntegrationInstallation('hello-render', installation.id, { configuration: { greeting: 'Bonjour' } });
      const request = { componentId: 'hello', props: { name: 'Ada' }, context: { type: 'document', theme: 'light', spaceId: space.id, editable: false } };

      const posted = await client().integrations.renderIntegrationUiWithPost('hello-render', request as Parameters<GitBookAPI['integrations']['renderIntegrationUiWithPost']>[1]);
      expect(posted.data).toMatchObject({ type: 'element', props: { name: 'Ada' }, element: { type: 'block', children: [{ type: 'card', title: 'Bonjour, Ada!' }] } });
      expect(posted.headers.get('content-security-policy')).toBe("script-src 'self'; img-src *");

      const query = LZString.compressToEncodedURIComponent(JSON.stringify({ ...request, props: { name: 'Grace' } }));
      const got = await fetch(`${baseUrl}/v1/integrations/hello-render/render?request=${query}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-security-policy')).toBe("script-src 'self'; img-src *");
      const gotBody = await got.text();
      expect(JSON.parse(gotBody)).toMatchObject({ element: { children: [{ title: 'Bonjour, Grace!' }] } });
      // Both answers validate against the published ContentKitRenderOutput.
      const validator = new ResponseValidator();
      const published = validator.check({ method: 'GET', url: got.url, status: got.status, contentType: got.headers.get('content-type'), body: gotBody });
      expect(published.operationId).toBe('renderIntegrationUIWithGet');
      validator.check({ method: 'POST', url: `${baseUrl}/v1/integrations/hello-render/render`, status: 200, contentType: 'application/json', body: JSON.stringify(posted.data) });

      const garbled = await fetch(`${baseUrl}/v1/integrations/hello-render/render?request=not-lz`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(garbled.status).toBe(400);
      expect(((await garbled.json()) as { error: { message: string } }).error.message).toMatch(/^request/);
      const unknown = await fetch(`${baseUrl}/v1/integrations/nobody/render?request=${query}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(unknown.status).toBe(404);
      const failing = await fetch(`${baseUrl}/v1/integrations/hello-render/render`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...request, componentId: 'missing' }),
      });
      expect(failing.status).toBe(502);
      expect(((await failing.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 502, message: expect.stringContaining('unknown component missing') });
    }, 60_000);

    it('delivers installation_setup to the script: success, with the script\'s log line in the trace', async () => {
      await publish('hello-events');
      const installation = (await client().integrations.installIntegration('hello-events', { organization: admin.organization.id })).data;
      const [event] = await until('the delivered event', async () => {
        const items = await eventsOf('hello-events');
        return items.length > 0 ? items : undefined;
      });
      expect(event).toMatchObject({ status: 'success', installationId: installation.id, payload: { type: 'installation_setup', installationId: installation.id } });
      expect(await traceOf('hello-events', event!.id)).toEqual(expect.arrayContaining([`installation ${installation.id} set up`, expect.stringMatching(/^attempt 1: script version 1 answered HTTP 200/)]));
    }, 60_000);

    it('delivers space_content_updated when a change request is merged into a space the integration is installed on', async () => {
      await publish('hello-spaces');
      const space = (await client().orgs.createSpace(admin.organization.id, { title: 'Watched' })).data;
      const installation = (await client().integrations.installIntegration('hello-spaces', { organization: admin.organization.id })).data;
      await client().integrations.installIntegrationOnSpace('hello-spaces', installation.id, { space: space.id });
      const changeRequest = (await client().spaces.createChangeRequest(space.id, { subject: 'Edit' })).data;
      const merged = (await client().spaces.mergeChangeRequest(space.id, changeRequest.id)).data;
      const event = await until('space_content_updated', async () => (await eventsOf('hello-spaces')).find((item) => item.payload.type === 'space_content_updated'));
      expect(event).toMatchObject({ status: 'success', payload: { spaceId: space.id, revisionId: merged.revision } });
    }, 60_000);

    it('in development mode, POSTs the signed dispatch form to the tunnel, for the owner organization only unless `all`', async () => {
      const tunnel = await startTunnel(() => 200);
      try {
        const integration = await publish('hello-dev');
        await client().integrations.setIntegrationDevelopmentMode('hello-dev', { tunnelUrl: tunnel.url });
        const own = (await client().integrations.installIntegration('hello-dev', { organization: admin.organization.id })).data;
        await until('the tunnel delivery', async () => (tunnel.received.length === 1 ? true : undefined));
        const secret = await integrationSigningSecret({ store }, (await store.getIntegration('hello-dev')).id);
        const [delivered] = tunnel.received;
        expect(verifyIntegrationBody(secret, delivered!.body, delivered!.signature)).toBe(true);
        expect(verifyIntegrationBody(secret, Buffer.concat([delivered!.body, Buffer.from(' ')]), delivered!.signature)).toBe(false);
        expect(delivered!.body.toString()).toContain(`"installationId":"${own.id}"`);
        expect(integration.name).toBe('hello-dev');

        // Another organization's installation goes to the script while `all` is off, to the tunnel with it on.
        const other = await store.createOrganization({ title: 'Other' });
        await store.putMember(other.id, admin.user.id, { role: 'admin' });
        await client().integrations.installIntegration('hello-dev', { organization: other.id });
        await until('the other organization\'s event', async () => ((await eventsOf('hello-dev')).length === 2 ? true : undefined));
        expect(tunnel.received).toHaveLength(1);
        const scriptDelivered = (await eventsOf('hello-dev')).find((item) => item.installationId !== own.id)!;
        expect((await traceOf('hello-dev', scriptDelivered.id)).some((message) => message.includes('script version 1'))).toBe(true);

        await client().integrations.setIntegrationDevelopmentMode('hello-dev', { tunnelUrl: tunnel.url, all: true });
        const third = await store.createOrganization({ title: 'Third' });
        await store.putMember(third.id, admin.user.id, { role: 'admin' });
        await client().integrations.installIntegration('hello-dev', { organization: third.id });
        await until('the tunnel delivery with all', async () => (tunnel.received.length === 2 ? true : undefined));
      } finally {
        await tunnel.close();
      }
    }, 60_000);

    it('retries a failing tunnel with backoff, then records the event as failed with every attempt in its trace', async () => {
      const tunnel = await startTunnel(() => 500);
      try {
        await publish('hello-failing');
        await client().integrations.setIntegrationDevelopmentMode('hello-failing', { tunnelUrl: tunnel.url });
        await client().integrations.installIntegration('hello-failing', { organization: admin.organization.id });
        const [event] = await until('the failed event', async () => {
          const items = await eventsOf('hello-failing');
          return items.length > 0 ? items : undefined;
        });
        expect(event!.status).toBe('failed');
        expect(tunnel.received).toHaveLength(3);
        const messages = await traceOf('hello-failing', event!.id);
        expect(messages.filter((message) => message.includes('answered HTTP 500'))).toHaveLength(3);
        expect(messages.at(-1)).toBe('gave up after 3 attempts');
      } finally {
        await tunnel.close();
      }
    }, 60_000);

    it('delivers after a restart what the stopped service left in the outbox', async () => {
      let answer = 500;
      const tunnel = await startTunnel(() => answer);
      try {
        await app.close();
        await startApp({ ...fast, maxAttempts: 10, backoffMs: 600, maxBackoffMs: 600 });
        await publish('hello-restart');
        await client().integrations.setIntegrationDevelopmentMode('hello-restart', { tunnelUrl: tunnel.url });
        const installation = (await client().integrations.installIntegration('hello-restart', { organization: admin.organization.id })).data;
        await until('one failed attempt', async () => (tunnel.received.length >= 1 ? true : undefined));
        await app.close();
        // Stopped with the event still in the outbox (not recorded yet).
        const pending = await store.listIntegrationEvents((await store.getIntegration('hello-restart')).id);
        expect(pending.items).toEqual([]);
        answer = 200;
        await startApp();
        const [event] = await until('the delivered event', async () => {
          const items = await eventsOf('hello-restart');
          return items.length > 0 ? items : undefined;
        });
        expect(event).toMatchObject({ status: 'success', installationId: installation.id });
        const messages = await traceOf('hello-restart', event!.id);
        expect(messages.some((message) => message.includes('answered HTTP 500'))).toBe(true);
        expect(messages.some((message) => message.includes('answered HTTP 200'))).toBe(true);
      } finally {
        await tunnel.close();
      }
    }, 60_000);
  });
}
