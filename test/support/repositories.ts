import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readDirectoryFiles } from '../../src/disk/index.ts';
import { CORPUS_HISTORY, CORPUS_REPOSITORY, corpusPath, corpusSkipReason } from './corpus.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The golden corpus, written by the hosted service's own Git exporter (test/support/corpus.ts says where it is). */
export const corpusDirectory = corpusPath(CORPUS_REPOSITORY);
export const corpusBundle = corpusPath(CORPUS_HISTORY);

const subfolders = (folder: string) => readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/**
 * Every fixture monorepo under fixtures/monorepos, by name: one Git repository holding one folder per space
 * (fixtures/monorepos/README.md describes them).
 */
export const fixtureMonorepos: Record<string, string> = Object.fromEntries(
  subfolders(here('../../fixtures/monorepos')).map((name) => [name, here(`../../fixtures/monorepos/${name}`)]),
);

/**
 * The visitor claims file of each fixture monorepo that has one (`fixtures/monorepos/<name>.claims.json`), by name;
 * fixtures/monorepos/README.md lists which adaptive blocks show for them.
 */
export const fixtureMonorepoClaims: Record<string, string> = Object.fromEntries(
  Object.keys(fixtureMonorepos)
    .filter((name) => existsSync(here(`../../fixtures/monorepos/${name}.claims.json`)))
    .map((name) => [name, here(`../../fixtures/monorepos/${name}.claims.json`)]),
);

/** Every fixture repository under fixtures/repositories, and every space of a fixture monorepo as `<monorepo>/<space>`, by name. */
export const fixtureRepositories: Record<string, string> = Object.fromEntries([
  ...subfolders(here('../../fixtures/repositories')).map((name) => [name, here(`../../fixtures/repositories/${name}`)]),
  ...Object.entries(fixtureMonorepos).flatMap(([monorepo, folder]) => subfolders(folder).map((space) => [`${monorepo}/${space}`, `${folder}/${space}`])),
]);

/** The corpus (when it is there: `corpusSkipReason`) and every fixture repository, by name. */
export const allRepositories: Record<string, string> = { ...(corpusSkipReason === undefined ? { corpus: corpusDirectory } : {}), ...fixtureRepositories };

export async function loadFiles(directory: string): Promise<Map<string, Uint8Array>> {
  return (await readDirectoryFiles(directory)).files;
}

const decoder = new TextDecoder();

/** A directory's files as text, for readable assertions and diffs. */
export function asText(files: ReadonlyMap<string, Uint8Array>): Record<string, string> {
  return Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, bytes]) => [path, decoder.decode(bytes)]));
}

const encoder = new TextEncoder();

/** Builds a directory inline: `directory({ 'README.md': '# Hi\n' })`. */
export function directory(files: Record<string, string | Uint8Array>): Map<string, Uint8Array> {
  return new Map(Object.entries(files).map(([path, content]) => [path, typeof content === 'string' ? encoder.encode(content) : content]));
}
