import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { expressionScope } from '../adaptive/index.ts';
import { createBodyContext } from '../body/body-context.ts';
import { bodySpace } from '../body/body-space.fixture.ts';
import { renderBody } from '../body/render-body.ts';
import { fakeIconLibrary } from '../icons/fake-icon-library.fixture.ts';
import { createIconRenderer } from '../icons/icon-renderer.ts';
import type { LinkTarget } from '../route-data.ts';
import { readCardColumns } from './card-columns.ts';

const file = (href: string, title: string): LinkTarget => ({ kind: 'file', href, title, size: 1024, contentType: 'image/png' });
const base = bodySpace({});
const space = {
  ...base,
  links: {
    ...base.links,
    'getting-started/quickstart.md': { kind: 'page', href: 'getting-started/quickstart/index.html', title: 'Quickstart' } satisfies LinkTarget,
    '.gitbook/assets/cover-light.png': file('assets/files/l1-cover-light.png', 'cover-light.png'),
    '.gitbook/assets/cover-dark.png': file('assets/files/d1-cover-dark.png', 'cover-dark.png'),
  },
};

/**
 * Renders a body of the home page (`README.md`), so links are written as the exporter writes them there, for a
 * visitor whose claims say `plan: "pro"`. Icons drawn by the icon pass read `ICON` in `html`.
 */
function render(markdown: string) {
  const scope = expressionScope({ claims: { plan: 'pro' }, spaceVariables: {}, pageVariables: {} });
  const context = createBodyContext(space, 'README.md', 'self', { icons: createIconRenderer(fakeIconLibrary(), 'solid'), scope });
  const tree = renderBody(markdown, context, '');
  const drawn = toHtml(tree);
  return { tree, drawn, html: drawn.replace(/<svg class="quire-icon"[^>]*>.*?<\/svg>/g, 'ICON'), context };
}

const header =
  '<thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th><th data-hidden data-card-cover-dark data-type="files"></th></tr></thead>';
const row = (target: string, light = '.gitbook/assets/cover-light.png', dark = '.gitbook/assets/cover-dark.png') =>
  `<tr><td><h3><i class="fa-rocket" style="color:$primary;">:rocket:</i> Get started</h3></td><td>Set up in minutes.</td><td>${target}</td><td>${light && `<a href="${light}">cover-light.png</a>`}</td><td>${dark && `<a href="${dark}">cover-dark.png</a>`}</td></tr>`;
const table = (...rows: string[]) => `<table data-view="cards">${header}<tbody>${rows.join('')}</tbody></table>`;
const exported = table(row('<a href="getting-started/quickstart.md">quickstart.md</a>'));

const expectedCard =
  '<div class="card card-linked card-has-dark-cover">' +
  '<img class="card-cover card-cover-light" src="assets/files/l1-cover-light.png" alt="" loading="lazy" decoding="async">' +
  '<img class="card-cover card-cover-dark" src="assets/files/d1-cover-dark.png" alt="" loading="lazy" decoding="async">' +
  '<div class="card-body"><div class="card-cell"><h3>ICON Get started</h3></div><div class="card-cell">Set up in minutes.</div></div>' +
  '<a class="card-link" href="getting-started/quickstart/index.html" aria-label="Get started"></a>' +
  '</div>';

describe('cards', () => {
  it("render the exporter's card table: the page as the card's link, both covers, the visible cells as written", () => {
    const { html, context } = render(`${exported}\n`);
    expect(html).toBe(`<div class="cards">${expectedCard}</div>`);
    // The covers are files the export copies; the page link is resolved, not broken.
    expect([...context.usedFiles].sort()).toEqual(['assets/files/d1-cover-dark.png', 'assets/files/l1-cover-light.png']);
    expect(context.broken).toEqual([]);
  });

  it('draw the title cell\'s icon as an SVG, never its `:rocket:` text, and show no hidden column as text', () => {
    const { drawn, html } = render(`${exported}\n`);
    expect(drawn).toMatch(/<h3><svg class="quire-icon"[^>]*data-icon="rocket"/);
    expect(drawn).not.toContain(':rocket:');
    expect(html).not.toMatch(/quickstart\.md|cover-light\.png<|cover-dark\.png<|data-hidden|<table/);
  });

  it('keep a URL target as it is, and a card without a target is no link', () => {
    const { html } = render(`${table(row('<a href="https://example.com/docs">https://example.com/docs</a>'), row(''))}\n`);
    expect(html).toContain('<a class="card-link" href="https://example.com/docs" aria-label="Get started" rel="noopener noreferrer"></a>');
    expect(html.match(/class="card-link"/g)).toHaveLength(1);
    expect(html).toContain('<div class="card card-has-dark-cover"><img');
  });

  it('show a cover without a dark one in both themes, and a dark cover alone as the cover', () => {
    const { html } = render(`${table(row('', '.gitbook/assets/cover-light.png', ''), row('', '', '.gitbook/assets/cover-dark.png'), row('', '', ''))}\n`);
    expect(html).toContain('<div class="card"><img class="card-cover" src="assets/files/l1-cover-light.png"');
    expect(html).toContain('<div class="card"><img class="card-cover" src="assets/files/d1-cover-dark.png"');
    expect(html).toContain('<div class="card"><div class="card-body">');
    expect(html).not.toContain('card-cover-dark');
  });

  it('mark a missing cover as broken instead of copying nothing', () => {
    const { html, context } = render(`${table(row('', '.gitbook/assets/gone.png', ''))}\n`);
    expect(html).toContain('class="card-cover broken-image"');
    expect(context.broken).toEqual([{ target: '.gitbook/assets/gone.png', source: 'README.md' }]);
  });

  describe('render inside a block whose end tag follows the table directly', () => {
    it('{% if %}', () => {
      const { html } = render(`{% if visitor.claims.plan == "pro" %}\n${exported}\n{% endif %}\n`);
      expect(html).toContain(expectedCard);
      expect(html).not.toContain('{%');
    });

    it('{% column %}', () => {
      const { html } = render(`{% columns %}\n{% column width="50%" %}\n${exported}\n{% endcolumn %}\n\n{% column %}\nRight.\n{% endcolumn %}\n{% endcolumns %}\n`);
      expect(html).toMatch(/^<div class="columns"><div class="column"[^>]*><div class="cards"><div class="card card-linked card-has-dark-cover">/);
      expect(html).toContain('</div></div></div><div class="column"><p>Right.</p></div></div>');
      expect(html).not.toContain('{%');
    });

    it('{% tab %}', () => {
      const { html } = render(`{% tabs %}\n{% tab title="Cards" %}\n${exported}\n{% endtab %}\n\n{% tab title="Text" %}\nText.\n{% endtab %}\n{% endtabs %}\n`);
      expect(html).toContain(`<div class="tab-panel" role="tabpanel" data-tab="0"><div class="cards">${expectedCard}</div></div>`);
      expect(html).toContain('<div class="tab-panel" role="tabpanel" data-tab="1" hidden><p>Text.</p></div>');
      expect(html).not.toContain('{%');
    });

    it('{% step %} and {% hint %}, nested', () => {
      const { html } = render(`{% stepper %}\n{% step %}\n{% hint style="info" %}\n${exported}\n{% endhint %}\n{% endstep %}\n{% endstepper %}\n`);
      expect(html).toContain(`<div class="hint-body"><div class="cards">${expectedCard}</div></div>`);
      expect(html).not.toContain('{%');
    });
  });
});

describe('readCardColumns', () => {
  const column = (...names: string[]) => ({ attributes: names.map((name) => ({ name, value: null, quote: '' as const })), title: '' });

  it('finds the target, the covers and the text columns; hidden columns are none of them', () => {
    expect(readCardColumns([column(), column('data-hidden'), column('data-hidden', 'data-card-target'), column('data-card-cover'), column('data-hidden', 'data-card-cover-dark'), column()])).toEqual({
      target: 2,
      cover: 3,
      coverDark: 4,
      text: [0, 5],
    });
  });

  it('gives a role to the first column marked for it; a second one is not shown', () => {
    expect(readCardColumns([column('data-card-target'), column('data-card-target'), column('DATA-CARD-COVER')])).toEqual({ target: 0, cover: 2, text: [] });
  });
});
