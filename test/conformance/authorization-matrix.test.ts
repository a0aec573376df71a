// The authorization matrix: every row of authorization-table.ts called as every caller (a member with each role,
// a guest, a member of another organization), on SQLite and PostgreSQL; each answer must be the status the table
// gives. Whatever a row changes it changes on something made for that one call (a fresh member, team, comment,
// invite or grant), so the calls do not depend on each other's order. Every response is schema-checked.
import { expect, it } from 'vitest';
import { callers, expectedStatus, matrix, matrixSpec, type Caller, type MatrixIds, type MatrixRow } from './authorization-table.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

/** The script of the matrix's integrations: answers every event, so their events are delivered and recorded. */
const matrixScript = `export default { async fetch() { return new Response('ok'); } };`;

interface World {
  tokens: Record<Caller, string>;
  ids: Omit<MatrixIds, 'target' | 'freshTeam' | 'made'>;
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function makeWorld(server: ConformanceServer): Promise<World> {
  const organization = server.admin.organization.id;
  const unique = Math.random().toString(36).slice(2, 8);
  const tokens = { admin: server.admin.token } as Record<Caller, string>;
  for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
    tokens[role] = await server.tokenFor({ user: `${role}-${unique}@matrix.test`, organization, role });
  }
  tokens.guest = await server.tokenFor({ user: `guest-${unique}@matrix.test`, organization, role: null });
  const elsewhere = await server.store.createOrganization({ title: 'Elsewhere' });
  tokens.outsider = await server.tokenFor({ user: `outsider-${unique}@matrix.test`, organization: elsewhere.id, role: 'admin' });

  const post = <T>(path: string, body: unknown, method = 'POST') => server.request(method, path, { body }).then((response) => json<T>(response, `${method} ${path}`));
  const space = await post<{ id: string }>(`/v1/orgs/${organization}/spaces`, { title: 'Matrix' });
  const collection = await post<{ id: string }>(`/v1/orgs/${organization}/collections`, { title: 'Matrix' });
  const changeRequest = await post<{ id: string }>(`/v1/spaces/${space.id}/change-requests`, { subject: 'Matrix' });
  const team = await post<{ id: string }>(`/v1/orgs/${organization}/teams`, { title: 'Matrix' }, 'PUT');
  const comment = await post<{ id: string }>(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'First.' } });
  const reply = await post<{ id: string }>(`/v1/spaces/${space.id}/comments/${comment.id}/replies`, { body: { markdown: 'Reply.' } });
  const changeRequestComment = await post<{ id: string }>(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/comments`, { body: { markdown: 'Review.' } });
  const site = await post<{ id: string }>(`/v1/orgs/${organization}/sites`, { title: 'Matrix' });
  await post(`/v1/orgs/${organization}/openapi`, { slug: 'matrix', source: { text: matrixSpec } });
  const integration = `matrix-${unique}`;
  await post(`/v1/integrations/${integration}`, { title: 'Matrix', description: '', scopes: [], script: matrixScript, organization });
  const installation = await post<{ id: string }>(`/v1/integrations/${integration}/installations`, { organization });
  await post(`/v1/integrations/${integration}/installations/${installation.id}/spaces`, { space: space.id });
  await post(`/v1/integrations/${integration}/installations/${installation.id}/sites`, { siteId: site.id });
  // Events are recorded once delivered to the script (in the background): wait for the first.
  let events: { items: { id: string }[] } = { items: [] };
  for (let attempt = 0; attempt < 400 && events.items.length === 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    events = await server.request('GET', `/v1/integrations/${integration}/events`).then((response) => json<{ items: { id: string }[] }>(response, 'GET events'));
  }
  return {
    tokens,
    ids: {
      organization,
      space: space.id,
      collection: collection.id,
      changeRequest: changeRequest.id,
      team: team.id,
      comment: comment.id,
      reply: reply.id,
      changeRequestComment: changeRequestComment.id,
      integration,
      installation: installation.id,
      site: site.id,
      integrationEvent: events.items[0]!.id,
    },
  };
}

/** Makes, as the admin, what one call of `row` works on. */
async function prepare(server: ConformanceServer, world: World, row: MatrixRow): Promise<MatrixIds> {
  const { ids } = world;
  const email = `target-${Math.random().toString(36).slice(2, 10)}@matrix.test`;
  await server.tokenFor({ user: email, organization: ids.organization, role: 'read' });
  const target = { id: (await server.store.findUserByEmail(email))!.id, email };
  const send = async (method: string, path: string, body?: unknown): Promise<{ id?: string }> => {
    const response = await server.request(method, path, { body });
    if (!response.ok) throw new Error(`preparing ${row.operation}: ${method} ${path} → ${response.status} ${await response.text()}`);
    return response.status === 204 ? {} : ((await response.json()) as { id?: string });
  };
  const freshTeam = (await send('PUT', `/v1/orgs/${ids.organization}/teams`, { title: `Fresh ${email.slice(7, 13)}` })).id!;
  let made = email.slice(7, 15);
  switch (row.prepare) {
    case 'comment':
      made = (await send('POST', `/v1/spaces/${ids.space}/comments`, { body: { markdown: 'To change.' } })).id!;
      break;
    case 'reply':
      made = (await send('POST', `/v1/spaces/${ids.space}/comments/${ids.comment}/replies`, { body: { markdown: 'To change.' } })).id!;
      break;
    case 'changeRequestComment':
      made = (await send('POST', `/v1/spaces/${ids.space}/change-requests/${ids.changeRequest}/comments`, { body: { markdown: 'To change.' } })).id!;
      break;
    case 'linkInvite':
      made = (await send('POST', `/v1/orgs/${ids.organization}/link-invites`, { role: 'read' })).id!;
      break;
    case 'teamWithTarget':
      made = (await send('PUT', `/v1/orgs/${ids.organization}/teams`, { title: 'With target', members: [target.id] })).id!;
      break;
    case 'spaceGrant':
      await send('POST', `/v1/spaces/${ids.space}/permissions`, { users: [target.id], role: 'read' });
      break;
    case 'collectionGrant':
      await send('POST', `/v1/collections/${ids.collection}/permissions`, { users: [target.id], role: 'read' });
      break;
    case 'spaceTeamGrant':
      await send('POST', `/v1/spaces/${ids.space}/permissions`, { teams: [freshTeam], role: 'read' });
      break;
    case 'collectionTeamGrant':
      await send('POST', `/v1/collections/${ids.collection}/permissions`, { teams: [freshTeam], role: 'read' });
      break;
    case 'translation':
      made = (await send('POST', `/v1/orgs/${ids.organization}/translations`, { source: { space: ids.space, language: 'en' }, language: 'de' })).id!;
      break;
    case 'samlProvider':
      made = (await send('POST', `/v1/orgs/${ids.organization}/saml`, { label: 'Matrix IdP' })).id!;
      break;
    case 'integration':
      made = `matrix-${email.slice(7, 15)}`;
      await send('POST', `/v1/integrations/${made}`, { title: 'Matrix', description: '', scopes: [], script: matrixScript, organization: ids.organization });
      break;
    case undefined:
      break;
  }
  return { ...ids, target, freshTeam, made };
}

describeConformance('authorization matrix', (server) => {
  let world: Promise<World> | undefined;

  for (const row of matrix) {
    it(`${row.operation} (${row.method}): ${callers.map((caller) => `${caller} ${expectedStatus(row, caller)}`).join(', ')}`, async () => {
      world ??= makeWorld(server());
      const built = await world;
      const answered: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const caller of callers) {
        const ids = await prepare(server(), built, row);
        const response = await server().request(row.method, row.path(ids), { token: built.tokens[caller], ...(row.body === undefined ? {} : { body: row.body(ids) }) });
        await response.arrayBuffer();
        answered[caller] = response.status;
        expected[caller] = expectedStatus(row, caller);
      }
      expect(answered).toEqual(expected);
    });
  }

  it('checked every operation of the table against its published schema', () => {
    expect([...server().validator.operationIds]).toEqual(expect.arrayContaining(matrix.map((row) => row.operation)));
  });
});
