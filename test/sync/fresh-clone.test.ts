// Issue 17: the GitHub Action syncs on a fresh checkout, which has no location cache (.git/quire/). A push that
// edits a page in place asks the server where the changed paths live (extension `git-paths`) instead of reading
// the whole revision.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitdir, repoFiles, spaceFiles, sync, useSyncWorld } from './sync-harness.ts';

const world = useSyncWorld();

const summary = (lines: string[]) => `# Table of contents\n\n${lines.join('\n')}\n`;
const starter = () => ({
  'README.md': '# Welcome\n\nStart here.\n',
  'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide/README.md)', '  * [Install](guide/install.md)', '* [FAQ](faq.md)']),
  'guide/README.md': '# Guide\n\nRead on.\n',
  'guide/install.md': '# Install\n\nRun it.\n',
  'faq.md': '---\ndescription: Questions people ask\n---\n\n# FAQ\n\nAsk away.\n',
});

/** What a fresh clone lacks of the checkout that synced before: what sync keeps in the git directory. */
const freshClone = (repo: { repo: { gitdir: string } }) => rm(join(repo.repo.gitdir, 'quire'), { recursive: true, force: true });

/** The routes that download a whole revision or its whole directory. */
const wholeReads = (byRoute: Record<string, number>) =>
  Object.entries(byRoute).filter(([route]) => route === 'GET /v1/spaces/{spaceId}/revisions/{revisionId}' || route === 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/directory');

describe('sync on a fresh clone', () => {
  it('edits a page in place with 10 requests, none reading the whole revision: the server locates the changed path', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    expect((await sync(world(), repo, spaceId)).result.ok).toBe(true);
    for (const [round, text] of ['Run it twice.', 'Run it three times.'].entries()) {
      await freshClone(repo);
      await repo.commit({ 'guide/install.md': `# Install\n\n${text}\n` }, `Edit ${round}`);
      const { plan, result } = await sync(world(), repo, spaceId);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(result.mode).toBe('import');
      expect(plan.import?.inPlace).toBe(true);
      expect(result.requests.byRoute['POST /v1/spaces/{spaceId}/revisions/{revisionId}/git-paths']).toBe(1);
      expect(wholeReads(result.requests.byRoute)).toEqual([]);
      // Issue 17's target is 10: GET /v1/quire, the space, its revisions, sync points, open change requests; the
      // git-paths lookup; create, fill, merge; PUT sync point, which records the merged revision's commit too
      // (extension `sync-point-git`) instead of a PUT .../git of its own.
      expect(result.requests.byRoute['PUT /v1/spaces/{spaceId}/revisions/{revisionId}/git']).toBeUndefined();
      expect(result.requests.total, JSON.stringify(result.requests.byRoute)).toBe(10);
      expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
    }
  });

  it('reads the whole revision when the change is structural (a page added), as before', async () => {
    const repo = await gitdir(starter());
    const spaceId = await world().newSpace();
    await sync(world(), repo, spaceId);
    await freshClone(repo);
    await repo.commit({ 'upgrade.md': '# Upgrade\n\nDo it.\n', 'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Upgrade](upgrade.md)']) }, 'Add a page');
    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(result.requests.byRoute['POST /v1/spaces/{spaceId}/revisions/{revisionId}/git-paths']).toBeUndefined();
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  });
});
