// Writing trees built in code, the way the service builds content, and trees edited after reading.
import type { Paragraph, Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse-markdown.ts';
import { stringifyMarkdown } from './stringify-markdown.ts';

const write = (...children: RootContent[]): string => stringifyMarkdown({ type: 'root', children });
const text = (value: string): Paragraph => ({ type: 'paragraph', children: [{ type: 'text', value }] });

describe('stringifyMarkdown', () => {
  it('writes GitBook blocks built in code in the canonical style', () => {
    expect(write({ type: 'hint', style: 'warning', children: [text('Careful.')] })).toBe('{% hint style="warning" %}\nCareful.\n{% endhint %}\n');
    expect(write({ type: 'codeOptions', title: 'a.rb', lineNumbers: true, children: [{ type: 'code', lang: 'ruby', value: 'puts 1' }] })).toBe(
      '{% code title="a.rb" lineNumbers="true" %}\n```ruby\nputs 1\n```\n{% endcode %}\n',
    );
    expect(write({ type: 'embed', url: 'https://x.dev/a b', children: [] })).toBe('{% embed url="https://x.dev/a b" %}\n');
    expect(write({ type: 'include', path: '../.gitbook/includes/a "b".md' })).toBe('{% include "../.gitbook/includes/a \\"b\\".md" %}\n');
    expect(write({ type: 'condition', expression: 'visitor.claims.beta', children: [text('Beta')] })).toBe('{% if visitor.claims.beta %}\nBeta\n{% endif %}\n');
    expect(write({ type: 'details', open: true, summary: 'More', children: [text('Body')] })).toBe('<details open>\n\n<summary>More</summary>\n\nBody\n\n</details>\n');
    expect(write({ type: 'figure', url: 'a.png', alt: 'A', caption: '<p>Cap</p>' })).toBe('<figure><img src="a.png" alt="A"><figcaption><p>Cap</p></figcaption></figure>\n');
    expect(write({ type: 'math', value: 'a\n$$\nb' })).toBe('$$$\na\n$$\nb\n$$$\n');
  });

  it('writes GitBook inline nodes built in code', () => {
    const paragraph: RootContent = {
      type: 'paragraph',
      children: [
        { type: 'mark', color: 'red', children: [{ type: 'text', value: 'red' }] },
        { type: 'text', value: ' ' },
        { type: 'button', url: 'https://x.dev', kind: 'primary', children: [{ type: 'text', value: 'Go' }] },
        { type: 'text', value: ' ' },
        { type: 'inlineMath', value: 'x^2' },
        { type: 'text', value: ' ' },
        { type: 'inlineImage', url: 'a.png', alt: '', size: 'line' },
      ],
    };
    expect(write(paragraph)).toBe('<mark style="color:red;">red</mark> <a href="https://x.dev" class="button primary">Go</a> $$x^2$$ <img src="a.png" alt="" data-size="line">\n');
  });

  it('escapes text that would read back as a tag or as math', () => {
    expect(write(text('{% hint %}'), text('a $$b$$ c'))).toBe('\\{% hint %}\n\na \\$$b\\$$ c\n');
    expect(parseMarkdown(write(text('{% hint %}'), text('a $$b$$ c'))).children).toMatchObject([text('{% hint %}'), text('a $$b$$ c')]);
  });

  it('keeps unknown attributes and their place when a field is edited', () => {
    const tree = parseMarkdown("{% hint style=\"info\" data-x='1' %}\nText\n{% endhint %}\n");
    const [hint] = tree.children;
    expect(hint).toMatchObject({ type: 'hint', style: 'info' });
    if (hint?.type === 'hint') hint.style = 'danger';
    expect(stringifyMarkdown(tree)).toBe("{% hint style=\"danger\" data-x='1' %}\nText\n{% endhint %}\n");
  });

  it('rewrites only the edited attribute of an HTML element', () => {
    const tree = parseMarkdown('<mark style="color:red;" data-x="1">a</mark>\n');
    const mark = tree.children[0]?.type === 'paragraph' ? tree.children[0].children[0] : undefined;
    expect(mark).toMatchObject({ type: 'mark', color: 'red' });
    if (mark?.type === 'mark') mark.backgroundColor = 'blue';
    expect(stringifyMarkdown(tree)).toBe('<mark style="color:red;background-color:blue;" data-x="1">a</mark>\n');
  });

  it('writes the blank lines a document ends with', () => {
    const tree: Root = { type: 'root', children: [text('a')], data: { trailingBlankLines: 2 } };
    expect(stringifyMarkdown(tree)).toBe('a\n\n\n');
    expect(stringifyMarkdown({ type: 'root', children: [] })).toBe('');
  });
});
