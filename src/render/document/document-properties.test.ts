// Properties, for generated GitBook Markdown: the conversion never throws, its document validates against the
// published schema, keeps every word of the page, and is the same for the same Markdown.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentValidator } from './document-validator.fixture.ts';
import { documentText } from './document-text.ts';
import { markdownPage } from '../../markdown/markdown-generators.fixture.ts';
import { markdownToDocument } from './markdown-to-document.ts';
import { markdownWords } from './markdown-words.fixture.ts';

const spec = JSON.parse(readFileSync(new URL('../../../node_modules/@gitbook/api/spec/openapi.json', import.meta.url), 'utf8'));
const validator = documentValidator(spec);
const runs = Number(process.env.RUNS ?? 300);

/** References resolved as the service resolves them: pages, files and includes of the space. */
const context = {
  resolveLink: (target: string) => (target.endsWith('.md') ? { kind: 'page' as const, page: `page-${target}` } : undefined),
  resolveFile: (target: string) => (target.includes('.gitbook/assets/') || target.endsWith('.svg') ? { kind: 'file' as const, file: `file-${target}` } : undefined),
  resolveReusableContent: (target: string) => ({ kind: 'reusable-content' as const, reusableContent: `rc-${target}` }),
};

function check(markdown: string, withContext: boolean): void {
  const document = markdownToDocument(markdown, withContext ? context : {});
  const errors = validator.errors(document);
  expect(errors, `${errors}\nMarkdown:\n${markdown}`).toBeUndefined();
  const text = documentText(document);
  const lost = markdownWords(markdown).filter((word) => !text.includes(word));
  expect(lost, `lost words of:\n${markdown}`).toEqual([]);
  expect(markdownToDocument(markdown, withContext ? context : {})).toEqual(document);
}

describe('markdownToDocument, for generated pages', () => {
  it('gives a valid document that keeps every word (references unresolved)', () => {
    fc.assert(fc.property(markdownPage, (markdown) => check(markdown, false)), { numRuns: runs });
  });

  it('gives a valid document that keeps every word (references resolved)', () => {
    fc.assert(fc.property(markdownPage, (markdown) => check(markdown, true)), { numRuns: runs });
  });

  it('never throws on arbitrary text', () => {
    const noise = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '*', '_', '`', '<', '>', '/', '{%', '%}', '$$', '|', '-', '#', '[', ']', '(', ')', '!', '"', '=', 'p', 'td', 'details', 'hint', 'end'), maxLength: 200 });
    fc.assert(
      fc.property(noise, (markdown) => {
        expect(validator.errors(markdownToDocument(markdown))).toBeUndefined();
      }),
      { numRuns: runs },
    );
  });

  it('for the counterexamples the properties found', () => {
    const found = [
      // A table with a header and no row, in a quote: the titles lead the list the table becomes.
      '> | a |\n> | :-: |',
      '{% updates format="full" %}\n{% update date="2025-12-25" tags="a,b" %}\n| A |\n| :-: |\n\n* <sup>a</sup>\n{% endupdate %}\n{% endupdates %}',
      // A figure in a tab in a hint: its caption follows the inline image it becomes.
      '{% hint style="info" %}\n{% tabs %}\n{% tab title="a" %}\n<figure><img src="A.png" alt="A" width="300"><figcaption><p>A</p></figcaption></figure>\n{% endtab %}\n{% endtabs %}\n{% endhint %}',
    ];
    for (const markdown of found) check(markdown, false);
  });
});
