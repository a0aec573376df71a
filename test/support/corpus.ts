// Test support: where the golden corpus is. The corpus (a repository written by the hosted service's own Git
// exporter, and its history as a Git bundle) is not part of the repository: it lives in a folder beside it,
// `../shared/corpus`, or wherever QUIRE_CORPUS says. A clone with nothing beside it has no corpus, and the
// tests that read it are skipped with `corpusSkipReason` in their name.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The corpus repository (its files at the newest commit), a folder of the corpus. */
export const CORPUS_REPOSITORY = 'git-sync-normalization';
/** The corpus repository's whole history, a Git bundle (`git clone` it). */
export const CORPUS_HISTORY = 'git-sync-normalization.bundle';

/**
 * A path inside the corpus folder: QUIRE_CORPUS (relative to the working directory), or `../shared/corpus`
 * relative to the repository's root.
 *
 * @example
 * corpusPath('git-sync-normalization', 'hints.md') // → /work/shared/corpus/git-sync-normalization/hints.md
 */
export function corpusPath(...parts: string[]): string {
  const configured = process.env.QUIRE_CORPUS;
  const folder = configured ? resolve(configured) : join(repositoryRoot, '..', 'shared', 'corpus');
  return join(folder, ...parts);
}

function missingCorpusReason(): string | undefined {
  if ([CORPUS_REPOSITORY, CORPUS_HISTORY].every((name) => existsSync(corpusPath(name)))) return undefined;
  return `no golden corpus at ${corpusPath()}; set QUIRE_CORPUS to the folder holding ${CORPUS_REPOSITORY}/ and its .bundle`;
}

/** Why the tests that read the corpus are skipped, or undefined when the corpus is there. */
export const corpusSkipReason: string | undefined = missingCorpusReason();
// Said once per test file that reads the corpus, as the PostgreSQL half says its own skip.
if (corpusSkipReason !== undefined) console.warn(`golden-corpus tests skipped: ${corpusSkipReason}`);

/**
 * A test name with the skip reason appended when the corpus is missing, the way the PostgreSQL half names its
 * skip: `describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('the corpus history'), ...)`.
 */
export function corpusTitle(name: string): string {
  return corpusSkipReason === undefined ? name : `${name} (skipped: ${corpusSkipReason})`;
}
