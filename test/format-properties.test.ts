import type { RevisionPageDocument } from '@gitbook/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asText, directory } from './support/repositories.ts';
import { movePage } from '../src/content/move-page.ts';
import { flattenPages } from '../src/model/page-tree.ts';
import { readDirectory } from '../src/format/read-directory.ts';
import { slugify } from '../src/format/slug.ts';
import { writeDirectory } from '../src/format/write-directory.ts';

/** A page of a generated repository: title, body pieces, frontmatter and children. */
interface GeneratedPage {
  title: string;
  description: string | undefined;
  hidden: boolean;
  unknownKey: boolean;
  body: string[];
  children: GeneratedPage[];
}

const word = fc.constantFrom('alpha', 'Beta', 'γάμμα', 'データ', 'C#', 'a_b', 'x & y', 'don’t', '[brackets]', 'Ünïcode', '100%');
const title = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const block = fc.constantFrom(
  'A paragraph with *emphasis*, `code` and a [link](https://example.com).',
  '- one\n- two\n    - nested',
  '```js\nconst a = "[not a link](x.md)";\n```',
  '{% hint style="warning" %}\nCareful.\n{% endhint %}',
  '| a | b |\n|---|:-:|\n| 1 | 2 |',
  'Text with {% raw %} and $$ signs.',
  '<details>\n<summary>More</summary>\nHidden.\n</details>',
  '',
);
const page: fc.Memo<GeneratedPage> = fc.memo((depth) =>
  fc.record({
    title,
    description: fc.option(fc.constantFrom('Short.', 'With: a colon', "It's quoted"), { nil: undefined }),
    hidden: fc.boolean(),
    unknownKey: fc.boolean(),
    body: fc.array(block, { maxLength: 3 }),
    children: depth > 1 ? fc.array(page(depth - 1), { maxLength: 2 }) : fc.constant([]),
  }),
);
const style = fc.record({ bullet: fc.constantFrom('*', '-'), indent: fc.constantFrom(2, 4), titleLine: fc.constantFrom('# Table of contents', '# Summary'), crlf: fc.boolean() });

/** Lays out generated pages as a Git Sync directory, in a random (but valid) hand-written style. */
function toDirectory(pages: GeneratedPage[], chosen: { bullet: string; indent: number; titleLine: string; crlf: boolean }) {
  const files: Record<string, string> = {};
  const summary: string[] = [chosen.titleLine, ''];
  const taken = new Set<string>();
  const place = (list: GeneratedPage[], folder: string, depth: number, links: string[]) => {
    for (const item of list) {
      let slug = slugify(item.title);
      while (taken.has(`${folder}${slug}`)) slug += '-x';
      taken.add(`${folder}${slug}`);
      const path = files['README.md'] === undefined && depth === 0 && folder === '' ? 'README.md' : item.children.length > 0 ? `${folder}${slug}/README.md` : `${folder}${slug}.md`;
      const frontmatter = [item.unknownKey ? 'owner: docs' : '', item.description ? `description: ${JSON.stringify(item.description)}` : '', item.hidden ? 'hidden: true' : ''].filter(Boolean);
      const newline = chosen.crlf ? '\r\n' : '\n';
      const body = [...item.body, ...links.map((link) => `See [${link}](${link}).`)].join(`${newline}${newline}`);
      files[path] = `${frontmatter.length ? `---\n${frontmatter.join('\n')}\n---\n\n` : ''}# ${item.title}\n\n${body}${body ? newline : ''}`;
      summary.push(`${' '.repeat(chosen.indent * depth)}${chosen.bullet} [${item.title.replace(/([[\]\\])/g, '\\$1')}](${path})`);
      const childFolder = path.endsWith('README.md') && path !== 'README.md' ? path.slice(0, -'README.md'.length) : folder;
      place(item.children, childFolder, depth + 1, [path.split('/').pop()!]);
    }
  };
  place(pages, '', 0, []);
  files['SUMMARY.md'] = `${summary.join('\n')}\n`;
  return directory(files);
}

describe('format properties', () => {
  it('every generated repository round-trips byte for byte, with no error', () => {
    fc.assert(
      fc.property(fc.array(page(3), { minLength: 1, maxLength: 5 }), style, (pages, chosen) => {
        const files = toDirectory(pages, chosen);
        const { bundle, diagnostics } = readDirectory(files);
        expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
        expect(asText(writeDirectory(bundle))).toEqual(asText(files));
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 150) },
    );
  });

  it('writing is idempotent after edits: write(read(write(read(x)))) equals write(read(x))', () => {
    const edit = fc.record({ pick: fc.nat(), newTitle: title, description: fc.option(fc.constantFrom('Edited.', 'x: y'), { nil: undefined }), moveTo: fc.nat(), hide: fc.boolean() });
    fc.assert(
      fc.property(fc.array(page(3), { minLength: 2, maxLength: 5 }), style, fc.array(edit, { maxLength: 3 }), (pages, chosen, edits) => {
        let bundle = readDirectory(toDirectory(pages, chosen)).bundle;
        for (const change of edits) {
          const documents = flattenPages(bundle.revision.pages).filter((candidate): candidate is RevisionPageDocument => candidate.type === 'document');
          const target = documents[change.pick % documents.length]!;
          bundle = structuredClone(bundle);
          const copy = flattenPages(bundle.revision.pages).find((candidate) => candidate.id === target.id) as RevisionPageDocument;
          copy.title = change.newTitle;
          if (change.description === undefined) delete copy.description;
          else copy.description = change.description;
          copy.hidden = change.hide;
          const parents = documents.filter((candidate) => candidate.id !== target.id && !flattenPages([target]).some((inner) => inner.id === candidate.id));
          if (parents.length > 0) bundle = movePage(bundle, target.id, { parentId: parents[change.moveTo % parents.length]!.id, index: 0 });
        }
        const once = writeDirectory(bundle);
        const reread = readDirectory(once, { previous: bundle });
        expect(reread.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
        expect(asText(writeDirectory(reread.bundle))).toEqual(asText(once));
        // The edits survive the round trip: same titles in the same tree.
        const titles = (pagesOf: typeof bundle) => flattenPages(pagesOf.revision.pages).map((item) => [item.id, item.title]);
        expect(titles(reread.bundle)).toEqual(titles(bundle));
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 150) },
    );
  });
});
