/**
 * Which reader a repository handle reads objects with, chosen once per handle:
 *
 * - `cli`: the git binary (`git cat-file --batch`), when it is installed (every GitHub Actions runner has it) and
 *   the handle's fs is Node's (git reads the disk, not another fs); loose objects are read as files
 *   (`loose-object-reader.ts`), quicker than git reads them;
 * - `pack`: the pack index and random access into the pack (`pack-object-reader.ts`), when git is absent;
 * - `isomorphic`: isomorphic-git, for a file system that cannot read part of a file. It reads and checks a whole
 *   pack per process.
 *
 * QUIRE_GIT_BACKEND=cli|pack|isomorphic asks for one (tests run the adapter on each); `cli` still needs git and
 * Node's fs, else `pack` is used.
 */
import nodeFs from 'node:fs';
import { QuireError } from '../errors/index.ts';
import { createBoundedObjectCache } from './bounded-object-cache.ts';
import { OBJECT_READ_CONCURRENCY } from './concurrency-limit.ts';
import { createCatFileObjectReader, isGitInstalled } from './cat-file-object-reader.ts';
import type { RawGitObject } from './git-object.ts';
import { createIsomorphicObjectReader } from './isomorphic-object-reader.ts';
import { createLooseObjectReader } from './loose-object-reader.ts';
import type { ObjectReader } from './object-reader.ts';
import { canReadRandomly, createPackObjectReader } from './pack-object-reader.ts';
import type { GitRepository } from './repository.ts';

export type GitBackend = 'cli' | 'pack' | 'isomorphic';

const BACKENDS: readonly GitBackend[] = ['cli', 'pack', 'isomorphic'];
/** Trees, commits and small blobs read again within one handle's life (the two trees of a diff, a delta's base). */
const OBJECT_CACHE_BYTES = 32 * 1024 * 1024;

const readers = new WeakMap<GitRepository, ObjectReader>();

/**
 * The backend QUIRE_GIT_BACKEND asks for, undefined when unset.
 *
 * @throws QuireError `INVALID_ARGUMENT` for another value.
 */
export function requestedGitBackend(env: NodeJS.ProcessEnv = process.env): GitBackend | undefined {
  const value = env['QUIRE_GIT_BACKEND'];
  if (value === undefined || value === '') return undefined;
  if (!(BACKENDS as readonly string[]).includes(value)) {
    throw new QuireError('INVALID_ARGUMENT', `QUIRE_GIT_BACKEND must be one of ${BACKENDS.join(', ')}, got ${JSON.stringify(value)}`, { field: 'QUIRE_GIT_BACKEND' });
  }
  return value as GitBackend;
}

/** The backend a handle on `repo.fs` reads with, given the one asked for. */
export function gitBackendFor(repo: Pick<GitRepository, 'fs'>, requested: GitBackend | undefined = requestedGitBackend()): GitBackend {
  if (!canReadRandomly(repo.fs)) return 'isomorphic';
  if (requested === 'isomorphic' || requested === 'pack') return requested;
  const diskFs = repo.fs === nodeFs || repo.fs.promises === nodeFs.promises;
  return diskFs && isGitInstalled() ? 'cli' : 'pack';
}

/** How many object reads of a handle to have in flight at once (`ObjectReader.readsInFlight`). */
export function readConcurrencyOf(repo: GitRepository): number {
  return objectReaderOf(repo).readsInFlight ?? OBJECT_READ_CONCURRENCY;
}

/** The object reader of a handle (made on first use, kept as long as the handle). */
export function objectReaderOf(repo: GitRepository): ObjectReader {
  let reader = readers.get(repo);
  if (reader === undefined) {
    reader = cached(createReader(repo, gitBackendFor(repo)));
    readers.set(repo, reader);
  }
  return reader;
}

function createReader(repo: GitRepository, backend: GitBackend): ObjectReader {
  switch (backend) {
    case 'isomorphic':
      return createIsomorphicObjectReader(repo);
    case 'pack':
      return createPackObjectReader(repo.fs, repo.gitdir);
    case 'cli':
      return createLooseObjectReader(repo.gitdir, createCatFileObjectReader(repo.gitdir, createPackObjectReader(repo.fs, repo.gitdir)));
  }
}

/** Objects are immutable: a read in flight or recently done answers the same oid again. */
function cached(reader: ObjectReader): ObjectReader {
  const done = createBoundedObjectCache(OBJECT_CACHE_BYTES);
  const inFlight = new Map<string, Promise<RawGitObject | undefined>>();
  return {
    ...(reader.readsInFlight === undefined ? {} : { readsInFlight: reader.readsInFlight }),
    read(oid) {
      const hit = done.get(oid);
      if (hit !== undefined) return Promise.resolve(hit);
      let pending = inFlight.get(oid);
      if (pending === undefined) {
        pending = reader.read(oid).then(
          (object) => {
            inFlight.delete(oid);
            if (object !== undefined) done.set(oid, object);
            return object;
          },
          (error: unknown) => {
            inFlight.delete(oid);
            throw error;
          },
        );
        inFlight.set(oid, pending);
      }
      return pending;
    },
  };
}
