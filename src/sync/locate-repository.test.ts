import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitdir } from '../git/gitdir-fixture.ts';
import { branchRef, locateRepository } from './locate-repository.ts';

describe('locateRepository', () => {
  it('finds the repository above a folder and the folder\'s prefix in it', async () => {
    const fixture = await gitdir({ 'packages/api/docs/README.md': '# API\n', 'README.md': '# Root\n' }, { checkout: true });
    const inside = await locateRepository(join(fixture.dir, 'packages/api/docs'));
    expect(inside).toMatchObject({ root: fixture.dir, prefix: 'packages/api/docs/', branch: 'refs/heads/main' });
    expect((await locateRepository(fixture.dir)).prefix).toBe('');
  });

  it('says when a folder is in no repository', async () => {
    await expect(locateRepository('/')).rejects.toMatchObject({ code: 'GIT_REPOSITORY_NOT_FOUND' });
  });

  it('makes full branch refs', () => {
    expect(branchRef('main')).toBe('refs/heads/main');
    expect(branchRef('refs/heads/docs')).toBe('refs/heads/docs');
  });
});
