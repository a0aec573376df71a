// Issue 3, "What it must show" 3: data survives a restart, and a process killed mid-request leaves the
// database consistent. Real `quire serve` processes on SQLite, driven over HTTP with the official client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitBookAPI } from '@gitbook/api';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/index.ts';
import { startServe, type Served } from './support/serve-process.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-durability-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const apiOf = (served: Served) => new GitBookAPI({ endpoint: served.baseUrl, authToken: served.token });

async function organizationOf(api: GitBookAPI): Promise<string> {
  const { data } = await api.orgs.listOrganizationsForAuthenticatedUser();
  return data.items[0]!.id;
}

describe('durability of the embedded service', () => {
  it('keeps every record across a clean restart', async () => {
    const data = join(work, 'restart');
    const first = await startServe(['--data', data]);
    const api = apiOf(first);
    const organization = await organizationOf(api);
    const created = await Promise.all(['Alpha', 'Beta', 'Gamma'].map((title) => api.orgs.createSpace(organization, { title, emoji: '📘' })));
    first.child.kill('SIGINT');
    expect((await first.exited).code).toBe(0);

    const second = await startServe(['--data', data]);
    try {
      expect(second.token).toBe(first.token);
      const again = apiOf(second);
      for (const { data: space } of created) {
        const { data: read } = await again.spaces.getSpaceById(space.id);
        expect(read).toMatchObject({ id: space.id, title: space.title, emoji: '📘' });
      }
      const { data: listed } = await again.orgs.listSpacesInOrganizationById(organization, { limit: 100 });
      expect(listed.items.map((space) => space.title).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
    } finally {
      second.child.kill('SIGINT');
      await second.exited;
    }
  });

  it('a process killed with SIGKILL in the middle of writes leaves a consistent database', async () => {
    const data = join(work, 'killed');
    const served = await startServe(['--data', data]);
    const api = apiOf(served);
    const organization = await organizationOf(api);

    // Keep 16 space creations in flight (each one transaction: the space and its first revision) and kill the
    // server once 40 have been answered, so that others are certainly mid-write.
    let answered = 0;
    const acknowledged: string[] = [];
    let killed = false;
    const worker = async (index: number) => {
      for (let round = 0; !killed; round++) {
        try {
          const { data: space } = await api.orgs.createSpace(organization, { title: `Space ${index}-${round}` });
          acknowledged.push(space.id);
          if (++answered >= 40 && !killed) {
            killed = true;
            served.child.kill('SIGKILL');
          }
        } catch {
          return; // the connection died with the server
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, index) => worker(index)));
    expect((await served.exited).signal).toBe('SIGKILL');

    // The file itself is sound.
    const database = new Database(join(data, 'quire.db'));
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    const spaceRows = database.prepare('SELECT id, revision_id FROM spaces').all() as Array<{ id: string; revision_id: string }>;
    database.close();

    // Every space answered before the kill is there; every space in the database is whole (its first revision
    // exists and reads back): a transaction is there entirely or not at all.
    const ids = new Set(spaceRows.map((row) => row.id));
    for (const id of acknowledged) expect(ids.has(id), `space ${id} was acknowledged`).toBe(true);
    const store = await openStore({ kind: 'sqlite', directory: data });
    try {
      for (const row of spaceRows) {
        const revision = await store.getRevision(row.revision_id);
        expect(revision.id).toBe(row.revision_id);
      }
    } finally {
      await store.close();
    }

    // And the service starts again on it and serves every space.
    const restarted = await startServe(['--data', data]);
    try {
      const again = apiOf(restarted);
      let seen = 0;
      let page: string | undefined;
      do {
        const { data: list } = await again.orgs.listSpacesInOrganizationById(organization, { limit: 1000, ...(page ? { page } : {}) });
        seen += list.items.length;
        page = list.next?.page;
      } while (page);
      expect(seen).toBe(spaceRows.length);
    } finally {
      restarted.child.kill('SIGINT');
      await restarted.exited;
    }
  });
});
