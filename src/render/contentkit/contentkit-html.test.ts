import type { Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { bodySchema } from '../body/sanitize-schema.ts';
import { contentKitHtml } from './contentkit-html.ts';

/** The element as a page shows it: rendered, then through the page body's sanitizer (which must keep it whole). */
function html(element: unknown, state: Record<string, unknown> = {}): string {
  const tree: Root = { type: 'root', children: [contentKitHtml(element, state)] };
  const out = toHtml(tree);
  expect(toHtml(sanitize(tree, bodySchema) as Root)).toBe(out);
  return out;
}

const block = (...children: unknown[]) => ({ type: 'block', children });

describe('contentKitHtml', () => {
  it('draws text runs with their styles, and links to safe URLs only', () => {
    const out = html(
      block({
        type: 'text',
        children: ['Plain ', { type: 'text', style: 'bold', children: 'bold' }, ' ', { type: 'text', style: 'code', children: ['x()'] }, ' ', { type: 'link', target: { url: 'https://example.com/a' }, children: ['a link'] }],
      }),
    );
    expect(out).toBe('<div class="contentkit contentkit-block"><p class="contentkit-text">Plain <strong>bold</strong> <code>x()</code> <a href="https://example.com/a">a link</a></p></div>');
    expect(html(block({ type: 'link', target: { url: 'javascript:alert(1)' }, children: 'no link' }))).toBe('<div class="contentkit contentkit-block"><p class="contentkit-text">no link</p></div>');
    expect(html(block({ type: 'link', target: { url: { host: 'api.example.com', pathname: '/v1/x', query: { q: { $state: 'term' } } } }, children: 'built' }), { term: 'a b' })).toContain(
      '<a href="https://api.example.com/v1/x?q=a+b">built</a>',
    );
  });

  it('escapes text: markup in a string is shown, never parsed', () => {
    const out = html(block({ type: 'text', children: ['<img src=x onerror=alert(1)> & "quotes"'] }, { type: 'card', title: '<script>alert(1)</script>' }));
    expect(out).toContain('&#x3C;img src=x onerror=alert(1)> &#x26; "quotes"');
    expect(out).toContain('<strong>&#x3C;script>alert(1)&#x3C;/script></strong>');
    expect(out).not.toMatch(/<script|<img/);
  });

  it('draws stacks, boxes, dividers and hints', () => {
    const out = html(
      block({ type: 'hstack', align: 'center', children: [{ type: 'box', grow: 1, children: [{ type: 'text', children: 'left' }] }, { type: 'divider', size: 'small' }, { type: 'vstack', children: [{ type: 'text', children: 'right' }] }] }, {
        type: 'hint',
        children: [{ type: 'text', children: 'Careful' }],
      }),
    );
    expect(out).toContain('<div class="contentkit-hstack" data-align="center"><div class="contentkit-box" data-grow="1"><p class="contentkit-text">left</p></div><hr class="contentkit-divider"><div class="contentkit-vstack"><p class="contentkit-text">right</p></div></div>');
    expect(out).toContain('<div class="hint" data-style="info" role="note"><span class="hint-icon" aria-hidden="true"></span><div class="hint-body"><p>Careful</p></div></div>');
  });

  it('draws a card with its title (a link when it opens a URL), hint, children and buttons', () => {
    const out = html(
      block({
        type: 'card',
        title: 'Hello, Ada!',
        hint: 'A greeting',
        onPress: { action: '@ui.url.open', url: 'https://hello.example.com/ada' },
        children: [{ type: 'text', children: ['Rendered by hello-block'] }],
        buttons: [{ type: 'button', label: 'Edit', onPress: { action: 'edit' } }],
      }),
    );
    expect(out).toBe(
      '<div class="contentkit contentkit-block"><div class="contentkit-card"><p class="contentkit-card-title"><a href="https://hello.example.com/ada"><strong>Hello, Ada!</strong></a></p><p class="contentkit-card-hint">A greeting</p><p class="contentkit-text">Rendered by hello-block</p><div class="contentkit-buttons"><button type="button" disabled class="button contentkit-button" data-style="secondary">Edit</button></div></div></div>',
    );
  });

  it('draws a button that opens a URL as a link, any other as a disabled button; never with a handler', () => {
    expect(html(block({ type: 'button', style: 'primary', label: 'Open', onPress: { action: '@ui.url.open', url: 'https://example.com' } }))).toContain(
      '<a class="button contentkit-button" data-style="primary" href="https://example.com">Open</a>',
    );
    const inert = html(block({ type: 'button', label: 'Run', onPress: { action: '@ui.modal.open', componentId: 'm', props: {} } }, { type: 'button', label: 'Evil', onPress: { action: '@ui.url.open', url: 'javascript:alert(1)' } }));
    expect(inert).toContain('<button type="button" disabled class="button contentkit-button" data-style="secondary">Run</button>');
    expect(inert).toContain('<button type="button" disabled class="button contentkit-button" data-style="secondary">Evil</button>');
    expect(inert).not.toMatch(/javascript:|onclick|<script/i);
  });

  it('draws Markdown (sanitized) and code blocks, reading bound content from the state', () => {
    const out = html(block({ type: 'markdown', content: 'Some **bold** <script>alert(1)</script> text' }, { type: 'codeblock', syntax: 'javascript', content: { $state: 'code' }, footer: [{ type: 'text', children: 'example' }] }), {
      code: 'const a = "<b>";',
    });
    expect(out).toContain('<div class="contentkit-markdown"><p>Some <strong>bold</strong> alert(1) text</p></div>');
    expect(out).toContain('<div class="contentkit-codeblock"><pre><code class="language-javascript">const a = "&#x3C;b>";</code></pre><p class="contentkit-text">example</p></div>');
    expect(out).not.toContain('<script');
  });

  it('draws images with safe sources only, and a web frame as a link to its page', () => {
    const out = html(block({ type: 'image', source: { url: 'https://example.com/a.png' }, aspectRatio: 1.5 }, { type: 'image', source: { url: 'data:image/svg+xml,<svg onload=alert(1)>' }, aspectRatio: 1 }, { type: 'webframe', source: { url: 'https://embed.example.com/x' } }));
    expect(out).toContain('<img src="https://example.com/a.png" alt="" class="contentkit-image" data-aspect-ratio="1.5">');
    expect(out.match(/<img/g)).toHaveLength(1);
    expect(out).toContain('<p class="contentkit-webframe"><a href="https://embed.example.com/x">https://embed.example.com/x</a></p>');
    expect(out).not.toContain('<iframe');
  });

  it('leaves form controls out, keeps the label of an input, and keeps the text of unknown elements', () => {
    const out = html(
      block(
        { type: 'input', label: 'Name', hint: 'Who to greet', element: { type: 'textinput', state: 'name' } },
        { type: 'select', state: 's', options: [] },
        { type: 'switch', state: 'on' },
        { type: 'sparkle', children: [{ type: 'text', children: 'kept text' }, 'and a string'] },
      ),
    );
    expect(out).toBe('<div class="contentkit contentkit-block"><p class="contentkit-input"><strong>Name</strong> Who to greet</p><p class="contentkit-text">kept text</p>and a string</div>');
    expect(out).not.toMatch(/<input|<select/);
  });

  it('ignores fields of the wrong type and stops at absurd depth instead of overflowing', () => {
    expect(html({ type: 'block', children: [{ type: 'card', title: 42, children: 'x' }, null, 7, { type: 'text', children: { bad: true } }] })).toBe(
      '<div class="contentkit contentkit-block"><div class="contentkit-card">x</div><p class="contentkit-text"></p></div>',
    );
    let deep: unknown = { type: 'text', children: 'bottom' };
    for (let level = 0; level < 10_000; level++) deep = { type: 'box', children: [deep] };
    const out = html(block(deep));
    expect(out).not.toContain('bottom');
    expect(out.match(/contentkit-box/g)!.length).toBeLessThan(70);
    expect(html(undefined)).toBe('<div class="contentkit contentkit-block"></div>');
  });
});
