// writeBody makes a body's last passes in one walk: it must give what the four passes give one after the other
// (resolveLinks, finishTree, bodyHtml, hastText), to the tree and to what the context collects. The fast path's
// differential test (src/render/fast-body/fast-body-tree.test.ts) compares it with the full path on every page it
// reads; these are the cases built by hand that pages rarely hold.
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { fakeIconLibrary } from '../icons/fake-icon-library.fixture.ts';
import { createIconRenderer } from '../icons/icon-renderer.ts';
import { createBodyContext, type BodyContext } from './body-context.ts';
import { bodyHtml } from './body-html.ts';
import { bodySpace } from './body-space.fixture.ts';
import { finishTree } from './finish-tree.ts';
import { hastText } from './node-text.ts';
import { renderBody, renderBodyHtml } from './render-body.ts';
import { resolveLinks } from './resolve-links.ts';
import { writeBody } from './write-body.ts';

const space: BodyContext['space'] = { ...bodySpace({ '.gitbook/includes/part.md': 'Part.\n' }), excluded: { 'guides/secret.md': 'Secret' } };

const context = (target: 'self' | 'blank' = 'self') => createBodyContext(space, 'guides/README.md', target, { icons: createIconRenderer(fakeIconLibrary(), 'solid') });

const h = (tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element => ({ type: 'element', tagName, properties, children });
const t = (value: string): ElementContent => ({ type: 'text', value });

/** What the context collected, to compare two contexts by. */
function collected(context: BodyContext) {
  return { broken: context.broken, usedFiles: [...context.usedFiles], missing: context.icons.missing, warnings: context.warnings };
}

/** writeBody of a copy of `tree` against the four passes over another copy, links resolved first unless `resolved`. */
function compare(tree: Root, options: { resolved?: boolean; target?: 'self' | 'blank' } = {}) {
  const prefix = '../';
  const passesContext = context(options.target);
  const passed = structuredClone(tree);
  if (!options.resolved) resolveLinks(passed, passesContext, prefix);
  finishTree(passed, passesContext.externalTarget, passesContext.icons);
  const writeContext = context(options.target);
  const written = structuredClone(tree);
  const body = writeBody(written, writeContext, options.resolved ? undefined : prefix);
  expect(body.html).toBe(bodyHtml(passed));
  expect(body.text).toBe(hastText(passed));
  // The tree is finished in place, as finishTree leaves it.
  expect(written).toEqual(passed);
  expect(collected(writeContext)).toEqual(collected(passesContext));
  return { ...body, context: writeContext };
}

describe('writeBody: one walk for the last passes of a body', () => {
  it('resolves links and images, marks broken ones, shows links to excluded pages as text, and keeps external ones', () => {
    const body = compare({
      type: 'root',
      children: [
        h('p', {}, [
          h('a', { href: 'writing.md#style' }, [t('writing')]),
          t(' and '),
          h('a', { href: 'missing.md' }, [t('gone')]),
          t(', '),
          h('a', { href: 'secret.md' }, [t('secret')]),
          t(', '),
          h('a', { href: 'https://example.com/' }, [t('out')]),
          h('img', { src: '../.gitbook/assets/cover.png', alt: 'cover' }),
          h('img', { src: 'nothing.png', alt: 'none' }),
        ]),
      ],
    }, { target: 'blank' });
    expect(body.html).toContain('href="../guides/writing/index.html#style"');
    expect(body.html).toContain('<span>secret</span>');
    expect(body.html).toContain('target="_blank"');
    expect(body.html).toContain('class="broken-image"');
    expect(body.text).toBe('writing and gone, secret, out');
  });

  it('resolves what an include holds from its own folder', () => {
    const include = h('div', { dataQuireBase: '.gitbook/includes/part.md' }, [h('p', {}, [h('a', { href: '../../guides/writing.md' }, [t('w')])])]);
    const body = compare({ type: 'root', children: [include] });
    expect(body.html).toBe('<div><p><a href="../guides/writing/index.html">w</a></p></div>');
  });

  it('leaves the text of heading anchors out of the search text, not out of the HTML', () => {
    const heading = h('h2', { id: 'setup' }, [t('Set up'), h('a', { className: ['heading-anchor'], href: '#setup', ariaLabel: 'Link to Set up' }, [t('#')])]);
    const body = compare({ type: 'root', children: [heading, h('p', {}, [t('Then  '), h('code', {}, [t('run')]), t('\n it.')])] });
    expect(body.html).toContain('>#</a></h2>');
    expect(body.text).toBe('Set up Then run it.');
  });

  it('draws icons as SVG (which toHtml writes), and still resolves and counts what they replace', () => {
    const icon = h('i', { className: ['fa-solid', 'fa-bolt'] }, [h('a', { href: 'nowhere.md' }, [t(':bolt:')])]);
    const body = compare({ type: 'root', children: [h('p', {}, [t('Fast '), icon, h('mark', { dataColor: '$primary' }, [t('now')])])] });
    expect(body.html).toContain('<svg class="quire-icon" data-icon="bolt"');
    expect(body.html).toContain('style="color:var(--primary)">now</mark>');
    // The link inside the icon is gone with it, but the link pass saw it first, as it does without the one walk.
    expect(body.html).not.toContain('nowhere');
    expect(body.context.broken).toEqual([{ target: 'nowhere.md', source: 'guides/README.md' }]);
  });

  it('an icon nobody can draw is remembered as missing', () => {
    const { context } = compare({ type: 'root', children: [h('p', {}, [h('i', { className: ['fa-solid', 'fa-no-such-icon'] }, [])])] });
    expect(context.icons.missing).toEqual(['fa-solid fa-no-such-icon']);
  });

  it('hands trees only toHtml writes to it, finished all the same: raw nodes, comments, void elements with children', () => {
    const raw: Root = { type: 'root', children: [h('p', {}, [t('a < b')]), { type: 'raw', value: '<b>x</b>' }, h('p', { id: 'qr-menu' }, [h('a', { href: '//example.com' }, [t('x')])])] };
    expect(compare(raw).html).toBe(toHtml(raw).replace('<p id="qr-menu"><a href="//example.com">', '<p id="user-content-qr-menu"><a href="//example.com" rel="noopener noreferrer">'));
    compare({ type: 'root', children: [{ type: 'comment', value: 'note' }, h('p', {}, [t('after')])] });
    compare({ type: 'root', children: [h('p', {}, [h('br', {}, [t('inside')]), t('x')])] });
    compare({ type: 'root', children: [h('p', { unknownThing: 'x' }, [t('an attribute bodyHtml does not know')])] });
  });

  it('with links already resolved, resolves nothing again', () => {
    const tree: Root = { type: 'root', children: [h('p', {}, [h('a', { href: '../guides/writing/index.html' }, [t('w')])])] };
    expect(compare(tree, { resolved: true }).html).toBe('<p><a href="../guides/writing/index.html">w</a></p>');
  });
});

describe('renderBodyHtml', () => {
  it("gives renderBody's HTML and search text, on the fast path and the full one", () => {
    const markdown = '## Start\n\nSee [writing](writing.md) and [gone](gone.md).\n\n{% hint style="info" %}\nA *hint* :bolt:.\n{% endhint %}\n\n<table><tr><td>cell</td></tr></table>\n';
    for (const fast of [true, false]) {
      const treeContext = context();
      const tree = renderBody(markdown, treeContext, '../', fast ? {} : { fast: false });
      const writeContext = context();
      const written = renderBodyHtml(markdown, writeContext, '../', fast ? {} : { fast: false });
      expect(written).toEqual({ html: bodyHtml(tree), text: hastText(tree) });
      expect(collected(writeContext)).toEqual(collected(treeContext));
      expect(writeContext.outline).toEqual(treeContext.outline);
    }
  });
});
