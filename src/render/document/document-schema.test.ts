// Every page of the golden corpus, of the fixture repositories and every Markdown fixture gives a document that
// validates against the published `JSONDocument` schema (openapi.json of @gitbook/api), and keeps its text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusSkipReason, corpusTitle } from '../../../test/support/corpus.ts';
import { realPages } from '../../../test/support/real-pages.ts';
import { documentValidator } from './document-validator.fixture.ts';
import { documentText } from './document-text.ts';
import { markdownToDocument } from './markdown-to-document.ts';
import { markdownWords } from './markdown-words.fixture.ts';

const repository = new URL('../../../', import.meta.url).pathname;
const spec = JSON.parse(readFileSync(join(repository, 'node_modules/@gitbook/api/spec/openapi.json'), 'utf8'));
const validator = documentValidator(spec);
const literal = documentValidator(spec, { corrected: false });

const pages = realPages();

describe('documents of real pages', () => {
  it.skipIf(corpusSkipReason !== undefined)(corpusTitle('has the corpus'), () => {
    expect(pages.filter((page) => page.name.startsWith('corpus/')).length).toBe(18);
  });

  it('has the fixtures', () => {
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
