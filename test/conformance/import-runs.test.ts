// Import runs end to end (startImportRun, getImportRun, listImportRuns, cancelImportRun) through the official
// client on a real server (SQLite, and PostgreSQL when QUIRE_TEST_DATABASE_URL is set): the fixture site served by
// a local HTTP server is imported in the background of the server process; every response is validated against
// the published schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileSite, type HostileSite } from '../../src/import/hostile-site.fixture.ts';
import { importTargetPolicyFrom } from '../../src/import/import-target-rule.ts';
import { defaultImportSettings } from '../../src/service/index.ts';
import { ManualClock, postgresSkipReason, startConformanceServer, type ConformanceServer, type StoreKind } from './harness.ts';

const kinds: StoreKind[] = ['sqlite', 'postgres'];

interface Run {
  id: string;
  status: string;
  reason?: string;
  target: { space: string; changeRequest?: string };
  pages?: { id: string; type: string; sourceURL?: string; status: string }[];
  progress?: { discovered: number; imported: number };
}

for (const kind of kinds) {
  const skip = kind === 'postgres' ? postgresSkipReason : undefined;
  describe.skipIf(skip !== undefined)(`import runs (${kind})${skip === undefined ? '' : ` — skipped: ${skip}`}`, () => {
    let server: ConformanceServer;
    let site: HostileSite;
    let spaceId: string;
    let orgId: string;
    const clock = new ManualClock(Date.now());

    beforeAll(async () => {
      site = await startHostileSite({ robots: 'User-agent: *\nDisallow: /hostile/private/\n' });
      server = await startConformanceServer(kind, { now: clock.now });
      server.app.quire.imports = { ...defaultImportSettings, policy: importTargetPolicyFrom('127.0.0.1'), timeoutMs: 1500 };
      orgId = server.admin.organization.id;
      const { data: space } = await server.client().orgs.createSpace(orgId, { title: 'Imported' });
      spaceId = space.id;
    });
    afterAll(async () => {
      await server?.close();
      await site?.close();
    });

    /** Reads the run until it has ended (the import runs in the background). */
    async function ended(id: string): Promise<Run> {
      for (let attempt = 0; attempt < 200; attempt++) {
        const { data } = await server.client().org.getImportRun(orgId, id);
        if (data.status !== 'pending' && data.status !== 'in-progress') return data as Run;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`import run ${id} did not end`);
    }

    it('starts a run (201, pending), runs it in the background into the space, and records its pages and counts', async () => {
      const api = server.client();
      const { data: started, status } = await api.org.startImportRun(orgId, { source: { type: 'website', url: `${site.origin}/index.html` }, target: { space: spaceId } });
      expect(status).toBe(201);
      expect(started).toMatchObject({ object: 'import-run', status: 'pending', source: { type: 'website', url: `${site.origin}/index.html` }, target: { space: spaceId } });
      const run = await ended(started.id);
      expect(run.status, run.reason).toBe('completed');
      // Six pages and two folders; the two images count among what was imported.
      expect(run.pages?.filter((page) => page.type === 'page')).toHaveLength(6);
      expect(run.pages?.filter((page) => page.type === 'folder')).toHaveLength(2);
      expect(run.pages?.every((page) => page.status === 'complete')).toBe(true);
      expect(run.progress).toEqual({ discovered: 7, imported: 10 });
      // Imported through a change request that was merged: the space has the pages.
      expect(run.target.changeRequest).toBeDefined();
      const { data: pages } = await api.spaces.listPages(spaceId);
      expect(pages.pages.map((page) => page.title)).toEqual(['Welcome to Lantern', 'Guide', 'Reference', 'Frequently asked questions']);
      const { data: list } = await api.org.listImportRuns(orgId, { space: spaceId });
      expect(list.items.map((item) => item.id)).toContain(started.id);
    });

    it('imports into a named change request without merging it', async () => {
      const api = server.client();
      const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Import install' });
      const { data: spaceBefore } = await api.spaces.getSpaceById(spaceId);
      const { data: started } = await api.org.startImportRun(orgId, { source: { type: 'website', url: `${site.origin}/guide/install.html` }, target: { space: spaceId, changeRequest: changeRequest.id } });
      const run = await ended(started.id);
      expect(run).toMatchObject({ status: 'completed', target: { space: spaceId, changeRequest: changeRequest.id } });
      // The change request moved on; the space did not (nothing merged).
      const { data: head } = await api.spaces.getChangeRequestById(spaceId, changeRequest.id);
      expect(head.status).not.toBe('merged');
      expect(head.revision).not.toBe(changeRequest.revision);
      expect((await api.spaces.getSpaceById(spaceId)).data.revision).toBe(spaceBefore.revision);
    });

    it('cancels a running import: cancelled, and it stays so when the run stops', async () => {
      const api = server.client();
      const { data: started } = await api.org.startImportRun(orgId, { source: { type: 'website', url: `${site.origin}/hostile/never-ends.html` }, target: { space: spaceId } });
      const { data: cancelled } = await api.org.cancelImportRun(orgId, started.id);
      expect(cancelled).toMatchObject({ id: started.id, status: 'cancelled' });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await api.org.getImportRun(orgId, started.id)).data.status).toBe('cancelled');
      const again = await server.request('POST', `/v1/org/${orgId}/imports/${started.id}/cancel`);
      expect(again.status).toBe(400);
      expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/^importRunId: .* has already ended \(cancelled\)/);
    });

    it('shows a run whose process stopped (no heartbeat) as failed', async () => {
      const orphan = await server.store.createImportRun({ organizationId: orgId, spaceId, sourceUrl: `${site.origin}/`, createdBy: server.admin.user.id });
      expect((await server.client().org.getImportRun(orgId, orphan.id)).data.status).toBe('pending');
      clock.advance(10 * 60 * 1000);
      const { data: failed } = await server.client().org.getImportRun(orgId, orphan.id);
      expect(failed).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^the server process running this import stopped/) });
    });

    it('refuses file sources naming source.type, and readers', async () => {
      const response = await server.request('POST', `/v1/org/${orgId}/imports`, { body: { source: { type: 'file', files: ['a.docx'] }, target: { space: spaceId } } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^source\.type: file imports are not supported by this server; supported: website/);
      const reader = await server.tokenFor({ user: `reader-${kind}@example.com`, organization: orgId, role: 'read' });
      const refused = await server.request('POST', `/v1/org/${orgId}/imports`, { token: reader, body: { source: { type: 'website', url: `${site.origin}/` }, target: { space: spaceId } } });
      expect(refused.status).toBe(403);
    });
  });
}
