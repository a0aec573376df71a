import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { bodyAttributeNames, bodyHtml } from './body-html.ts';
import { element, text } from './hast-builder.ts';

const root = (...children: Root['children']): Root => ({ type: 'root', children });

describe('bodyHtml: what hast-util-to-html writes, faster', () => {
  const trees: Record<string, Root> = {
    'text with characters HTML reads': root(element('p', {}, [text('a < b & c > d "e" \'f\' `g` \0 ü 😀')])),
    // Each escape alone: a text or value with only one of the characters must still be escaped (the quick checks).
    'text with an ampersand only, then a less-than only': root(element('p', {}, [text('Q&A'), element('em', {}, [text('1 < 2')])])),
    'attribute values with one special character each': root(element('a', { href: 'a&b', title: 'say "hi"' }, [element('img', { src: 'x', alt: "it's" })]), element('a', { href: '`x`', title: 'a\0b' })),
    'attribute values with every special character': root(element('a', { href: 'x?a=1&b="2"', title: "it's `q` <b> \0" }, [text('x')])),
    'space-separated lists, numbers, empty values': root(element('ol', { start: 3, className: ['a', 'b'] }, [element('li', {}, [element('img', { src: 'i.png', alt: '', width: '300', loading: 'lazy' })])])),
    'void elements and nesting': root(element('p', {}, [text('a'), element('br'), text('\n'), element('em', {}, [element('strong', {}, [text('b')])])]), text('\n'), element('hr')),
    'the void elements of an HTML table': root(element('table', {}, [element('colgroup', {}, [element('col', { width: 120 }), element('col')]), element('tbody', {}, [element('tr', {}, [element('td', {}, [text('a'), element('wbr'), text('b')])])])])),
    'data and aria attributes': root(element('div', { className: ['hint'], dataStyle: 'info', role: 'note', ariaHidden: 'true', ariaLabel: 'Link to "x"' })),
    'boolean attributes, true and false': root(element('div', { hidden: true }, [text('x')]), element('details', { open: true }, [element('summary', {}, [text('s')])]), element('details', { open: false })),
    'the attributes of OpenAPI blocks': root(element('div', { className: ['openapi-block'], dataKind: 'operation' }, [element('section', { dataMethod: 'get', dataPath: '/pets/{id}' }, [element('li', { dataIn: 'query', dataRequired: 'true', dataStatus: '200', dataMediaType: 'application/json', dataSchema: '#/x' }), element('pre', { dataLanguage: 'shell' })])])),
    // What it does not know goes through hast-util-to-html: other booleans and attributes, raw text elements, SVG.
    'a boolean attribute it does not list': root(element('input', { disabled: true })),
    'a boolean attribute written as text': root(element('div', { hidden: 'until-found' }, [text('x')])),
    'an attribute it does not list': root(element('details', { dataUnknown: 'x' }, [element('summary', {}, [text('s')])])),
    'a comma-separated attribute': root(element('input', { accept: ['a', 'b'] })),
    'svg content': root(element('svg', { viewBox: '0 0 1 1' }, [element('path', { d: 'M0 0' })])),
    'a comment': root({ type: 'comment', value: ' c ' }),
  };
  for (const [name, tree] of Object.entries(trees)) {
    it(name, () => {
      expect(bodyHtml(tree)).toBe(toHtml(tree));
    });
  }

  it('writes every attribute it lists as toHtml does, whatever the value', () => {
    for (const property of Object.keys(bodyAttributeNames)) {
      for (const value of ['plain', '', 'a "b" & \'c\' `d` <e> \0', 'flex-basis:50%', 7]) {
        const tree = root(element('div', { [property]: value }, [text('x')]));
        expect(bodyHtml(tree), `${property}=${JSON.stringify(value)}`).toBe(toHtml(tree));
      }
    }
  });

  it('does not change the tree', () => {
    const tree = root(element('a', { href: 'x&y' }, [text('<')]));
    const before = structuredClone(tree);
    bodyHtml(tree);
    expect(tree).toEqual(before);
    expect((tree.children[0] as Element).properties.href).toBe('x&y');
  });
});
