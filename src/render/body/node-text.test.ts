import fc from 'fast-check';
import type { Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { element, text } from './hast-builder.ts';
import { collapseWhitespace, hastText } from './node-text.ts';

describe('hastText', () => {
  it('separates blocks by one space, keeps inline elements together, leaves heading anchors out', () => {
    const tree: Root = {
      type: 'root',
      children: [
        element('h2', { id: 'install' }, [text('Install'), element('a', { className: ['heading-anchor'], href: '#install' }, [text('#')])]),
        text('\n'),
        element('p', {}, [text('Run  '), element('code', {}, [text('npm ci')]), text(',\tthen '), element('strong', {}, [text('go')]), text('.')]),
        element('ul', {}, [element('li', {}, [text('one')]), element('li', {}, [text('two')])]),
        element('p', {}, [text('a'), element('br'), text('b\u00a0\u2003c')]),
      ],
    };
    expect(hastText(tree)).toBe('Install Run npm ci, then go. one two a b c');
  });

  it('is empty for a tree without text', () => {
    expect(hastText({ type: 'root', children: [element('hr'), text(' \n ')] })).toBe('');
  });
});

describe('collapseWhitespace', () => {
  it('makes every run of whitespace one space, as /\\s+/g does', () => {
    const characters = [' ', ' ', 'a', 'b', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff', '\u200b', 'é'];
    const texts = fc.string({ unit: fc.constantFrom(...characters), maxLength: 40 });
    fc.assert(fc.property(texts, (value) => collapseWhitespace(value) === value.replace(/\s+/g, ' ')), { numRuns: 5000 });
  });
});
