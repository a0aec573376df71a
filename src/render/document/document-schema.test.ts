// Every page of the golden corpus, of the fixture repositories and every Markdown fixture gives a document that
// validates against the published `JSONDocument` schema (openapi.json of @gitbook/api), and keeps its text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentValidator } from './document-validator.fixture.ts';
import { documentText } from './document-text.ts';
import { markdownToDocument } from './markdown-to-document.ts';
import { markdownWords } from './markdown-words.fixture.ts';

const repository = new URL('../../../', import.meta.url).pathname;
const spec = JSON.parse(readFileSync(join(repository, 'node_modules/@gitbook/api/spec/openapi.json'), 'utf8'));
const validator = documentValidator(spec);
const literal = documentValidator(spec, { corrected: false });

const corpus = '/work/shared/corpus/git-sync-normalization';

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
function pageBody(text: string): string {
  const frontmatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n(?:\r?\n)?/.exec(text);
  const afterFrontmatter = frontmatter ? text.slice(frontmatter[0].length) : text;
  const title = /^# [^\n]*\n(?:\n)?/.exec(afterFrontmatter);
  return title ? afterFrontmatter.slice(title[0].length) : afterFrontmatter;
}

const isPage = (path: string) => path.endsWith('.md') && !path.endsWith('SUMMARY.md');
const pages = [
  ...files(corpus, isPage).map((path) => ({ name: `corpus/${relative(corpus, path)}`, body: pageBody(readFileSync(path, 'utf8')) })),
  ...files(join(repository, 'fixtures/repositories'), isPage).map((path) => ({ name: relative(repository, path), body: pageBody(readFileSync(path, 'utf8')) })),
  ...files(join(repository, 'fixtures/markdown'), (path) => path.endsWith('input.md')).map((path) => ({ name: relative(repository, path), body: readFileSync(path, 'utf8') })),
];

describe('documents of real pages', () => {
  it('has the corpus and the fixtures', () => {
    expect(pages.filter((page) => page.name.startsWith('corpus/')).length).toBe(18);
    expect(pages.filter((page) => page.name.startsWith('fixtures/markdown/')).length).toBeGreaterThanOrEqual(50);
  });

  for (const page of pages) {
    it(`${page.name} validates and keeps its text`, () => {
      const document = markdownToDocument(page.body);
      const errors = validator.errors(document);
      expect(errors, errors).toBeUndefined();
      const text = documentText(document);
      const lost = markdownWords(page.body).filter((word) => !text.includes(word));
      expect(lost).toEqual([]);
    });
  }

  it('validates against the schema as published, where no defect of it is in the way', () => {
    const defective = /class="button|{% @|data-view="cards"/;
    for (const page of pages.filter((candidate) => !defective.test(candidate.body))) {
      expect(literal.errors(markdownToDocument(page.body)), page.name).toBeUndefined();
    }
  });
});

describe('the defects of the published schema that the validator corrects', () => {
  // Each shape is what GitBook returns; the published schema rejects every instance of it.
  it('rejects integration props that are not objects (PlainObject has no type)', () => {
    const document = markdownToDocument('{% @mermaid/diagram content="graph TD" %}\n');
    expect(literal.errors(document)).toMatch(/props/);
    expect(validator.errors(document)).toBeUndefined();
  });

  it('rejects every button (its data requires and forbids label and kind)', () => {
    const document = markdownToDocument('<a href="https://example.com" class="button primary">Go</a>\n');
    expect(literal.errors(document)).toMatch(/data must NOT have additional properties/);
    expect(validator.errors(document)).toBeUndefined();
  });

  it('rejects a card linking to a URL (the ref matches two branches of a oneOf)', () => {
    const document = markdownToDocument(
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>A</td><td><a href="https://example.com">x</a></td></tr></tbody></table>\n',
    );
    expect(literal.errors(document)).toMatch(/must match exactly one schema in oneOf/);
    expect(validator.errors(document)).toBeUndefined();
  });
});
