// Every page body of the golden corpus (GitBook's own export, canonical by definition) must read
// and write back byte for byte. The body is what another module hands us: the file without its
// frontmatter, its first `# ` title line and the blank line after that.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_REPOSITORY, corpusPath, corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { parseMarkdown } from './parse-markdown.ts';
import { stringifyMarkdown } from './stringify-markdown.ts';

const corpus = corpusPath(CORPUS_REPOSITORY);

function markdownFiles(folder: string): string[] {
  return readdirSync(folder)
    .flatMap((name) => {
      const path = join(folder, name);
      if (name === '.git') return [];
      if (statSync(path).isDirectory()) return markdownFiles(path);
      return name.endsWith('.md') ? [path] : [];
    })
    .sort();
}

function pageBody(text: string): string {
  const frontmatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n(?:\r?\n)?/.exec(text);
  const afterFrontmatter = frontmatter ? text.slice(frontmatter[0].length) : text;
  const title = /^# [^\n]*\n(?:\n)?/.exec(afterFrontmatter);
  return title ? afterFrontmatter.slice(title[0].length) : afterFrontmatter;
}

const pages = corpusSkipReason === undefined ? markdownFiles(corpus).filter((path) => !path.endsWith('SUMMARY.md')) : [];

describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('golden corpus'), () => {
  it('has the pages we expect', () => {
    expect(pages.length).toBe(18);
  });

  for (const path of pages) {
    it(`round-trips ${relative(corpus, path)}`, () => {
      const body = pageBody(readFileSync(path, 'utf8'));
      expect(stringifyMarkdown(parseMarkdown(body))).toBe(body);
    });
  }

  it('reads the GitBook blocks of the corpus into their nodes', () => {
    const read = (name: string) => parseMarkdown(pageBody(readFileSync(join(corpus, name), 'utf8')));
    const types = (name: string) => read(name).children.map((node) => node.type);

    expect(types('hints.md')).toEqual(['hint', 'hint', 'hint', 'hint', 'hint']);
    expect(types('code-block.md')).toEqual(['heading', 'code', 'heading', 'tabs', 'heading', 'codeOptions', 'heading', 'codeOptions']);
    expect(types('api-blocks.md')).toEqual(['swagger', 'swagger', 'swagger']);
    expect(types('page-link.md')).toEqual(['heading', 'pageRef', 'heading', 'embed']);
    expect(types('drawing.md')).toEqual(['drawing']);
    expect(types('tabs.md')).toEqual(['tabs']);

    const [tabs] = read('tabs.md').children;
    expect(tabs).toMatchObject({ type: 'tabs', children: [{ type: 'tab', title: 'First Tab' }, { type: 'tab', title: 'Second Tab' }] });
    const firstTab = tabs?.type === 'tabs' ? tabs.children[0] : undefined;
    expect(firstTab?.children.map((node) => node.type)).toEqual(['paragraph', 'paragraph', 'embed']);

    const code = read('code-block.md').children[7];
    expect(code).toMatchObject({ type: 'codeOptions', title: 'index.js', overflow: 'wrap', lineNumbers: true, children: [{ type: 'code', lang: 'javascript' }] });

    const swagger = read('api-blocks.md').children[0];
    expect(swagger).toMatchObject({ type: 'swagger', baseUrl: 'https://computer-api.example.com', path: '/v1/computer', method: 'get', summary: 'Get a list of Computers' });
    expect(swagger?.type === 'swagger' && swagger.children.map((node) => node.type)).toEqual([
      'swaggerDescription',
      ...Array<string>(6).fill('swaggerParameter'),
      'swaggerResponse',
      'swaggerResponse',
    ]);
    expect(swagger?.type === 'swagger' && swagger.children[1]).toMatchObject({ in: 'header', name: 'Accept', parameterType: 'string' });

    // The exporter escapes `#` inside the attribute; the field holds the URL itself.
    expect(read('page-link.md').children[3]).toMatchObject({ type: 'embed', url: 'https://shoulditbeameeting.com/#/', children: [] });
    expect(read('embeds.md').children[0]).toMatchObject({ type: 'embed', url: 'https://www.youtube.com/watch?v=lTRiuFIWV54', children: [{ type: 'paragraph' }] });

    const lastHint = read('hints.md').children[4];
    const lastParagraphs = lastHint?.type === 'hint' ? lastHint.children.slice(2) : [];
    expect(lastParagraphs).toMatchObject([
      { type: 'paragraph', children: [{ type: 'text' }, { type: 'inlineImage', url: '.gitbook/assets/sofianna-customer-avatar.png', alt: '', size: 'line' }, { type: 'text' }] },
      { type: 'paragraph', children: [{ type: 'text' }, { type: 'mark', color: 'orange', backgroundColor: 'purple', children: [{ type: 'text', value: 'line' }] }] },
    ]);

    expect(read('images.md').children[4]).toMatchObject({ type: 'figure', alt: 'This is ALT text.', caption: '<p>This is a caption of a block image</p>' });
    expect(read('math-formulas.md').children[0]).toMatchObject({ type: 'paragraph', children: [{ type: 'inlineMath', value: '(a = b) / 2' }, { type: 'text', value: ' ' }] });
    expect(read('README.md').data).toEqual({ trailingBlankLines: 3 });
  });
});
