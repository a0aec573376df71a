import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { gitObjects, runGit } from './git-cli-fixture.ts';
import { createLooseObjectReader, parseLooseObject } from './loose-object-reader.ts';
import type { ObjectReader } from './object-reader.ts';

/** A repository of two commits, every object loose (`git commit` writes them so). */
async function looseRepository(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-loose-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  runGit(dir, ['init', '-q', '-b', 'main']);
  await writeFile(join(dir, 'README.md'), '# Hi\n');
  await writeFile(join(dir, 'image.bin'), Buffer.from([0, 1, 2, 255, 0, 10]));
  runGit(dir, ['add', '.']);
  runGit(dir, ['commit', '-q', '-m', 'First']);
  await writeFile(join(dir, 'README.md'), '# Hi again\n');
  runGit(dir, ['commit', '-q', '-am', 'Second']);
  return dir;
}

/** A next reader that records what it was asked and answers from a map. */
function recordingReader(answers: Map<string, { type: 'blob'; bytes: Uint8Array }> = new Map()): ObjectReader & { asked: string[] } {
  const asked: string[] = [];
  return { asked, readsInFlight: 99, read: (oid) => (asked.push(oid), Promise.resolve(answers.get(oid))) };
}

describe('createLooseObjectReader', () => {
  it('reads every loose object as git does, without asking the next reader', async () => {
    const dir = await looseRepository();
    const objects = gitObjects(dir);
    expect(objects.length).toBe(7); // 2 commits, 2 trees, 3 blobs (both READMEs and the image)
    const next = recordingReader();
    const reader = createLooseObjectReader(join(dir, '.git'), next);
    for (const { oid, type, bytes } of objects) {
      const object = await reader.read(oid);
      expect(object?.type, oid).toBe(type);
      expect(Buffer.from(object!.bytes).equals(bytes), oid).toBe(true);
    }
    expect(next.asked).toEqual([]);
    expect(reader.readsInFlight).toBe(99);
  });

  it('reads a loose object larger than its read buffer', async () => {
    const dir = await looseRepository();
    const large = randomBytes(200_000); // does not deflate: the loose file is over 64 KB too
    await writeFile(join(dir, 'large.bin'), large);
    runGit(dir, ['add', 'large.bin']);
    runGit(dir, ['commit', '-q', '-m', 'Large']);
    const oid = runGit(dir, ['rev-parse', 'HEAD:large.bin']).trim();
    const next = recordingReader();
    const object = await createLooseObjectReader(join(dir, '.git'), next).read(oid);
    expect(Buffer.from(object!.bytes).equals(large)).toBe(true);
    expect(next.asked).toEqual([]);
  });

  it('hands packed and unknown objects to the next reader', async () => {
    const dir = await looseRepository();
    const blob = runGit(dir, ['rev-parse', 'HEAD:README.md']).trim();
    runGit(dir, ['repack', '-a', '-d', '-q']);
    runGit(dir, ['prune-packed']);
    const next = recordingReader(new Map([[blob, { type: 'blob', bytes: new TextEncoder().encode('# Hi again\n') }]]));
    const reader = createLooseObjectReader(join(dir, '.git'), next);
    expect(new TextDecoder().decode((await reader.read(blob))?.bytes)).toBe('# Hi again\n');
    expect(await reader.read('f'.repeat(40))).toBeUndefined();
    expect(next.asked).toEqual([blob, 'f'.repeat(40)]);
  });

  it('leaves to the next reader an object written under a fan-out folder made after its first read', async () => {
    const dir = await looseRepository();
    const next = recordingReader();
    const reader = createLooseObjectReader(join(dir, '.git'), next);
    await reader.read(runGit(dir, ['rev-parse', 'HEAD']).trim()); // lists the folders
    const existing = new Set(runGit(dir, ['cat-file', '--batch-all-objects', '--batch-check=%(objectname)']).split('\n').map((oid) => oid.slice(0, 2)));
    const folder = [...Array(256).keys()].map((index) => index.toString(16).padStart(2, '0')).find((name) => !existing.has(name))!;
    const oid = `${folder}${'0'.repeat(38)}`;
    mkdirSync(join(dir, '.git/objects', folder));
    writeFileSync(join(dir, '.git/objects', folder, oid.slice(2)), deflateSync(Buffer.from('blob 4\0late')));
    await reader.read(oid);
    expect(next.asked).toEqual([oid]);
  });

  it('leaves a loose file that does not inflate to the next reader, which reports it', async () => {
    const dir = await looseRepository();
    const blob = runGit(dir, ['rev-parse', 'HEAD:image.bin']).trim();
    const path = join(dir, '.git/objects', blob.slice(0, 2), blob.slice(2));
    chmodSync(path, 0o644); // git writes objects read-only
    writeFileSync(path, 'not zlib');
    const failing: ObjectReader = { read: (oid) => Promise.reject(new Error(`next could not read ${oid}`)) };
    await expect(createLooseObjectReader(join(dir, '.git'), failing).read(blob)).rejects.toThrow(`next could not read ${blob}`);
  });
});

describe('parseLooseObject', () => {
  it('inflates an object many times its deflated size whole', () => {
    const text = 'the same line again\n'.repeat(20_000); // 400 KB that deflate to about 1 KB
    const deflated = deflateSync(Buffer.from(`blob ${text.length}\0${text}`));
    expect(deflated.byteLength * 4).toBeLessThan(text.length / 50);
    expect(new TextDecoder().decode(parseLooseObject(deflated).bytes)).toBe(text);
  });

  it('splits the header from the content, which may hold NUL bytes', () => {
    const object = parseLooseObject(deflateSync(Buffer.from('blob 5\0a\0b\0c')));
    expect(object.type).toBe('blob');
    expect([...object.bytes]).toEqual([97, 0, 98, 0, 99]);
  });
});
