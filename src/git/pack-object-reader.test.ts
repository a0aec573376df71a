import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCipheriv } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { gitObjects, runGit } from './git-cli-fixture.ts';
import { createCatFileObjectReader } from './cat-file-object-reader.ts';
import { createLooseObjectReader } from './loose-object-reader.ts';
import { gitBackendFor, requestedGitBackend } from './object-backend.ts';
import type { ObjectReader } from './object-reader.ts';
import { createPackObjectReader } from './pack-object-reader.ts';
import { readFileAt } from './read-file-at.ts';
import { openRepository, type GitFs } from './repository.ts';

/** A work tree whose history keeps growing the same files, so `git repack -f` stores most versions as deltas. */
async function repositoryWithDeltas(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-pack-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  runGit(dir, ['init', '-q', '-b', 'main']);
  let text = '# Guide\n';
  for (let version = 0; version < 12; version++) {
    text += `Paragraph ${version}: ${'the same words again and again, '.repeat(20)}\n`;
    await writeFile(join(dir, 'guide.md'), text);
    await writeFile(join(dir, 'notes.md'), `${text}\nNotes ${version}\n`);
    runGit(dir, ['add', '.']);
    runGit(dir, ['commit', '-q', '-m', `Version ${version}`]);
  }
  return dir;
}

/** How many objects of the pack are stored as deltas of each kind (`git verify-pack -v` gives their offsets). */
function deltaKinds(dir: string): { ofs: number; ref: number } {
  const folder = join(dir, '.git/objects/pack');
  const idx = fs.readdirSync(folder).find((name) => name.endsWith('.idx'))!;
  const pack = fs.readFileSync(join(folder, idx.replace(/idx$/, 'pack')));
  const deltas = runGit(dir, ['verify-pack', '-v', join(folder, idx)])
    .split('\n')
    .map((line) => /^[0-9a-f]{40} +\w+ +\d+ +\d+ +(\d+) +\d+ +[0-9a-f]{40}$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => (pack[Number(match[1])]! >> 4) & 7);
  return { ofs: deltas.filter((kind) => kind === 6).length, ref: deltas.filter((kind) => kind === 7).length };
}

const readers = {
  pack: (gitdir: string): ObjectReader => createPackObjectReader(fs, gitdir),
  // Its fallback must not be used here: it answers nothing.
  'git cat-file': (gitdir: string): ObjectReader => createCatFileObjectReader(gitdir, { read: () => Promise.reject(new Error('fallback used')) }),
  // The `cli` backend's reader: loose objects as files, the rest through git.
  'loose files, then git cat-file': (gitdir: string): ObjectReader =>
    createLooseObjectReader(gitdir, createCatFileObjectReader(gitdir, { read: () => Promise.reject(new Error('fallback used')) })),
};

describe.each(Object.entries(readers))('the %s object reader', (_name, createReader) => {
  for (const [kind, config] of [
    ['ofs', 'repack.useDeltaBaseOffset=true'],
    ['ref', 'repack.useDeltaBaseOffset=false'],
  ] as const) {
    it(`reads every object of a packed repository as git does, ${kind}-deltas included`, async () => {
      const dir = await repositoryWithDeltas();
      runGit(dir, ['-c', config, 'repack', '-a', '-d', '-f', '-q']);
      runGit(dir, ['prune-packed']);
      expect(deltaKinds(dir)[kind]).toBeGreaterThan(10);
      const objects = gitObjects(dir);
      expect(fs.readdirSync(join(dir, '.git/objects')).filter((name) => /^[0-9a-f]{2}$/.test(name))).toEqual([]);

      const reader = createReader(join(dir, '.git'));
      for (const { oid, type, bytes } of objects) {
        const object = await reader.read(oid);
        expect(object?.type, oid).toBe(type);
        expect(Buffer.from(object!.bytes).equals(bytes), oid).toBe(true);
      }
      expect(await reader.read('f'.repeat(40))).toBeUndefined();
    });
  }

  it('answers reads asked all at once, each with its own object', async () => {
    const dir = await repositoryWithDeltas();
    runGit(dir, ['repack', '-a', '-d', '-q']);
    const objects = gitObjects(dir);
    const reader = createReader(join(dir, '.git'));
    // Asked in one turn (the cat-file reader writes them to git together), missing ones among them.
    const asked = [...objects.map((object) => object.oid), 'e'.repeat(40), ...objects.map((object) => object.oid).reverse()];
    const answers = await Promise.all(asked.map((oid) => reader.read(oid)));
    asked.forEach((oid, index) => {
      const expected = objects.find((object) => object.oid === oid);
      if (expected === undefined) expect(answers[index], oid).toBeUndefined();
      else expect(Buffer.from(answers[index]!.bytes).equals(expected.bytes), oid).toBe(true);
    });
  });

  it('reads loose objects, and a pack made after its first read', async () => {
    const dir = await repositoryWithDeltas();
    const reader = createReader(join(dir, '.git'));
    const head = runGit(dir, ['rev-parse', 'HEAD']).trim();
    expect((await reader.read(head))?.type).toBe('commit');
    await writeFile(join(dir, 'late.md'), 'Late\n');
    runGit(dir, ['add', 'late.md']);
    runGit(dir, ['commit', '-q', '-m', 'Late']);
    runGit(dir, ['repack', '-a', '-d', '-q']);
    runGit(dir, ['prune-packed']);
    const late = runGit(dir, ['rev-parse', 'HEAD:late.md']).trim();
    expect(new TextDecoder().decode((await reader.read(late))?.bytes)).toBe('Late\n');
  });
});

describe('reading one file of a large pack', () => {
  it.skipIf(requestedGitBackend() === 'isomorphic')('reads the index and that object, not the pack', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-large-pack-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    runGit(dir, ['init', '-q', '-b', 'main']);
    // 12 MB of incompressible assets, each version its own object, and one small page.
    for (let index = 0; index < 8; index++) {
      const key = Buffer.alloc(16, index);
      await writeFile(join(dir, `asset-${index}.bin`), createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(1_500_000)));
    }
    await writeFile(join(dir, 'page.md'), '# Page\n');
    runGit(dir, ['add', '.']);
    runGit(dir, ['commit', '-q', '-m', 'Assets']);
    runGit(dir, ['repack', '-a', '-d', '-q']);
    runGit(dir, ['prune-packed']);
    const packBytes = fs.readdirSync(join(dir, '.git/objects/pack')).filter((name) => name.endsWith('.pack')).reduce((sum, name) => sum + fs.statSync(join(dir, '.git/objects/pack', name)).size, 0);
    expect(packBytes).toBeGreaterThan(12_000_000);

    const counting = countingFs();
    const repo = await openRepository({ fs: counting.fs, dir });
    expect(gitBackendFor(repo, undefined)).toBe('pack');
    const head = runGit(dir, ['rev-parse', 'HEAD']).trim();
    expect(new TextDecoder().decode(await readFileAt(repo, head, 'page.md'))).toBe('# Page\n');
    // The index (a few hundred bytes here), and a few small reads of the commit, the tree and the page.
    expect(counting.packBytesRead()).toBeLessThan(64 * 1024);
  });
});

/** Node's fs, counting the bytes read from `.pack` files by whole-file reads and through file handles. */
function countingFs(): { fs: GitFs; packBytesRead(): number } {
  let bytes = 0;
  const isPack = (path: unknown): boolean => String(path).endsWith('.pack');
  const promises = {
    ...fs.promises,
    async readFile(...args: Parameters<typeof fs.promises.readFile>) {
      const result = await fs.promises.readFile(...args);
      if (isPack(args[0])) bytes += result.length;
      return result;
    },
    async open(path: string, flags: string) {
      const handle = await fs.promises.open(path, flags);
      if (!isPack(path)) return handle;
      return {
        async read(buffer: Uint8Array, offset: number, length: number, position: number) {
          const result = await handle.read(buffer, offset, length, position);
          bytes += result.bytesRead;
          return result;
        },
        close: () => handle.close(),
      };
    },
  };
  return { fs: { promises } as unknown as GitFs, packBytesRead: () => bytes };
}
