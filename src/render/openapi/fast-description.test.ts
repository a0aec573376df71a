import fc from 'fast-check';
import type { ElementContent, Root } from 'hast';
import { toHast } from 'mdast-util-to-hast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../markdown/index.ts';
import { fastDescription } from './fast-description.ts';

/** What the full path gives a description before sanitizing: `toHast(parseMarkdown(source))`, without positions and the line endings between blocks. */
function fullPath(source: string): ElementContent[] {
  const withoutPositions = (node: ElementContent): ElementContent => {
    const { position: _position, ...rest } = node as ElementContent & { position?: unknown };
    return rest.type === 'element' ? { ...rest, children: rest.children.map(withoutPositions) } : (rest as ElementContent);
  };
  return (toHast(parseMarkdown(source)) as Root).children
    .filter((node): node is ElementContent => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''))
    .map(withoutPositions);
}

describe('fastDescription', () => {
  it('reads the descriptions specifications are made of as the full path does', () => {
    const descriptions = [
      'OK',
      'Returns **one** pet.',
      'Operation **3** on resource 2.',
      'The `id` of the pet, see [the guide](/guides/pets "Pets") or [this](../x.md#part).',
      'First paragraph.\n\nSecond, with *emphasis* and _more_, and **_both_**.',
      'A line broken by a backslash\\\nand a soft\nline ending.',
      'Escaped \\[brackets\\] and \\#, and entities: &amp; &copy; &#x41; &#65;',
      'Café, naïve, “quotes” — and emoji 🐱.',
      '`code with  two spaces` and `` a ` backtick ``',
      'A [link with **strong** text](https://example.com/a?b=c&d=e) and [an empty one]().',
      'Snake_case_names and 2*3*4 stay text.',
      '  Leading spaces.',
      '',
    ];
    for (const description of descriptions) {
      const fast = fastDescription(description);
      expect(fast, description).toBeDefined();
      expect(fast, description).toEqual(fullPath(description));
    }
  });

  it('leaves to the full path what it does not read', () => {
    const fullPathOnly = [
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '- one\n- two',
      '1. first',
      '# A heading',
      '> quoted',
      '```\ncode\n```',
      '    indented code',
      '---',
      'Raw <b>HTML</b>',
      '<https://example.com>',
      'See https://example.com or www.example.com',
      'Mail me@example.com',
      '![an image](x.png)',
      '~~struck~~',
      'Math $x$',
      '{% hint style="info" %}\nHi\n{% endhint %}',
      'A footnote[^1]',
      '***bold and emphasis***',
      '[a reference][ref]\n\n[ref]: https://example.com',
      'a\r\nb',
      'A line  \nbroken by two spaces',
      'Trailing spaces   \n',
      '1.*\\**s**',
      '**"* a**s**',
      'Escaped \\*stars\\*',
    ];
    for (const description of fullPathOnly) expect(fastDescription(description), description).toBeUndefined();
  });

  /** Descriptions as specifications write them, and pieces of Markdown the fast path must refuse or read exactly. */
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z][a-z0-9]{0,6}$/) },
    { weight: 3, arbitrary: fc.constantFrom(' ', ' ', '\n', '\n\n', '  \n', '\\\n', '.', ',', '!', '?', "'", '"', ':', ';', '-', '+', '#', '=', '(', ')', 'é', '“', '\t') },
    { weight: 3, arbitrary: fc.constantFrom('*', '**', '_', '__', '`', '``', '\\', '\\*', '[', ']', '](', '](/a)', '](b "t")', '&amp;', '&', '&#42;', '&nbsp;', '1.', '2)', '&lt;') },
    { weight: 1, arbitrary: fc.constantFrom('[x](y)', '[**x**](/p#q)', '`a b`', '*e*', '**s**', '_u_', '__v__') },
  );
  const description = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

  it('gives the full path’s tree for every generated description it reads', () => {
    fc.assert(
      fc.property(description, (source) => {
        const fast = fastDescription(source);
        if (fast !== undefined) expect(fast).toEqual(fullPath(source));
      }),
      { numRuns: Number(process.env.RUNS ?? 3000) },
    );
  });

  it('reads at least as many of a fixed sample of generated descriptions as when last measured', () => {
    // One seed, so the sample is the same every run: the share read over random seeds goes from 0.500 to 0.542 (40
    // seeds of 3,000), and a bound on it failed now and then. Here any description the fast path stops reading
    // shows: refusing every one with a `*` would take it from 1,553 to 1,347, with a code span to 1,456. Raise the
    // count when the fast path reads more (a new fast-check may draw another sample: measure it again then).
    const sample = fc.sample(description, { seed: 20_261_205, numRuns: 3000 });
    const read = sample.filter((source) => fastDescription(source) !== undefined).length;
    expect(read).toBeGreaterThanOrEqual(1553);
  });
});
