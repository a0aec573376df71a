import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchExcerpt } from './search-excerpt.ts';
import { diffSearchablePages, searchablePages, type SearchablePage } from './search-pages.ts';
import { searchSections } from './search-sections.ts';
import { foldWord, parseSearchQuery, searchTerms, searchTokens, spellTerm } from './search-text.ts';

describe('search text', () => {
  it('gives, for texts joined by a space, their terms joined (the search index reuses a section\'s terms for its page)', () => {
    // Letters, combining marks, unspaced scripts, digits, punctuation, spaces, and words past the 64-character cap.
    const pieces = ['a', 'Z', 'é', 'e\u0301', '\u0301', '日', '本', 'ไทย', 'ك', '\u064b', '7', '-', '.', "'", ' ', '\n', 'x'.repeat(70), 'İ', 'ß'];
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 20 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(text, { maxLength: 5 }), (texts) => {
        const joined = texts.map((part) => searchTerms(part)).filter((terms) => terms !== '').join(' ');
        expect(searchTerms(texts.join(' '))).toBe(joined);
        expect(searchTerms(texts.map((part) => `${part} `).join(''))).toBe(joined);
      }),
      { numRuns: 3000 },
    );
  });

  it('folds case, accents, full-width letters and Arabic letter variants', () => {
    expect(foldWord('Café')).toBe('cafe');
    expect(foldWord('ＱＵＩＲＥ')).toBe('quire');
    expect(foldWord('أَهْلاً')).toBe('اهلا');
    expect(foldWord('إسلام')).toBe(foldWord('اسلام'));
  });

  it('keeps English words, spells the rest in ASCII, and splits unspaced runs into bigrams', () => {
    expect(searchTerms('How to install, Quire!')).toBe('how to install quire');
    expect(searchTerms('日本語')).toBe(`${spellTerm('日本')} ${spellTerm('本語')}`);
    expect(spellTerm('日本')).toBe('u26085x26412');
    // A lone character of unspaced script is its own term; Latin inside Japanese is a word of its own.
    expect(searchTokens('東 Quireを使う').map((token) => token.term)).toEqual([spellTerm('東'), 'quire', spellTerm('を使'), spellTerm('使う')]);
    // Arabic words stay words, spelled in ASCII.
    expect(searchTerms('مرحبا بالعالم')).toBe(`${spellTerm('مرحبا')} ${spellTerm('بالعالم')}`);
    // Every spelled term is ASCII letters and digits, ending in a digit (no stemmer touches it).
    for (const token of searchTokens('東京タワー مرحبا straße')) expect(token.term).toMatch(/^[a-z0-9]*[0-9]$|^[a-z0-9]+$/);
  });

  it('gives each token the offsets of its word in the text', () => {
    const text = 'Say 日本語 now';
    const tokens = searchTokens(text);
    expect(tokens.map((token) => text.slice(token.start, token.end))).toEqual(['Say', '日本語', '日本語', 'now']);
  });

  it('reads queries: words are terms, unspaced runs phrases, one character a prefix', () => {
    expect(parseSearchQuery('Install install 日本語 東').clauses).toEqual([
      { kind: 'term', term: 'install' },
      { kind: 'phrase', terms: [spellTerm('日本'), spellTerm('本語')] },
      { kind: 'char', term: spellTerm('東'), prefix: `${spellTerm('東')}x` },
    ]);
    expect(parseSearchQuery('日本').clauses).toEqual([{ kind: 'term', term: spellTerm('日本') }]);
    expect(parseSearchQuery('?! -- **').clauses).toEqual([]);
    expect(parseSearchQuery(Array.from({ length: 40 }, (_, index) => `w${index}`).join(' ')).clauses).toHaveLength(32);
  });
});

describe('search sections', () => {
  it('splits a page at its headings into plain text, without markup, HTML or fence info strings', () => {
    const sections = searchSections(
      [
        'Welcome to **Quire**, see [the guide](./guide.md).',
        '',
        '## Install the CLI',
        '',
        '```bash title="install.sh"',
        'npm i quire',
        '```',
        '',
        '<div class="note">hidden markup</div>',
        '',
        '{% hint style="info" %}',
        'Hints are text.',
        '{% endhint %}',
        '',
        '## Install the CLI',
        '',
        '### Custom <a href="#custom" id="custom"></a>',
        '',
        '| a | b |',
        '|---|---|',
        '| cell one | cell two |',
      ].join('\n'),
    );
    expect(sections).toEqual([
      { title: '', anchor: '', body: 'Welcome to Quire, see the guide.' },
      { title: 'Install the CLI', anchor: 'install-the-cli', body: 'npm i quire Hints are text.' },
      { title: 'Install the CLI', anchor: 'install-the-cli-1', body: '' },
      { title: 'Custom', anchor: 'custom', body: 'a b cell one cell two' },
    ]);
    expect(JSON.stringify(sections)).not.toMatch(/bash|title=|class|hidden markup|style=/);
  });

  it('keeps an empty introduction only when the page has no heading', () => {
    expect(searchSections('')).toEqual([{ title: '', anchor: '', body: '' }]);
    expect(searchSections('# Only\n\nText.\n')).toEqual([{ title: 'Only', anchor: 'only', body: 'Text.' }]);
  });
});

describe('search excerpts', () => {
  it('cuts around the first matching word, by stem for English and by bigram for Japanese', () => {
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(20);
    const body = `${filler}Then installing the tool takes a minute. ${filler}`;
    const excerpt = searchExcerpt(body, parseSearchQuery('install'));
    expect(excerpt).toContain('installing the tool');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(242);
    const japanese = `${'これは長い文章です。'.repeat(40)}検索エンジンの説明${'終わり。'.repeat(40)}`;
    expect(searchExcerpt(japanese, parseSearchQuery('エンジン'))).toContain('エンジン');
    expect(searchExcerpt('Short text.', parseSearchQuery('nothing'))).toBe('Short text.');
  });
});

describe('search pages', () => {
  const tree = [
    { id: 'g', type: 'group', title: 'Guides', slug: 'guides', path: 'guides', pages: [
      { id: 'a', type: 'document', title: 'Install', slug: 'install', path: 'guides/install', documentId: 'd1', pages: [
        { id: 'b', type: 'document', title: 'Linux', slug: 'linux', path: 'guides/install/linux', documentId: 'd2', description: 'On Linux', pages: [] },
      ] },
      { id: 'l', type: 'link', title: 'Site', target: { kind: 'url', url: 'https://example.com' } },
    ] },
  ] as never;

  it('lists document pages depth first with their ancestors and places', () => {
    expect(searchablePages(tree)).toEqual([
      { pageId: 'a', documentId: 'd1', title: 'Install', description: '', path: 'guides/install', ancestors: ['Guides'], order: 0 },
      { pageId: 'b', documentId: 'd2', title: 'Linux', description: 'On Linux', path: 'guides/install/linux', ancestors: ['Guides', 'Install'], order: 1 },
    ]);
  });

  it('re-indexes changed bodies and titles, relocates moved pages, removes deleted ones', () => {
    const before = searchablePages(tree);
    const page = (over: Partial<SearchablePage>): SearchablePage => ({ ...before[0]!, ...over });
    const diff = diffSearchablePages(before, [page({ pageId: 'a', documentId: 'd9' }), page({ pageId: 'c', title: 'New', order: 1 })]);
    expect(diff).toEqual({ reindex: [page({ documentId: 'd9' }), page({ pageId: 'c', title: 'New', order: 1 })], relocate: [], remove: ['b'] });
    const moved = diffSearchablePages(before, [{ ...before[1]!, path: 'linux', ancestors: [], order: 0 }, { ...before[0]!, order: 1 }]);
    expect(moved.reindex).toEqual([]);
    expect(moved.relocate.map((item) => item.pageId)).toEqual(['b', 'a']);
    expect(moved.remove).toEqual([]);
  });
});
