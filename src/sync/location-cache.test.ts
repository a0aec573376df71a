import fs from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createRepositoryHandle, type GitRepository } from '../git/repository.ts';
import type { GitPathLocation } from './git-path-locations.ts';
import { moveLocationCache, openLocationCache, writeLocationCache } from './location-cache.ts';
import { shardOf } from './location-shards.ts';

async function repository(): Promise<GitRepository> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-location-cache-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await fs.promises.mkdir(join(dir, '.git'));
  return createRepositoryHandle(fs, join(dir, '.git'), dir);
}

const locations = (count: number) =>
  new Map<string, GitPathLocation>([
    ...Array.from({ length: count }, (_, index) => [`section-${index % 7}/page-${index}.md`, { kind: 'page', id: `p${index}`, title: `Page ${index}` }] as const),
    ['.gitbook/assets/logo.png', { kind: 'file', id: 'f1', name: 'logo.png', contentType: 'image/png' }],
    ['.gitbook/includes/support.md', { kind: 'reusable-content', id: 'r1', title: 'Support' }],
  ]);

const space = 'space/1';

describe('the location cache', () => {
  it('answers lookups for the revision it was written for, reading one shard per path', async () => {
    const repo = await repository();
    await writeLocationCache(repo, space, 'rev1', locations(3000));
    expect(await openLocationCache(repo, space, 'rev0')).toBeUndefined();
    const cache = await openLocationCache(repo, space, 'rev1');
    const found = await cache?.lookup(['section-3/page-500.md', '.gitbook/assets/logo.png', 'nowhere.md']);
    expect(found).toEqual(
      new Map<string, GitPathLocation>([
        ['section-3/page-500.md', { kind: 'page', id: 'p500', title: 'Page 500' }],
        ['.gitbook/assets/logo.png', { kind: 'file', id: 'f1', name: 'logo.png', contentType: 'image/png' }],
      ]),
    );
    const folder = join(repo.gitdir, 'quire', 'space_1');
    const [generation] = (await readdir(folder)).filter((name) => name !== 'head.json');
    expect((await readdir(join(folder, generation!))).length).toBe(8);
  });

  it('moves to the next revision by rewriting the head alone, and only from the revision it describes', async () => {
    const repo = await repository();
    await writeLocationCache(repo, space, 'rev1', locations(200));
    const folder = join(repo.gitdir, 'quire', 'space_1');
    const shardsBefore = await readdir(folder, { recursive: true });
    await moveLocationCache(repo, space, 'rev1', 'rev2');
    expect(await openLocationCache(repo, space, 'rev1')).toBeUndefined();
    expect((await (await openLocationCache(repo, space, 'rev2'))?.lookup(['section-0/page-7.md']))?.get('section-0/page-7.md')).toMatchObject({ id: 'p7' });
    await moveLocationCache(repo, space, 'rev1', 'rev3'); // rev1 is no longer described: nothing changes
    expect(await openLocationCache(repo, space, 'rev3')).toBeUndefined();
    expect(await readdir(folder, { recursive: true })).toEqual(shardsBefore);
  });

  it('keeps one generation: a full write replaces the shards and the first layout\'s whole file', async () => {
    const repo = await repository();
    await fs.promises.mkdir(join(repo.gitdir, 'quire'));
    await writeFile(join(repo.gitdir, 'quire', 'space_1.json'), '{"revisionId":"rev0","content":{"pages":[],"files":[],"reusableContents":[]}}');
    await writeLocationCache(repo, space, 'rev1', locations(100));
    await writeLocationCache(repo, space, 'rev2', locations(10));
    const folder = join(repo.gitdir, 'quire', 'space_1');
    expect((await readdir(folder)).length).toBe(2); // head.json and one generation
    expect(await readdir(join(repo.gitdir, 'quire'))).toEqual(['space_1']);
    expect(await (await openLocationCache(repo, space, 'rev2'))?.lookup(['section-1/page-8.md'])).toEqual(new Map([['section-1/page-8.md', { kind: 'page', id: 'p8', title: 'Page 8' }]]));
    expect(await (await openLocationCache(repo, space, 'rev2'))?.lookup(['section-2/page-50.md'])).toEqual(new Map());
  });

  it('reads a damaged or missing head or shard as no cache (sync then takes the slow way)', async () => {
    const repo = await repository();
    expect(await openLocationCache(repo, space, 'rev1')).toBeUndefined();
    await writeLocationCache(repo, space, 'rev1', locations(3000));
    const folder = join(repo.gitdir, 'quire', 'space_1');
    const head = JSON.parse(await readFile(join(folder, 'head.json'), 'utf8')) as { generation: string; shards: number };
    const path = 'section-4/page-11.md';
    const shardFile = join(folder, head.generation, `${shardOf(path, head.shards).toString(16)}.json`);

    await writeFile(shardFile, (await readFile(shardFile, 'utf8')).slice(0, 20));
    expect(await (await openLocationCache(repo, space, 'rev1'))?.lookup([path])).toBeUndefined();
    await rm(shardFile);
    expect(await (await openLocationCache(repo, space, 'rev1'))?.lookup([path])).toBeUndefined();

    await writeFile(join(folder, 'head.json'), '{"format":2,"revisionId":"rev1",');
    expect(await openLocationCache(repo, space, 'rev1')).toBeUndefined();
  });

  it('ignores a git directory it cannot write to', async () => {
    const repo = createRepositoryHandle(fs, '/nonexistent/quire-test/.git', undefined);
    await writeLocationCache(repo, space, 'rev1', locations(5));
    await moveLocationCache(repo, space, 'rev1', 'rev2');
    expect(await openLocationCache(repo, space, 'rev1')).toBeUndefined();
  });
});
