// The member counts of the published OrganizationMember (`spaces`, `teams`) on both dialects. The content
// permissions and teams tables have no store methods on this branch yet, so rows are written with SQL, as their
// stores write them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createThrowawaySchema } from '../../../test/support/postgres-schema.ts';
import { quoteIdentifier } from '../connect-database.ts';
import { openStore, type Store } from '../index.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;

type Insert = (table: string, row: Record<string, string>) => Promise<void>;

async function countsScenario(store: Store, insert: Insert): Promise<void> {
  const org = await store.createOrganization({ title: 'Counts' });
  const [ada, bob] = await Promise.all(['Ada', 'Bob'].map((displayName) => store.createUser({ displayName })));
  await store.putMember(org.id, ada!.id, { role: 'admin' });
  await store.putMember(org.id, bob!.id, { role: 'read' });
  const one = await store.createSpace({ organizationId: org.id, title: 'One' });
  const two = await store.createSpace({ organizationId: org.id, title: 'Two' });
  await store.deleteSpace(two.id);
  const now = new Date().toISOString();
  for (const space of [one, two]) {
    await insert('content_user_permissions', { content_kind: 'space', content_id: space.id, organization_id: org.id, user_id: bob!.id, role: 'edit', created_at: now });
  }
  await insert('content_user_permissions', { content_kind: 'collection', content_id: 'c1', organization_id: org.id, user_id: bob!.id, role: 'edit', created_at: now });
  for (const team of ['t1', 't2']) {
    await insert('teams', { id: `${team}-${org.id}`, organization_id: org.id, title: team, created_at: now, updated_at: now });
    await insert('team_members', { team_id: `${team}-${org.id}`, organization_id: org.id, user_id: bob!.id, role: 'member', joined_at: now });
  }
  const counts = await store.countMemberships(org.id, [ada!.id, bob!.id]);
  // The deleted space and the collection grant do not count.
  expect(counts.get(bob!.id)).toEqual({ spaces: 1, teams: 2 });
  expect(counts.get(ada!.id)).toEqual({ spaces: 0, teams: 0 });
  expect((await store.countMemberships(org.id, [])).size).toBe(0);
  // Removing the member removes its grants and team memberships (the cascades), so nothing is left to count.
  await store.removeMember(org.id, bob!.id);
  expect((await store.countMemberships(org.id, [bob!.id])).get(bob!.id)).toEqual({ spaces: 0, teams: 0 });
}

describe('member counts', () => {
  it('counts explicit space grants and teams (sqlite)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-counts-'));
    const store = await openStore({ kind: 'sqlite', directory });
    const raw = new BetterSqlite3(join(directory, 'quire.db'), { timeout: 5000 });
    try {
      await countsScenario(store, async (table, row) => {
        const columns = Object.keys(row);
        raw.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`).run(...Object.values(row));
      });
    } finally {
      raw.close();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it.skipIf(!databaseUrl)('counts explicit space grants and teams (postgres)', async () => {
    const schema = await createThrowawaySchema(databaseUrl!);
    const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-counts-blobs-'));
    const store = await openStore({ kind: 'postgres', url: databaseUrl!, schema: schema.name, blobDirectory, poolSize: 2 });
    try {
      await countsScenario(store, async (table, row) => {
        const columns = Object.keys(row);
        await schema.admin.query(
          `insert into ${quoteIdentifier(schema.name)}.${table} (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
          Object.values(row),
        );
      });
    } finally {
      await store.close();
      await schema.drop();
      rmSync(blobDirectory, { recursive: true, force: true });
    }
  });
});
