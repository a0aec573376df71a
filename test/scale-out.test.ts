// Issue 3, "What it must show" 5: two `quire serve` processes on one PostgreSQL database. A change written
// through one is read through the other, and two merges racing on the two processes never lose an update.
import { GitBookAPI } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import type { Served } from './support/serve-process.ts';
import { useTwoServers } from './support/two-servers.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const skipReason = databaseUrl ? undefined : 'QUIRE_TEST_DATABASE_URL is not set (CI sets it to the machine PostgreSQL server)';

const apiOf = (served: Served) => new GitBookAPI({ endpoint: served.baseUrl, authToken: served.token });

describe.skipIf(skipReason !== undefined)(`two server processes on one PostgreSQL database${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const servers = useTwoServers(databaseUrl!, 'quire-scale-out-');

  async function spaceWithPages(titles: string[]) {
    const api = apiOf(servers().one);
    const organization = (await api.orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const { data: space } = await api.orgs.createSpace(organization, { title: 'Shared' });
    const { data: setup } = await api.spaces.createChangeRequest(space.id, { subject: 'Pages' });
    await api.spaces.updateChangeRequestContent(space.id, setup.id, {
      changes: titles.map((title) => ({ operation: 'insert_page' as const, title, document: { markdown: `# ${title}\n\nFirst line.\n\nSecond line.\n` } })),
    });
    expect((await api.spaces.mergeChangeRequest(space.id, setup.id)).data.result).toBe('merge');
    const pages = (await api.spaces.listPages(space.id)).data.pages;
    return { space, pages: Object.fromEntries(pages.map((page) => [page.title, page.id])) };
  }

  async function changeRequestEditing(api: GitBookAPI, spaceId: string, pageId: string, markdown: string) {
    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: `Edit ${pageId}` });
    await api.spaces.updateChangeRequestContent(spaceId, changeRequest.id, { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] });
    return changeRequest.id;
  }

  const bodyOf = async (api: GitBookAPI, spaceId: string, pageId: string) => {
    const { data } = await api.spaces.getPageById(spaceId, pageId, { format: 'markdown' });
    return (data as { markdown?: string }).markdown ?? '';
  };

  it('reads through one process what was written through the other', async () => {
    const { space, pages } = await spaceWithPages(['Alpha']);
    const fromTwo = await bodyOf(apiOf(servers().two), space.id, pages.Alpha!);
    expect(fromTwo).toContain('First line.');
  });

  it('two merges of different pages racing on the two processes both land, one on top of the other', async () => {
    const { space, pages } = await spaceWithPages(['Alpha', 'Beta']);
    const first = await changeRequestEditing(apiOf(servers().one), space.id, pages.Alpha!, 'Alpha edited through one.\n');
    const second = await changeRequestEditing(apiOf(servers().two), space.id, pages.Beta!, 'Beta edited through two.\n');
    const results = await Promise.all([apiOf(servers().one).spaces.mergeChangeRequest(space.id, first), apiOf(servers().two).spaces.mergeChangeRequest(space.id, second)]);
    expect(results.map((result) => result.data.result)).toEqual(['merge', 'merge']);
    // Nothing lost: the space holds both edits, read through either process.
    for (const served of [servers().one, servers().two]) {
      expect(await bodyOf(apiOf(served), space.id, pages.Alpha!)).toContain('Alpha edited through one.');
      expect(await bodyOf(apiOf(served), space.id, pages.Beta!)).toContain('Beta edited through two.');
    }
  });

  it('two conflicting merges racing: one merges, the other reports conflicts and changes nothing', async () => {
    const { space, pages } = await spaceWithPages(['Gamma']);
    const first = await changeRequestEditing(apiOf(servers().one), space.id, pages.Gamma!, 'Gamma, version one.\n');
    const second = await changeRequestEditing(apiOf(servers().two), space.id, pages.Gamma!, 'Gamma, version two.\n');
    const results = await Promise.all([apiOf(servers().one).spaces.mergeChangeRequest(space.id, first), apiOf(servers().two).spaces.mergeChangeRequest(space.id, second)]);
    const outcomes = results.map((result) => result.data.result).sort();
    expect(outcomes).toEqual(['conflicts', 'merge']);
    const winner = results[0]!.data.result === 'merge' ? 'Gamma, version one.' : 'Gamma, version two.';
    expect(await bodyOf(apiOf(servers().two), space.id, pages.Gamma!)).toContain(winner);
    // The losing change request is not merged: it stays as it was, its content intact, for a person to resolve.
    const loser = results[0]!.data.result === 'merge' ? second : first;
    const { data: left } = await apiOf(servers().one).spaces.getChangeRequestById(space.id, loser);
    expect(left.status).not.toBe('merged');
    const loserBody = loser === first ? 'Gamma, version one.' : 'Gamma, version two.';
    const { data: loserPage } = await apiOf(servers().one).spaces.getPageInChangeRequestById(space.id, loser, pages.Gamma!, { format: 'markdown' });
    expect((loserPage as { markdown?: string }).markdown).toContain(loserBody);
  });
});
