import type { Element, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { element, text } from './hast-builder.ts';
import { sanitizeParts } from './sanitize-parts.ts';
import { bodySchema } from './sanitize-schema.ts';

const root = (...children: Root['children']): Root => ({ type: 'root', children });
// What the sanitizer would change, in a part: a script, an event handler, a javascript: link, a clobbered attribute.
const hostile = () =>
  element('div', { className: ['card'], onClick: 'steal()', ariaDescribedBy: 'note' }, [
    element('script', {}, [text('steal()')]),
    element('a', { href: 'javascript:steal()' }, [text('link')]),
  ]);
// An own element the sanitizer would change too (a style attribute): left alone unless the whole tree is sanitized.
const own = (children: Element[] = []) => element('section', { className: ['tabs'], style: 'kept' }, children);

describe('sanitizeParts', () => {
  it('sanitizes each part in place as the whole-tree sanitizer would, and leaves the rest of the tree as it is', () => {
    const first = hostile();
    const second = hostile();
    const tree = root(own([first, element('p', {}, [text('between')]), second]), text('\n'));
    const expected = toHtml(root(own([sanitize(hostile(), bodySchema) as Element, element('p', {}, [text('between')]), sanitize(hostile(), bodySchema) as Element]), text('\n')));
    expect(toHtml(sanitizeParts(tree, [first, second]))).toBe(expected);
    expect(expected).toContain('style="kept"');
    expect(expected).toContain('aria-describedby="user-content-note"');
    expect(expected).not.toMatch(/script|onclick|javascript/i);
  });

  it('puts what is left of a part the sanitizer unwraps or strips where the part was', () => {
    const unwrapped = element('custom-widget', {}, [element('p', {}, [text('a')]), element('p', {}, [text('b')])]);
    const stripped = element('script', {}, [text('x()')]);
    const last = hostile();
    const tree = root(element('p', {}, [text('before')]), unwrapped, stripped, last, element('p', {}, [text('after')]));
    expect(toHtml(sanitizeParts(tree, [unwrapped, stripped, last]))).toBe(
      toHtml(root(element('p', {}, [text('before')]), element('p', {}, [text('a')]), element('p', {}, [text('b')]), sanitize(hostile(), bodySchema) as Element, element('p', {}, [text('after')]))),
    );
  });

  it('sanitizes a part inside another once, with it', () => {
    const inner = hostile();
    const outer = element('div', { className: ['openapi-block'] }, [inner]);
    const html = toHtml(sanitizeParts(root(outer), [outer, inner]));
    expect(html).toBe(toHtml(sanitize(root(element('div', { className: ['openapi-block'] }, [hostile()])), bodySchema) as Root));
    expect(html).not.toContain('user-content-user-content-');
  });

  it('sanitizes the whole tree when a part is not in it, or is in it twice', () => {
    const missing = hostile();
    const tree = root(own([hostile()]));
    expect(toHtml(sanitizeParts(tree, [missing]))).toBe(toHtml(sanitize(root(own([hostile()])), bodySchema) as Root));

    const twice = hostile();
    const shared = root(own([twice]), own([twice]));
    const html = toHtml(sanitizeParts(shared, [twice]));
    expect(html).toBe(toHtml(sanitize(root(own([hostile()]), own([hostile()])), bodySchema) as Root));
    expect(html).not.toMatch(/script|onclick|javascript|style=/i);
  });
});
