import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitBlobOid } from '../format/git-oid.ts';
import { corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { cloneCorpus, runGit } from './git-cli-fixture.ts';
import { gitdir } from './gitdir-fixture.ts';
import { readBlobs } from './read-blobs.ts';
import { readTree, readTreeContent } from './read-tree.ts';
import { readTreeEntries } from './read-tree-entries.ts';
import { openRepository } from './repository.ts';

const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

describe('readTree', () => {
  it.skipIf(corpusSkipReason !== undefined)(corpusTitle('gives the bytes of the files git checks out from the corpus'), async () => {
    const corpus = cloneCorpus();
    try {
      const repo = await openRepository({ fs, dir: corpus.dir });
      const head = runGit(corpus.dir, ['rev-parse', 'HEAD']).trim();
      const { files, symlinks, submodules } = await readTree(repo, head);
      const tracked = runGit(corpus.dir, ['ls-files', '-z']).split('\0').filter(Boolean);
      expect([...files.keys()].sort()).toEqual([...tracked].sort());
      for (const path of tracked) expect(files.get(path), path).toEqual(new Uint8Array(await readFile(join(corpus.dir, path))));
      expect(symlinks.size + submodules.size).toBe(0);
    } finally {
      corpus.remove();
    }
  });

  it('gives symlink targets as stored, without following them', async () => {
    const { repo, head } = await gitdir({
      'README.md': '# Hi\n',
      'docs/passwd': { symlink: '/etc/passwd' },
      'docs/readme': { symlink: '../README.md' },
      'vendor/theme': { submodule: 'a0e7165d572c728e85676d599a80bdf36c510df6' },
    });
    const { files, symlinks, submodules } = await readTree(repo, head);
    expect([...files.keys()]).toEqual(['README.md']);
    expect(symlinks).toEqual(new Map([['docs/passwd', '/etc/passwd'], ['docs/readme', '../README.md']]));
    expect(submodules).toEqual(new Map([['vendor/theme', 'a0e7165d572c728e85676d599a80bdf36c510df6']]));
  });

  it('names the blob oid of each file and symlink, as the tree records it', async () => {
    const { repo, head } = await gitdir({ 'README.md': '# Hi\n', 'docs/readme': { symlink: '../README.md' }, 'vendor/theme': { submodule: 'a0e7165d572c728e85676d599a80bdf36c510df6' } });
    const { files, oids } = await readTree(repo, head);
    expect(oids).toEqual(new Map([['README.md', gitBlobOid(files.get('README.md')!)], ['docs/readme', gitBlobOid(new TextEncoder().encode('../README.md'))]]));
  });

  it('reads a folder with paths relative to the prefix', async () => {
    const { repo, head } = await gitdir({ 'package.json': '{}', 'docs/README.md': '# Docs\n', 'docs/guide/setup.md': '# Setup\n' });
    const { files } = await readTree(repo, head, { prefix: 'docs' });
    expect([...files].map(([path, bytes]) => [path, text(bytes)])).toEqual([
      ['README.md', '# Docs\n'],
      ['guide/setup.md', '# Setup\n'],
    ]);
    expect((await readTree(repo, head, { prefix: 'nope' })).files.size).toBe(0);
  });
});

describe('readTreeContent with held files', () => {
  it('takes the bytes held for a path instead of reading its blob, and still names the tree\'s oid', async () => {
    const { repo, head } = await gitdir({ 'README.md': '# Hi\n', '.gitbook/assets/big.png': 'the real bytes', 'docs/readme': { symlink: '../README.md' } });
    const bigOid = gitBlobOid(new TextEncoder().encode('the real bytes'));
    // The blob is gone from the object store: reading it would fail, so a read that succeeds did not read it.
    fs.rmSync(join(repo.gitdir, 'objects', bigOid.slice(0, 2), bigOid.slice(2)));
    await expect(readTree(repo, head)).rejects.toMatchObject({ code: 'GIT_OBJECT_NOT_FOUND' });
    const held = new Uint8Array(14);
    const entries = await readTreeEntries(repo, head);
    const { files, symlinks, oids } = await readTreeContent(repo, entries, new Map([['.gitbook/assets/big.png', held], ['docs/readme', new Uint8Array(1)]]));
    expect(files.get('.gitbook/assets/big.png')).toBe(held);
    expect(oids.get('.gitbook/assets/big.png')).toBe(bigOid);
    expect(text(files.get('README.md'))).toBe('# Hi\n');
    // A symlink's target is always read: held bytes stand for files only.
    expect(symlinks.get('docs/readme')).toBe('../README.md');
  });
});

describe('readBlobs', () => {
  it('reads only the blobs asked for, by oid, and types its errors', async () => {
    const { repo, head } = await gitdir({ 'a.md': 'A', 'b.md': 'B', 'same.md': 'A', dir: { symlink: 'a.md' } });
    const entries = await readTreeEntries(repo, head);
    const byPath = new Map(entries.map((entry) => [entry.path, entry.oid]));
    const blobs = await readBlobs(repo, [byPath.get('a.md')!, byPath.get('same.md')!, byPath.get('b.md')!]);
    expect(blobs.size).toBe(2);
    expect(text(blobs.get(byPath.get('b.md')!))).toBe('B');
    expect(text(blobs.get(byPath.get('a.md')!))).toBe('A');
    await expect(readBlobs(repo, [head])).rejects.toMatchObject({ code: 'GIT_WRONG_OBJECT_TYPE' });
    await expect(readBlobs(repo, ['f'.repeat(40)])).rejects.toMatchObject({ code: 'GIT_OBJECT_NOT_FOUND' });
    await expect(readBlobs(repo, ['abc'])).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
