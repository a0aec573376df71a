// The block-only read of the fast path (`parseFastBlocks`) against the full fast read (`parseFast`): the same block
// tokens and the same refusals, only without the inline pass. Inputs: every Markdown fixture, corpus page and fixture
// repository page, the export bench's mixed pages, hand-picked cases and generated pages.
import fc from 'fast-check';
import type { Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { generateMixedSite } from '../../bench/export/generate-mixed-site.ts';
import { realPages } from '../../test/support/real-pages.ts';
import { parseFast, parseFastBlocks } from './fast-markdown.ts';
import { FastPathUnsupported } from './fast-path-unsupported.ts';
import { markdownPage } from './markdown-generators.fixture.ts';

type Read = { tokens: Token[] } | { refused: string };

function read(parse: (markdown: string) => Token[], markdown: string): Read {
  try {
    return { tokens: parse(markdown) };
  } catch (error) {
    if (error instanceof FastPathUnsupported) return { refused: error.reason };
    throw error;
  }
}

/** A token as a reader of blocks sees it: everything but the inline pass's children. */
function blockView(token: Token): Record<string, unknown> {
  return { type: token.type, tag: token.tag, nesting: token.nesting, level: token.level, map: token.map, content: token.content, info: token.info, markup: token.markup, attrs: token.attrs, meta: token.meta, block: token.block, hidden: token.hidden };
}

/** Compares both reads of `markdown`; answers whether the block read took it. */
function compare(markdown: string): boolean {
  const full = read(parseFast, markdown);
  const blocks = read(parseFastBlocks, markdown);
  if ('refused' in blocks) {
    expect(full, markdown).toEqual(blocks);
    return false;
  }
  // The one refusal that looks at inline content: nesting counted through it.
  if ('refused' in full) expect(full.refused, markdown).toBe('deep nesting');
  else expect(blocks.tokens.map(blockView), markdown).toEqual(full.tokens.map(blockView));
  for (const token of blocks.tokens) expect(token.children ?? [], markdown).toEqual([]);
  return true;
}

describe('parseFastBlocks: the block tokens of parseFast, without the inline pass', () => {
  it('hand-picked cases', () => {
    const cases = [
      '# Pets\n\n{% openapi-operation spec="pets" path="/pets" method="get" %}\n',
      'Intro with *emphasis*, `code` and a [link](https://example.com).\n\n* a\n* b\n\n> quoted **text**\n',
      '```js\nconst a = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
      '<details>\n<summary>More</summary>\n\nHidden.\n\n</details>\n',
      '$$\nx^2\n$$\n\nText.\n',
      // Emphasis nested past the fast path's depth: refused by parseFast for its inline content only.
      `${'*'.repeat(120)}deep${'*'.repeat(120)}\n`,
    ];
    expect(() => parseFast(cases[5]!)).toThrow('deep nesting');
    expect(cases.map(compare)).toEqual([true, true, true, true, true, true]);
    // Refused alike: a reference definition, carriage returns.
    expect(compare('[a]: https://example.com\n\nText.\n')).toBe(false);
    expect(compare('Text.\r\nMore.\r\n')).toBe(false);
    expect(parseFastBlocks('# Pets\n\n{% openapi-operation spec="pets" path="/pets" method="get" %}\n').map((token) => token.type)).toEqual(['heading_open', 'inline', 'heading_close', 'liquid_tag']);
  });

  it('every Markdown fixture, corpus page and fixture repository page, and the mixed pages', () => {
    const decoder = new TextDecoder();
    const bodies = realPages().map((input) => input.body);
    for (const space of generateMixedSite(60)) for (const [path, bytes] of space.files) if (path.endsWith('.md')) bodies.push(decoder.decode(bytes));
    const taken = bodies.filter(compare);
    expect(bodies.length).toBeGreaterThan(150);
    expect(taken.length).toBeGreaterThan(100);
  });

  it('generated pages', () => {
    let taken = 0;
    fc.assert(
      fc.property(markdownPage, (markdown) => {
        if (compare(markdown)) taken++;
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 400) },
    );
    expect(taken).toBeGreaterThan(100);
  });
});
