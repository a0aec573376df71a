import { describe, expect, it } from 'vitest';
import { htmlValue } from './html-value.ts';
import { readHtmlTag } from './read-html-tag.ts';
import { writeHtmlTag } from './write-html-tag.ts';

describe('HTML tags', () => {
  it('reads attributes with their quoting, in order', () => {
    const tag = '<th data-hidden data-type="content-ref" x=\'1\' y=2>';
    expect(readHtmlTag(`${tag}rest`)).toEqual({
      tag: {
        kind: 'open',
        name: 'th',
        selfClosing: false,
        attributes: [
          { name: 'data-hidden', value: null, quote: '' },
          { name: 'data-type', value: 'content-ref', quote: '"' },
          { name: 'x', value: '1', quote: "'" },
          { name: 'y', value: '2', quote: '' },
        ],
      },
      length: tag.length,
    });
  });

  it('reads closing and self-closing tags, and nothing else', () => {
    expect(readHtmlTag('</mark>')?.tag).toEqual({ kind: 'close', name: 'mark' });
    expect(readHtmlTag('<img src="a.png" />')?.tag).toMatchObject({ kind: 'open', name: 'img', selfClosing: true });
    expect(readHtmlTag('<!-- comment -->')).toBeUndefined();
    expect(readHtmlTag('text')).toBeUndefined();
  });

  it('writes what it reads when the tag is written as GitBook writes it', () => {
    for (const tag of ['<mark style="color:red;">', '<img src="a.png" alt="" data-size="line">', '<th data-hidden data-card-target>', '</a>']) {
      expect(writeHtmlTag(readHtmlTag(tag)!.tag)).toBe(tag);
    }
    expect(writeHtmlTag(readHtmlTag('<img  src="a.png"/>')!.tag)).toBe('<img src="a.png" />');
  });

  it('decodes character references in values, and encodes only what needs it', () => {
    expect(htmlValue.decode('a &amp; b &quot;c&quot; &#x41;&#66; &nbsp;')).toBe('a & b "c" AB &nbsp;');
    expect(htmlValue.encode('a?x=1&y=2 &amp; "q"')).toBe('a?x=1&y=2 &amp;amp; &quot;q&quot;');
  });
});
