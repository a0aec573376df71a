import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanReferences } from './references.ts';

const targets = (text: string) => scanReferences(text).map(({ syntax, target }) => `${syntax} ${target}`);

describe('scanReferences', () => {
  it('finds every syntax, in order of position, with the span of each target', () => {
    const text = [
      'See [the guide](guide.md "Guide") and ![a](<assets/a b.png>).',
      '[def]: ../other.md',
      '<img src="pic.png"> <a href = "spaced.md">x</a> <td data-card-target="card.md"></td>',
      '{% include "../includes/note.md" %}',
      '{% content-ref url="ref.md" %}',
      '{% page-ref page="old.md" %}',
      '{% file src="report.pdf" %}',
      '{% openapi src="spec.yaml" path="/pets" method="get" %}',
      '{% swagger src="legacy.json" path="/x" method="post" %}',
    ].join('\n');
    const found = scanReferences(text);
    expect(found.map(({ syntax, target }) => `${syntax} ${target}`)).toEqual([
      'markdown-link guide.md',
      'markdown-link assets/a b.png',
      'definition ../other.md',
      'html-attribute pic.png',
      'html-attribute spaced.md',
      'html-attribute card.md',
      'include ../includes/note.md',
      'content-ref ref.md',
      'page-ref old.md',
      'file report.pdf',
      'openapi spec.yaml',
      'openapi legacy.json',
    ]);
    for (const reference of found) expect(text.slice(reference.start, reference.end)).toBe(reference.target);
    expect(found[1]!.angle).toBe(true);
  });

  it('finds an HTML attribute written with spaces around `=` in a page with nothing else to find', () => {
    expect(targets('<img src = "alone.png">\n')).toEqual(['html-attribute alone.png']);
  });

  it('skips references in fenced code, inline code, however far into the page, and in a fence left open', () => {
    const prose = 'Plain line.\n'.repeat(20);
    const text = [
      prose,
      '```md',
      '[in fence](fenced.md)',
      prose,
      '```',
      '~~~',
      'a ``` inside a tilde fence [x](tilde.md)',
      '~~~',
      prose,
      'Use `[code](inline.md)` or [this](kept.md).',
      '`` a ` b [x](double.md) ``',
      '> ```',
      '> [quoted fence](quoted.md)',
      '> ```',
      '[after](after.md)',
      '````',
      '[open](open.md)',
    ].join('\n');
    expect(targets(text)).toEqual(['markdown-link kept.md', 'markdown-link after.md']);
  });

  it('does not take an anchor naming itself for a reference', () => {
    expect(targets('<a href="editing" id="editing"></a> <a href="page.md">x</a>')).toEqual(['html-attribute page.md']);
  });

  it('finds the same references whether or not the text holds what would let each expression search it', () => {
    // Appended after a blank line, these hold every literal the expressions look for, and match none of them.
    const everyLiteral = '\n\nx ]( ]: {% include content-ref page-ref file openapi swagger < = x\n';
    const fragment = fc.constantFrom(
      'Some prose.',
      '[a link](a.md)',
      '![an image](<img/a b.png> "title")',
      '[def]: def.md',
      '<img src="i.png">',
      '<a href = "b.md">b</a>',
      '{% include "inc.md" %}',
      '{% content-ref url="c.md" %}',
      '{% page-ref page="p.md" %}',
      '{% file src="f.pdf" %}',
      '{% openapi src="o.yaml" path="/x" method="get" %}',
      '{% swagger src="s.json" %}',
      '```',
      '~~~',
      '`[code](code.md)`',
      '> ```',
      '',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const beyondText = (offset: number) => offset >= text.length;
        const withLiterals = scanReferences(text + everyLiteral).filter((reference) => !beyondText(reference.start));
        expect(scanReferences(text), text).toEqual(withLiterals);
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 400) },
    );
  });
});
