// The differential test of the fast reading of search sections: wherever it takes a page, it must give exactly
// what the full parse gives. Inputs: every Markdown fixture, the golden corpus and fixture repositories, the
// search bench's kind of page, hand-picked edge cases, and generated GitBook pages of every block.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realPages } from '../../test/support/real-pages.ts';
import { markdownPage } from '../markdown/markdown-generators.fixture.ts';
import { fastSearchSections } from './search-sections-fast.ts';
import { parsedSearchSections } from './search-sections.ts';

/** Reads `markdown` both ways; when the fast reading takes it, the sections must be equal. */
function compare(markdown: string): boolean {
  const fast = fastSearchSections(markdown);
  if (fast === undefined) return false;
  expect(fast, markdown).toEqual(parsedSearchSections(markdown));
  return true;
}

describe('fast search sections: the same sections as the full parse', () => {
  it('every Markdown fixture, corpus page and fixture repository page', () => {
    const inputs = realPages();
    const taken = inputs.filter((input) => compare(input.body));
    expect(inputs.length).toBeGreaterThan(90);
    // The fast reading must keep taking plain pages (sending everything the full way would be a regression).
    expect(taken.length).toBeGreaterThanOrEqual(45);
  });

  const cases: Record<string, string> = {
    'bench page': 'Create the page with your token. Then safely sync.\n\n## Install the cli\n\nRun it quickly.\n\n## Install the cli\n\nAgain.\n\n```bash\nquire deploy --cache\n```\n',
    'headings, explicit anchors, setext': '# Top <a href="#custom" id="custom"></a>\n\ntext\n\n## `code` and *em* ![i](x.png)\n\nSetext\n---\n\n> ## Quoted heading\n',
    'inline markup and breaks': 'a *b* **c** [d](x.md) `e` f  \ng\\\nh\nsoft &amp; &copy; \\*x\\*\n',
    'lists and tables': '* one\n* two\n  * three\n\n1. x\n2. y\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
    'table rows with fewer cells than the header, and escaped pipes': '| a | b | c |\n| - | - | - |\n| 1 |\n| 2 \\| two | 3 |\n\n> x | y\n> - | -\n> 1 | 2\n',
    'hints and code options': '{% hint style="info" %}\n## Not a section\n\nInside.\n{% endhint %}\n\n{% code title="a.js" %}\n```js\nlet a;\n```\n{% endcode %}\n\n## After\n\nx\n',
    'empty intro, no heading, empty page': '## Only\n\nbody\n',
    'no heading': 'Just text.\n',
    empty: '',
    unicode: '## 日本語の見出し\n\nÜnïcödé — “quotes” مرحبا 😀\n',
    'tabs with titles, steppers, columns, includes': '{% tabs %}\n{% tab title="First &amp; \\"one\\"" %}\n## Not a section\n\nIn a tab.\n{% endtab %}\n\n{% tab title=\'Second\' %}\nOther.\n{% endtab %}\n{% endtabs %}\n\n{% stepper %}\n{% step %}\n### Step one\n\nDo it.\n{% endstep %}\n{% endstepper %}\n\n{% columns %}\n{% column %}\nLeft.\n{% endcolumn %}\n\n{% column %}\nRight.\n{% endcolumn %}\n{% endcolumns %}\n\n{% include "../.gitbook/includes/support.md" %}\n\n## After\n\nx\n',
    'figures as GitBook writes them': 'Before.\n\n<figure><img src="../.gitbook/assets/a.png" alt="A diagram."><figcaption><p>The caption &amp; more.</p></figcaption></figure>\n\n## Next\n\n<figure><img src="b.png" alt=""><figcaption></figcaption></figure>\n\nAfter.\n',
    'autolink literals and mentions': 'See www.example.com and https://x.org/a. Mail a@b.co <https://auto.example/x>.\n',
  };
  for (const [name, markdown] of Object.entries(cases)) {
    it(name, () => {
      expect(compare(markdown), 'taken').toBe(true);
    });
  }

  it('leaves to the full parse what it does not read the same way', () => {
    for (const markdown of ['---\ndescription: x\n---\n\nBody\n', '<div>x</div>\n', '<figure><img src="a.png"><figcaption><p>x</p></figcaption></figure>\n<p>more</p>\n', 'a $x$ b\n',  '{% tabs %}\n{% tab title="A" %}\nx\n{% endtabs %}\n', '{% embed url="https://x.org" %}\n', '{% tabs %}\nBetween.\n{% tab title="A" %}\nx\n{% endtab %}\n{% endtabs %}\n', '{% tab title="A" %}\nx\n{% endtab %}\n', '* [ ] task\n', 'a[^1]\n\n[^1]: note\n', 'a <mark>b</mark>\n', '| a |\n| :-: |\n| a | A |\n', '> | a |\n> | - |\n> b | c\n', '- | a |\n  | - |\n  | b | c |\n']) {
      expect(fastSearchSections(markdown), markdown).toBeUndefined();
    }
  });

  it('generated GitBook pages of every block', () => {
    let taken = 0;
    fc.assert(
      fc.property(markdownPage, (markdown) => {
        if (compare(markdown)) taken++;
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 300) },
    );
    expect(taken).toBeGreaterThan(15);
  });
});
