// Test support: the page bodies real repositories hold, for tests that run every one of them through a renderer:
// every page of the golden corpus (written by the hosted service's Git exporter), every page of the fixture
// repositories and fixture monorepos, and every Markdown fixture (fixtures/markdown/<family>/<case>/input.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORPUS_REPOSITORY, corpusPath, corpusSkipReason } from './corpus.ts';

const repository = new URL('../../', import.meta.url).pathname;
const corpus = corpusPath(CORPUS_REPOSITORY);

/** One page body, named `corpus/<path>` or by its path in the repository. */
export interface RealPage {
  name: string;
  body: string;
}

function files(folder: string, keep: (path: string) => boolean): string[] {
  return readdirSync(folder)
    .flatMap((name) => {
      const path = join(folder, name);
      if (name === '.git' || name === 'node_modules') return [];
      if (statSync(path).isDirectory()) return files(path, keep);
      return keep(path) ? [path] : [];
    })
    .sort();
}

/** The body of a page file: without its frontmatter, its `# ` title line and the blank line after it. */
export function pageBody(text: string): string {
  const frontmatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n(?:\r?\n)?/.exec(text);
  const afterFrontmatter = frontmatter ? text.slice(frontmatter[0].length) : text;
  const title = /^# [^\n]*\n(?:\n)?/.exec(afterFrontmatter);
  return title ? afterFrontmatter.slice(title[0].length) : afterFrontmatter;
}

const isPage = (path: string) => path.endsWith('.md') && !path.endsWith('SUMMARY.md');
/** A page of a space in fixtures/monorepos/<monorepo>/<space>/ (fixtures/monorepos/README.md is documentation). */
const isMonorepoPage = (path: string) => isPage(path) && relative(join(repository, 'fixtures/monorepos'), path).split('/').length > 2;

/**
 * Every real page body, in a stable order; the corpus's only when it is there (`corpusSkipReason`).
 *
 * @example
 * for (const page of realPages()) expect(render(page.body)).toBeDefined();
 */
export function realPages(): RealPage[] {
  return [
    ...(corpusSkipReason === undefined ? files(corpus, isPage) : []).map((path) => ({ name: `corpus/${relative(corpus, path)}`, body: pageBody(readFileSync(path, 'utf8')) })),
    ...files(join(repository, 'fixtures/repositories'), isPage).map((path) => ({ name: relative(repository, path), body: pageBody(readFileSync(path, 'utf8')) })),
    ...files(join(repository, 'fixtures/monorepos'), isMonorepoPage).map((path) => ({ name: relative(repository, path), body: pageBody(readFileSync(path, 'utf8')) })),
    ...files(join(repository, 'fixtures/markdown'), (path) => path.endsWith('input.md')).map((path) => ({ name: relative(repository, path), body: readFileSync(path, 'utf8') })),
  ];
}
