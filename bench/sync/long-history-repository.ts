/**
 * The repository of bench/sync/long-history.ts: ~1,000 Markdown pages in the Git Sync layout with a long history
 * (edits of one to three pages, structural commits that move a page into a new folder or rename it and update
 * SUMMARY.md) and incompressible binary assets, each kept for a while and then deleted, so the head stays small
 * while `git repack` packs the history to several hundred MB. Built with `git fast-import` (one stream), then
 * repacked into one pack, the same bytes for the same parameters. Cached: built once per shape in bench/.out.
 */
import { spawn, execFileSync } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { generateRepository } from '../format/generate-repository.ts';

export interface LongHistoryShape {
  pages: number;
  commits: number;
  /** One commit in `assetEvery` adds a binary asset (and deletes the one added `assetsKept` assets before). */
  assetEvery: number;
  assetsKept: number;
  /** Asset sizes are drawn between these (bytes). */
  assetBytes: readonly [number, number];
  /** One commit in `structuralEvery` moves or renames a page (SUMMARY.md follows). */
  structuralEvery: number;
}

export const defaultLongHistoryShape: LongHistoryShape = {
  pages: 1000,
  commits: 3000,
  assetEvery: 7,
  assetsKept: 20,
  assetBytes: [500_000, 1_400_000],
  structuralEvery: 50,
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Deterministic incompressible bytes: AES-CTR of zeros, keyed by the asset's number. */
function assetBytes(index: number, size: number): Buffer {
  const key = Buffer.alloc(16);
  key.writeUInt32BE(index, 0);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
}

/** Runs git with no user or system configuration. */
export function benchGit(cwd: string, args: readonly string[], input?: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...(input === undefined ? {} : { input }), env: benchGitEnv(cwd) });
}

export function benchGitEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };
  return { ...env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@quire.invalid', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@quire.invalid' };
}

/**
 * The bare repository for `shape` (built on first use), its path. `out` holds one folder per shape.
 *
 * @example
 * const origin = await longHistoryRepository('bench/.out/long-history', defaultLongHistoryShape);
 */
export async function longHistoryRepository(out: string, shape: LongHistoryShape): Promise<string> {
  const name = `p${shape.pages}-c${shape.commits}-a${shape.assetEvery}x${shape.assetsKept}-${shape.assetBytes.join('-')}-s${shape.structuralEvery}.git`;
  const path = join(out, name);
  if (existsSync(join(path, 'quire-bench-complete'))) return path;
  rmSync(path, { recursive: true, force: true });
  const building = `${path}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  benchGit(building, ['init', '--quiet', '--bare', '--initial-branch=main']);
  await fastImport(building, shape);
  // -f recomputes every delta (fast-import's are poor): the pack a long-lived repository has after `git gc`.
  benchGit(building, ['repack', '-a', '-d', '-f', '-q', '--window=10', '--depth=50']);
  benchGit(building, ['prune-packed']);
  execFileSync('touch', [join(building, 'quire-bench-complete')]);
  renameSync(building, path);
  return path;
}

/** Size of the pack(s) of a repository, in bytes. */
export function packBytes(gitdir: string): number {
  const folder = join(gitdir, 'objects/pack');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.pack'))
    .reduce((total, name) => total + statSync(join(folder, name)).size, 0);
}

async function fastImport(gitdir: string, shape: LongHistoryShape): Promise<void> {
  const child = spawn('git', ['fast-import', '--quiet', '--done'], { cwd: gitdir, env: benchGitEnv(gitdir), stdio: ['pipe', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const write = async (chunk: string | Uint8Array): Promise<void> => {
    if (!child.stdin.write(chunk)) await new Promise((resolve) => child.stdin.once('drain', resolve));
  };
  const random = seededRandom(17);
  const files = generateRepository(shape.pages);
  const pages = [...files.keys()].filter((path) => /\/page-\d+\.md$/.test(path));
  let time = 1_600_000_000;
  const commit = async (message: string, changes: Map<string, Uint8Array | null>) => {
    time += 3600;
    const msg = encoder.encode(`${message}\n`);
    await write(`commit refs/heads/main\nauthor Bench <bench@quire.invalid> ${time} +0000\ncommitter Bench <bench@quire.invalid> ${time} +0000\ndata ${msg.length}\n`);
    await write(msg);
    await write('\n');
    for (const [path, bytes] of changes) {
      if (bytes === null) {
        await write(`D ${path}\n`);
        continue;
      }
      await write(`M 100644 inline ${path}\ndata ${bytes.length}\n`);
      await write(bytes);
      await write('\n');
    }
    await write('\n');
  };
  await commit(`${shape.pages} pages`, new Map(files));
  const assets: string[] = [];
  for (let index = 1; index < shape.commits; index++) {
    const changes = new Map<string, Uint8Array | null>();
    let message: string;
    if (index % shape.structuralEvery === 0) {
      // Move a page into a new folder (or rename it in place), as Git Sync writes a page moved in the space.
      const from = random.pick(pages);
      const folder = from.slice(0, from.lastIndexOf('/'));
      const to = index % (2 * shape.structuralEvery) === 0 ? `${folder}/moved-${index}/${from.slice(folder.length + 1)}` : `${folder}/renamed-${index}.md`;
      const summary = decoder.decode(files.get('SUMMARY.md')).replace(`(${from})`, `(${to})`);
      changes.set(from, null).set(to, files.get(from)!).set('SUMMARY.md', encoder.encode(summary));
      pages[pages.indexOf(from)] = to;
      message = `Move ${from} to ${to}`;
    } else if (index % shape.assetEvery === 0) {
      const path = `.gitbook/assets/screenshot-${index}.bin`;
      changes.set(path, assetBytes(index, random.between(shape.assetBytes[0], shape.assetBytes[1])));
      assets.push(path);
      if (assets.length > shape.assetsKept) changes.set(assets.shift()!, null);
      message = `Add ${path}`;
    } else {
      for (let count = random.between(1, 3); count > 0; count--) {
        const page = random.pick(pages);
        changes.set(page, encoder.encode(`${decoder.decode(files.get(page))}\nRevised in commit ${index}.\n`));
      }
      message = `Edit ${changes.size} page(s)`;
    }
    for (const [path, bytes] of changes) {
      if (bytes === null) files.delete(path);
      else files.set(path, bytes);
    }
    await commit(message, changes);
  }
  await write('done\n');
  child.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`git fast-import exited with ${code}`);
}
