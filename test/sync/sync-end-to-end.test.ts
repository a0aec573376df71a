// Sync end to end: the real server on a socket, repositories built inline, every scenario of the issue.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommit, resolveRef } from '../../src/git/index.ts';
import { editInSpace, fixtureEntries, gitdir, repoFiles, spaceFiles, sync, useSyncWorld } from './sync-harness.ts';

const world = useSyncWorld();

const png = (seed: number) => new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, seed, seed, seed]);
const summary = (lines: string[]) => `# Table of contents\n\n${lines.join('\n')}\n`;

const starter = () => ({
  'README.md': '# Welcome\n\nStart here.\n',
  'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide/README.md)', '  * [Install](guide/install.md)', '* [FAQ](faq.md)']),
  'guide/README.md': '# Guide\n\nRead on.\n\n{% include "../.gitbook/includes/support.md" %}\n',
  'guide/install.md': '# Install\n\n![Logo](../.gitbook/assets/logo.png)\n\nRun it.\n',
  'faq.md': '---\ndescription: Questions people ask\n---\n\n# FAQ\n\nAsk away.\n',
  '.gitbook/assets/logo.png': png(1),
  '.gitbook/includes/support.md': '---\ntitle: Support\n---\n\nMail us.\n',
});

describe('sync end to end', () => {
  it('imports a repository into an empty space, byte for byte, then a re-run does nothing', async () => {
    const repo = await gitdir(starter(), { message: 'Start the docs' });
    const spaceId = await world().newSpace();
    const first = await sync(world(), repo, spaceId);
    expect(first.result.ok, JSON.stringify(first.result)).toBe(true);
    expect(first.result.mode).toBe('import');
    expect(first.result.changeRequest?.merged).toBe(true);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
    const revision = await world().client.getRevision({ spaceId });
    expect(revision.git).toMatchObject({ oid: repo.head, message: 'Start the docs\n', ref: 'refs/heads/main' });
    const install = revision.pages.flatMap((page) => ('pages' in page ? [page, ...page.pages] : [page])).find((page) => page.title === 'Install');
    expect(install).toMatchObject({ git: { path: 'guide/install.md' } });

    world().client.resetRequestCounts();
    const again = await sync(world(), repo, spaceId);
    expect(again.result.mode).toBe('in-sync');
    expect(again.result.changeRequest).toBeUndefined();
    expect(world().client.requestCounts().total).toBeLessThanOrEqual(6);
    expect((await world().client.getSpace(spaceId)).revision).toBe(revision.id);
  });

  it('carries edits made in Git: add, edit, rename, move, delete pages; add and replace assets; includes', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    const ids = async () => new Map((await world().client.listPages({ spaceId })).flatMap((page) => ('pages' in page ? [page, ...page.pages] : [page])).map((page) => [page.title, page.id]));
    const before = await ids();

    const steps: Array<[string, Record<string, string | Uint8Array | null>]> = [
      ['edit a page', { 'faq.md': '---\ndescription: Questions people ask\n---\n\n# FAQ\n\nAsk us anything.\n' }],
      ['add a page and an asset', {
        'guide/upgrade.md': '# Upgrade\n\n![Diagram](../.gitbook/assets/diagram.png)\n',
        '.gitbook/assets/diagram.png': png(2),
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide/README.md)', '  * [Install](guide/install.md)', '  * [Upgrade](guide/upgrade.md)', '* [FAQ](faq.md)']),
      }],
      ['rename a page', {
        'guide/install.md': null,
        'guide/setup.md': '# Install\n\n![Logo](../.gitbook/assets/logo.png)\n\nRun it.\n',
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide/README.md)', '  * [Install](guide/setup.md)', '  * [Upgrade](guide/upgrade.md)', '* [FAQ](faq.md)']),
      }],
      ['move a page', {
        'faq.md': null,
        'guide/faq.md': '---\ndescription: Questions people ask\n---\n\n# FAQ\n\nAsk us anything.\n',
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide/README.md)', '  * [FAQ](guide/faq.md)', '  * [Install](guide/setup.md)', '  * [Upgrade](guide/upgrade.md)']),
      }],
      ['replace an asset and edit the include', { '.gitbook/assets/logo.png': png(3), '.gitbook/includes/support.md': '---\ntitle: Support\n---\n\nMail or call us.\n' }],
      ['delete a page', {
        'guide/upgrade.md': null,
        '.gitbook/assets/diagram.png': null,
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide/README.md)', '  * [FAQ](guide/faq.md)', '  * [Install](guide/setup.md)']),
      }],
    ];
    for (const [message, change] of steps) {
      await repo.commit(change, message);
      const { result } = await sync(world(), repo, spaceId);
      expect(result.ok, `${message}: ${JSON.stringify(result)}`).toBe(true);
      expect(result.mode, message).toBe('import');
      expect(await spaceFiles(world(), spaceId), message).toEqual(await repoFiles(repo));
      expect((await world().client.getRevision({ spaceId })).git?.oid, message).toBe(repo.head);
    }
    const after = await ids();
    expect(after.get('Install')).toBe(before.get('Install')); // renamed, same page
    expect(after.get('FAQ')).toBe(before.get('FAQ')); // moved, same page
    expect(after.has('Upgrade')).toBe(false);
  });

  it('edits in place read only the changed files and where they live (location cache, else the server); a damaged cache reads no revision', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    const count = (route: string) => world().client.requestCounts().byRoute[route] ?? 0;
    const edit = async (text: string, message: string) => {
      await repo.commit({ 'guide/install.md': `# Install\n\n![Logo](../.gitbook/assets/logo.png)\n\n${text}\n`, '.gitbook/assets/logo.png': png(text.length) }, message);
      world().client.resetRequestCounts();
      const { result } = await sync(world(), repo, spaceId);
      expect(result.ok, `${message}: ${JSON.stringify(result)}`).toBe(true);
      expect(result.mode, message).toBe('import');
      expect(await spaceFiles(world(), spaceId), message).toEqual(await repoFiles(repo));
      return { reads: count('GET /v1/spaces/{spaceId}/revisions/{revisionId}'), lookups: count('POST /v1/spaces/{spaceId}/revisions/{revisionId}/git-paths'), requests: result.requests.total };
    };
    // No location cache in this checkout: the server says where the changed paths live (extension git-paths).
    expect(await edit('Run it.', 'First edit')).toMatchObject({ reads: 0, lookups: 1 });
    const warm = await edit('Run it twice.', 'Second edit');
    expect(warm).toMatchObject({ reads: 0, lookups: 1 });
    // 8, the repository's sync point read and recorded (extension sync-points), and the lookup (issue 17's
    // target is 10: not met, see BENCHMARKS.md).
    expect(warm.requests).toBeLessThanOrEqual(11);

    const head = join(repo.repo.gitdir, 'quire', spaceId.replace(/[^A-Za-z0-9_-]/g, '_'), 'head.json');
    await mkdir(dirname(head), { recursive: true });
    await writeFile(head, '{"format":2,"revisionId":');
    expect(await edit('Run it once more.', 'After a damaged cache')).toMatchObject({ reads: 0, lookups: 1 });
  });

  it('turns edits made in the space into commits: one per revision, one parent, only the changed files', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    const start = repo.head;
    const number = await editInSpace(world(), spaceId, 'Clarify the FAQ', (pages) => [
      { operation: 'update_page', page: pages('faq.md'), document: { markdown: '---\ndescription: Questions people ask\n---\n\n# FAQ\n\nAsk away, we answer.\n' } },
    ]);
    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(result.mode).toBe('export');
    expect(result.commits).toHaveLength(1);
    const head = await resolveRef(repo.repo, 'refs/heads/main');
    const commit = await readCommit(repo.repo, head);
    expect(commit.parents).toEqual([start]);
    expect(commit.message).toBe(`QUIRE-${number}: Clarify the FAQ\n`);
    expect(commit.author.name).toBe('Admin');
    repo.head = head;
    expect((await repoFiles(repo))['faq.md']).toBe('---\ndescription: Questions people ask\n---\n\n# FAQ\n\nAsk away, we answer.\n');
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
    // The revision now carries the commit, so it is never exported again, and the commit is never imported.
    const again = await sync(world(), repo, spaceId);
    expect(again.result.mode).toBe('in-sync');
  });

  it('merges changes made on both sides at once when they do not conflict', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    await editInSpace(world(), spaceId, 'Edit the welcome', (pages) => [
      { operation: 'update_page', page: pages('README.md'), document: { markdown: '# Welcome\n\nStart here, friend.\n' } },
    ]);
    await repo.commit({ 'guide/install.md': '# Install\n\n![Logo](../.gitbook/assets/logo.png)\n\nRun it twice.\n' }, 'Run it twice');
    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(result.mode).toBe('both');
    repo.head = await resolveRef(repo.repo, 'refs/heads/main');
    const files = await repoFiles(repo);
    expect(files['README.md']).toBe('# Welcome\n\nStart here, friend.\n');
    expect(files['guide/install.md']).toContain('Run it twice.');
    expect(await spaceFiles(world(), spaceId)).toEqual(files);
    expect((await sync(world(), repo, spaceId)).result.mode).toBe('in-sync');
  });

  it('stops on a real conflict: non-zero, change request left open, both sides intact', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    await editInSpace(world(), spaceId, 'Space wording', (pages) => [
      { operation: 'update_page', page: pages('faq.md'), document: { markdown: '---\ndescription: Questions people ask\n---\n\n# FAQ\n\nThe space says this.\n' } },
    ]);
    await repo.commit({ 'faq.md': '---\ndescription: Questions people ask\n---\n\n# FAQ\n\nGit says that.\n' }, 'Git wording');
    const gitHead = repo.head;
    const spaceBefore = await spaceFiles(world(), spaceId);
    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok).toBe(false);
    expect(result.mode).toBe('conflict');
    expect(result.conflicts).toEqual([{ path: 'faq.md', reason: 'both-changed', title: 'FAQ' }]);
    const changeRequest = await world().client.getChangeRequest(spaceId, result.changeRequest!.id);
    expect(changeRequest.status).toBe('open');
    expect(await resolveRef(repo.repo, 'refs/heads/main')).toBe(gitHead);
    expect(await spaceFiles(world(), spaceId)).toEqual(spaceBefore);
    expect((await repoFiles(repo))['faq.md']).toContain('Git says that.');

    // A second run finds the same change request (marked [git:main]) instead of opening another.
    const again = await sync(world(), repo, spaceId);
    expect(again.result.mode).toBe('conflict');
    expect(again.result.changeRequest?.id).toBe(result.changeRequest!.id);

    const resolved = await sync(world(), repo, spaceId, { prefer: 'git' });
    expect(resolved.result.ok, JSON.stringify(resolved.result)).toBe(true);
    expect(resolved.result.changeRequest).toMatchObject({ id: result.changeRequest!.id, merged: true });
    repo.head = await resolveRef(repo.repo, 'refs/heads/main');
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  });

  it('keeps two spaces for two folders of a monorepo; commits elsewhere create nothing', async () => {
    const prefixed = (prefix: string) => Object.fromEntries(Object.entries(starter()).map(([path, value]) => [`${prefix}${path}`, value]));
    const repo = await gitdir({ ...prefixed('api/docs/'), ...prefixed('web/docs/'), 'src/index.ts': 'export {};\n' });
    const [apiSpace, webSpace] = [await world().newSpace('API'), await world().newSpace('Web')];
    await sync(world(), repo, apiSpace, { prefix: 'api/docs/' });
    await sync(world(), repo, webSpace, { prefix: 'web/docs/' });
    expect(await spaceFiles(world(), apiSpace)).toEqual(await repoFiles(repo, 'api/docs/'));

    await repo.commit({ 'src/index.ts': 'export const x = 1;\n' }, 'Code only');
    const revisionBefore = (await world().client.getSpace(apiSpace)).revision;
    expect((await sync(world(), repo, apiSpace, { prefix: 'api/docs/' })).result.mode).toBe('in-sync');
    expect((await world().client.getSpace(apiSpace)).revision).toBe(revisionBefore);

    await repo.commit({ 'web/docs/faq.md': '# FAQ\n\nWeb only.\n' }, 'Web FAQ');
    expect((await sync(world(), repo, apiSpace, { prefix: 'api/docs/' })).result.mode).toBe('in-sync');
    const web = await sync(world(), repo, webSpace, { prefix: 'web/docs/' });
    expect(web.result.mode).toBe('import');
    expect(await spaceFiles(world(), webSpace)).toEqual(await repoFiles(repo, 'web/docs/'));

    await editInSpace(world(), apiSpace, 'API wording', (pages) => [{ operation: 'update_page', page: pages('README.md'), document: { markdown: '# Welcome\n\nAPI docs.\n' } }]);
    const exported = await sync(world(), repo, apiSpace, { prefix: 'api/docs/' });
    expect(exported.result.mode).toBe('export');
    const head = await resolveRef(repo.repo, 'refs/heads/main');
    const commit = await readCommit(repo.repo, head);
    const { changedPaths } = await import('../../src/git/index.ts');
    expect((await changedPaths(repo.repo, commit.parents[0]!, head)).map((change) => change.path)).toEqual(['api/docs/README.md']);
  });

  it('previews a pull request in one open change request, then merges that one when the branch is merged', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    const liveBefore = (await world().client.getSpace(spaceId)).revision;
    const main = repo.head;
    await repo.commit({ 'faq.md': '# FAQ\n\nFrom the branch.\n' }, 'Branch work');
    const branchHead = repo.head;
    const pullRequest = { branch: 'feature/faq', number: 7, headCommit: branchHead };
    const preview = await sync(world(), repo, spaceId, { ref: branchHead, pullRequest, direction: 'git-to-space' });
    expect(preview.result.ok, JSON.stringify(preview.result)).toBe(true);
    expect(preview.result.mode).toBe('preview');
    const changeRequest = await world().client.getChangeRequest(spaceId, preview.result.changeRequest!.id);
    expect(changeRequest.status).toBe('open');
    expect(changeRequest.subject).toBe('[git:feature/faq] #7 Branch work');
    expect((await world().client.getSpace(spaceId)).revision).toBe(liveBefore);

    await repo.commit({ 'faq.md': '# FAQ\n\nFrom the branch, again.\n' }, 'More branch work');
    const updated = await sync(world(), repo, spaceId, { ref: repo.head, pullRequest: { ...pullRequest, headCommit: repo.head }, direction: 'git-to-space' });
    expect(updated.result.changeRequest?.id).toBe(changeRequest.id);
    expect((await world().client.getSpace(spaceId)).revision).toBe(liveBefore);

    // The branch is merged (fast-forward) and the push is synced: that change request is the one merged.
    const pushed = await sync(world(), repo, spaceId);
    expect(pushed.result.ok, JSON.stringify(pushed.result)).toBe(true);
    expect(pushed.result.changeRequest).toMatchObject({ id: changeRequest.id, merged: true });
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
    expect(main).not.toBe(repo.head);
  });

  it('imports the sample handbook (groups, link pages, an OpenAPI page, variables) byte for byte', async () => {
    // Groups, link pages and computed pages have no operation in the published API: sync sends `quire_insert_page`
    // (extension `page-kinds`, docs/api-extensions.md).
    expect((await world().client.getQuireServerInfo())?.extensions).toContain('page-kinds');
    const repo = await gitdir(fixtureEntries('handbook'));
    const spaceId = await world().newSpace();
    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok, JSON.stringify(result.items.filter((item) => item.outcome === 'failed'))).toBe(true);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  });

  it('keeps what is not content: unlisted Markdown, other files, .gitbook.yaml, variables', async () => {
    const repo = await gitdir({
      '.gitbook.yaml': 'structure:\n  readme: README.md\n',
      'README.md': '# Home\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Install](install.md)\n',
      'install.md': '# Install\n',
      'notes.md': 'Not listed, kept as a file.\n',
      LICENSE: 'MIT\n',
      '.gitbook/vars.yaml': 'product: Quire\n',
    });
    const spaceId = await world().newSpace();
    expect((await sync(world(), repo, spaceId)).result.ok).toBe(true);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
    await repo.commit({ LICENSE: null, 'notes.md': 'Still not listed.\n', '.gitbook/vars.yaml': 'product: Quire 2\n' }, 'Tidy up');
    const { result } = await sync(world(), repo, spaceId);
    expect(result.items.map((item) => `${item.outcome} ${item.path}`).sort()).toEqual(['deleted LICENSE', 'updated .gitbook/vars.yaml', 'updated notes.md']);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  });

  // `linkTitle` sent on insert_page/update_page is stored, so SUMMARY.md keeps `"Installation"`.
  it('keeps a page\'s sidebar title (SUMMARY.md link title)', async () => {
    const repo = await gitdir({ 'README.md': '# Home\n', 'SUMMARY.md': '* [Home](README.md)\n* [Install](install.md "Installation")\n', 'install.md': '# Install\n' });
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  });

  it('prints the plan and changes nothing with --dry-run', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    const before = (await world().client.getSpace(spaceId)).revision;
    const { result, plan } = await sync(world(), repo, spaceId, { dryRun: true });
    expect(result.dryRun).toBe(true);
    expect(plan.mode).toBe('import');
    expect(result.items.filter((item) => item.outcome === 'created').length).toBeGreaterThan(5);
    expect((await world().client.getSpace(spaceId)).revision).toBe(before);
  });
});
