// Quire's `git-paths` extension (docs/api-extensions.md): where a revision keeps given Git paths, the lookup
// sync makes on a fresh checkout instead of reading the whole revision.
import { expect, it } from 'vitest';
import { base64, mergeChanges, newSpace, pageIdOf } from './content-fixture.ts';
import { describeConformance } from './harness.ts';

const oid = (digit: string) => digit.repeat(40);

describeConformance('quire git-paths', (server) => {
  it('answers the page, file and reusable content at each path asked for, leaving out the paths the revision lacks', async () => {
    const api = server().client();
    const { id: spaceId, revision: empty } = await newSpace(server(), 'Paths');
    const { update } = await mergeChanges(api, spaceId, 'Import', [
      { operation: 'insert_page', ref: 'home', title: 'Home', git: { oid: oid('1'), path: 'README.md' }, document: { markdown: '# Home\n' } },
      { operation: 'quire_insert_page', ref: 'guides', type: 'group', title: 'Guides' },
    ]);
    const { revision } = await mergeChanges(api, spaceId, 'More', [
      { operation: 'insert_page', ref: 'install', title: 'Install', into: pageIdOf(update, 1), git: { oid: oid('2'), path: 'guides/install.md' }, document: { markdown: '# Install\n' } },
      { operation: 'quire_upsert_reusable_content', git: { oid: oid('3'), path: '.gitbook/includes/support.md' }, document: { markdown: '---\ntitle: Support\n---\n\nMail us.\n' } },
      { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: base64('PNG'), git: { oid: oid('4'), path: '.gitbook/assets/logo.png' } }] },
    ]);
    const { data: content } = await api.spaces.getCurrentRevision(spaceId);
    const install = content.pages[1]!.type === 'group' ? content.pages[1]!.pages[0]! : undefined;
    expect(install).toMatchObject({ title: 'Install', git: { path: 'guides/install.md' } });

    const paths = ['README.md', 'guides/install.md', '.gitbook/includes/support.md', '.gitbook/assets/logo.png', 'absent.md', 'README.md'];
    const answer = await server().request('POST', `/v1/spaces/${spaceId}/revisions/${revision}/git-paths`, { body: { paths } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      object: 'git-path-locations',
      revision,
      locations: {
        'README.md': { kind: 'page', id: pageIdOf(update, 0), title: 'Home' },
        'guides/install.md': { kind: 'page', id: install!.id, title: 'Install' },
        '.gitbook/includes/support.md': { kind: 'reusable-content', id: content.reusableContents[0]!.id, title: 'Support' },
        '.gitbook/assets/logo.png': { kind: 'file', id: content.files[0]!.id, name: 'logo.png', contentType: 'image/png' },
      },
    });
    // An older revision answers for itself: the space's first revision had none of these paths.
    const before = await server().request('POST', `/v1/spaces/${spaceId}/revisions/${empty}/git-paths`, { body: { paths } });
    expect(await before.json()).toEqual({ object: 'git-path-locations', revision: empty, locations: {} });
  });

  it('refuses a bad list of paths naming the field, another space\'s revision as not found, and a caller without a token', async () => {
    const { id: spaceId, revision } = await newSpace(server(), 'Refusals');
    const { id: otherSpace, revision: otherRevision } = await newSpace(server(), 'Other');
    const url = `/v1/spaces/${spaceId}/revisions/${revision}/git-paths`;
    const tooMany = Array.from({ length: 1001 }, (_, index) => `page-${index}.md`);
    const refusals: Array<[unknown, string]> = [[{ paths: tooMany }, 'paths'], [{ paths: [''] }, 'paths/0'], [{ paths: 'README.md' }, 'paths'], [{}, 'paths'], [{ paths: ['a.md'], extra: true }, 'extra']];
    for (const [body, field] of refusals) {
      const refused = await server().request('POST', url, { body });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(field);
    }
    expect((await server().request('POST', url, { body: { paths: tooMany.slice(0, 1000) } })).status).toBe(200);
    const foreign = await server().request('POST', `/v1/spaces/${spaceId}/revisions/${otherRevision}/git-paths`, { body: { paths: ['README.md'] } });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(await foreign.json())).toContain(otherRevision);
    expect((await server().request('POST', `/v1/spaces/${otherSpace}/revisions/${otherRevision}/git-paths`, { body: { paths: ['README.md'] } })).status).toBe(200);
    expect((await server().request('POST', url, { body: { paths: ['README.md'] }, token: null })).status).toBe(401);
  });
});
