import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { integrationBlockKey } from '../integrations/integration-block-reference.ts';
import { createBodyContext } from './body-context.ts';
import { bodySpace } from './body-space.fixture.ts';
import { fakeIconLibrary, fakePath } from '../icons/fake-icon-library.fixture.ts';
import { createIconRenderer } from '../icons/icon-renderer.ts';
import { renderBody } from './render-body.ts';

const space = bodySpace({
  '.gitbook/includes/support.md': 'Ask [the guides](../../guides/README.md).\n\n{% include "loop.md" %}\n',
  '.gitbook/includes/loop.md': 'Loop back: {% include "support.md" %}\n\n{% include "loop.md" %}\n',
});

/** Renders a body written in `source` (default: a page one folder down, so links climb one level). */
function render(markdown: string, options: { source?: string; prefix?: string; target?: 'self' | 'blank'; fast?: boolean } = {}) {
  const context = createBodyContext(space, options.source ?? 'guides/README.md', options.target ?? 'self', { icons: createIconRenderer(fakeIconLibrary(), 'solid') });
  const html = toHtml(renderBody(markdown, context, options.prefix ?? '../', options.fast === false ? { fast: false } : {}));
  return { html, context };
}

/** The `<svg>` of an icon of the fake library, as a body holds it. */
function svg(name: string, family: 'solid' | 'regular' | 'brands', viewBox = '0 0 512 512', style = ''): string {
  return `<svg class="quire-icon" data-icon="${name}" viewBox="${viewBox}" aria-hidden="true" focusable="false"${style}><path fill="currentColor" d="${fakePath(family, name)}"></path></svg>`;
}

describe('renderBody: heading ids', () => {
  it("a heading whose slug is one of the chrome's ids is renamed everywhere: id, self-link and outline agree", () => {
    const { html, context } = render('## qr-menu\n');
    expect(html).toBe('<h2 id="user-content-qr-menu">qr-menu<a class="heading-anchor" href="#user-content-qr-menu" aria-label="Link to qr-menu">#</a></h2>');
    expect(context.outline).toEqual([{ depth: 2, id: 'user-content-qr-menu', text: 'qr-menu' }]);
  });
});

describe('renderBody: GitBook blocks', () => {
  it('hint: a callout in its style, unknown styles as info', () => {
    expect(render('{% hint style="warning" %}\nCareful.\n{% endhint %}\n').html).toBe(
      '<div class="hint" data-style="warning" role="note"><span class="hint-icon" aria-hidden="true"></span><div class="hint-body"><p>Careful.</p></div></div>',
    );
    expect(render('{% hint style="rainbow" %}\nX\n{% endhint %}\n').html).toContain('data-style="info"');
  });

  it('tabs: a tab bar and panels, the first shown', () => {
    const { html } = render('{% tabs %}\n{% tab title="One" %}\nFirst\n{% endtab %}\n\n{% tab title="Two" %}\nSecond\n{% endtab %}\n{% endtabs %}\n');
    expect(html).toContain('<button type="button" role="tab" class="tab" aria-selected="true" data-tab="0">One</button>');
    expect(html).toContain('<button type="button" role="tab" class="tab" aria-selected="false" data-tab="1">Two</button>');
    expect(html).toContain('<div class="tab-panel" role="tabpanel" data-tab="0"><p>First</p></div>');
    expect(html).toContain('<div class="tab-panel" role="tabpanel" data-tab="1" hidden><p>Second</p></div>');
  });

  it('code: title, line numbers, wrap, language', () => {
    const { html } = render('{% code title="app.js" overflow="wrap" lineNumbers="true" %}\n```javascript\nconst a = 1;\nconst b = "<b>";\n```\n{% endcode %}\n');
    expect(html).toBe(
      '<div class="code-block" data-line-numbers="true" data-wrap="true"><div class="code-header"><span class="code-title">app.js</span></div><pre><code class="language-javascript"><span class="line">const a = 1;</span>\n<span class="line">const b = "&#x3C;b>";</span></code></pre></div>',
    );
    expect(render('```\nplain\n```\n').html).toBe('<div class="code-block"><pre><code>plain</code></pre></div>');
  });

  it('expandable: details with its summary, open when written open', () => {
    const { html } = render('<details open>\n\n<summary>More <strong>here</strong></summary>\n\nHidden **text**.\n\n</details>\n');
    expect(html).toBe('<details class="expandable" open><summary>More <strong>here</strong></summary><div class="expandable-body"><p>Hidden <strong>text</strong>.</p></div></details>');
  });

  it('stepper: numbered steps', () => {
    const { html, context } = render('{% stepper %}\n{% step %}\n### First\n\nDo it.\n{% endstep %}\n\n{% step %}\n### Second\n{% endstep %}\n{% endstepper %}\n');
    expect(html).toMatch(/^<ol class="stepper"><li class="step"><div class="step-body"><h3 id="first">First/);
    expect(context.outline.map((entry) => entry.text)).toEqual(['First', 'Second']);
  });

  it('columns: widths become styles only when they are percentages', () => {
    const { html } = render('{% columns %}\n{% column width="40%" valign="middle" %}\nLeft\n{% endcolumn %}\n\n{% column width="calc(1px);background:url(x)" %}\nRight\n{% endcolumn %}\n{% endcolumns %}\n');
    expect(html).toContain('<div class="column" data-width="40%" data-valign="middle" style="flex-basis:40%"><p>Left</p></div>');
    expect(html).toContain('<div class="column" data-width="calc(1px);background:url(x)"><p>Right</p></div>');
  });

  it('cards: text cells, the target as a link over the card, the cover as an image', () => {
    const { html } = render(
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Writing</strong></td><td><a href="writing.md">writing.md</a></td><td><a href="../.gitbook/assets/cover.png">cover.png</a></td></tr></tbody></table>\n',
    );
    expect(html).toBe(
      '<div class="cards"><div class="card card-linked"><img class="card-cover" src="../assets/files/def-cover.png" alt="" loading="lazy" decoding="async"><div class="card-body"><div class="card-cell"><strong>Writing</strong></div></div><a class="card-link" href="../guides/writing/index.html" aria-label="Writing"></a></div></div>',
    );
  });

  it('embed: a link card, never a frame', () => {
    const { html } = render('{% embed url="https://www.youtube.com/watch?v=x" %}\nA **video**\n{% endembed %}\n');
    expect(html).toContain('<a class="embed-link" href="https://www.youtube.com/watch?v=x" rel="noopener noreferrer">');
    expect(html).toContain('<span class="embed-host">youtube.com</span>');
    expect(html).toContain('<div class="embed-caption"><p>A <strong>video</strong></p></div>');
    expect(html).not.toContain('iframe');
  });

  it('file: a download link with name and size, and the file is marked used', () => {
    const { html, context } = render('{% file src="../.gitbook/assets/report.pdf" %}\nThe report.\n{% endfile %}\n');
    expect(html).toContain('<a class="file-link" href="../assets/files/abc-report.pdf" download="report.pdf">');
    expect(html).toContain('<span class="file-name">report.pdf</span><span class="file-size">2.0 KB</span>');
    expect([...context.usedFiles]).toEqual(['assets/files/abc-report.pdf']);
  });

  it('include: the reusable content, its links relative to its own file, cycles stopped', () => {
    const { html, context } = render('{% include "../.gitbook/includes/support.md" %}\n');
    expect(html).toContain('<div class="reusable-content"><p>Ask <a href="../guides/index.html">the guides</a>.</p>');
    expect(html).not.toContain('data-quire-base');
    expect(context.broken).toEqual([]);
    const missing = render('{% include "../.gitbook/includes/nope.md" %}\n');
    expect(missing.html).toBe('');
    expect(missing.context.broken).toEqual([{ target: '../.gitbook/includes/nope.md', source: 'guides/README.md' }]);
  });

  it('content-ref: a card titled with the target page', () => {
    expect(render('{% content-ref url="writing.md" %}\n[writing.md](writing.md)\n{% endcontent-ref %}\n').html).toBe(
      '<div class="content-ref"><a class="content-ref-link" href="../guides/writing/index.html"><span class="content-ref-page" aria-hidden="true"></span><span class="content-ref-title">Writing</span><span class="content-ref-arrow" aria-hidden="true">→</span></a></div>',
    );
    expect(render('{% page-ref page="../README.md" %}\n').html).toContain('<span class="content-ref-title">Home</span>');
  });

  it('math: readable text in code.math, the TeX as title', () => {
    expect(render('$$\n\\alpha^2 \\leq \\frac{a}{b}\n$$\n').html).toBe(
      '<div class="math-display"><code class="math" title="\\alpha^2 \\leq \\frac{a}{b}">α² ≤ a⁄b</code></div>',
    );
    expect(render('Inline $$E = mc^2$$ here.\n').html).toBe('<p>Inline <code class="math math-inline" title="E = mc^2">E = mc²</code> here.</p>');
  });

  it('figure, inline image with data-size, drawing', () => {
    expect(render('<figure><img src="../.gitbook/assets/a b.png" alt="Alt" width="300"><figcaption><p>Caption</p></figcaption></figure>\n').html).toBe(
      '<figure class="figure"><img src="../assets/files/123-a%20b.png" alt="Alt" width="300" loading="lazy" decoding="async"><figcaption><p>Caption</p></figcaption></figure>',
    );
    expect(render('Text <img src="../.gitbook/assets/cover.png" alt="c" data-size="line"> more.\n').html).toBe(
      '<p>Text <img class="inline-image" data-size="line" src="../assets/files/def-cover.png" alt="c" loading="lazy" decoding="async"> more.</p>',
    );
    expect(render('<img src="../.gitbook/assets/cover.png" alt="D" class="gitbook-drawing">\n').html).toContain('<figure class="figure drawing">');
  });

  it('buttons, icons and coloured marks', () => {
    expect(render('<a href="writing.md" class="button primary" data-icon="rocket">Go</a>\n').html).toBe(
      `<p><a class="button button-primary" href="../guides/writing/index.html">${svg('rocket', 'solid')}Go</a></p>`,
    );
    expect(render('Star <i class="fa-github">:github:</i>\n').html).toBe(`<p>Star ${svg('github', 'brands', '0 0 496 512')}</p>`);
    expect(render('<mark style="color:orange;background-color:$primary;">hot</mark>\n').html).toBe(
      '<p><mark class="mark" data-color="orange" data-background="$primary" style="color:var(--mark-orange,orange);background-color:var(--primary)">hot</mark></p>',
    );
  });

  it('OpenAPI blocks: a readable summary with a link to the specification', () => {
    const { html } = render('{% openapi src="https://petstore3.swagger.io/api/v3/openapi.json" path="/pet" method="put" %}\n[https://petstore3.swagger.io/api/v3/openapi.json](https://petstore3.swagger.io/api/v3/openapi.json)\n{% endopenapi %}\n');
    expect(html).toContain('<span class="http-method" data-method="put">PUT</span><code class="openapi-path">/pet</code>');
    expect(html).toContain('OpenAPI specification: <a href="https://petstore3.swagger.io/api/v3/openapi.json" rel="noopener noreferrer">');
    expect(render('{% openapi-schemas spec="petstore" schemas="Pet,Order" grouped="true" %}\n{% endopenapi-schemas %}\n').html).toContain('<code class="openapi-path">Pet</code><code class="openapi-path">Order</code>');
    const swagger = render(
      '{% swagger method="get" path="/users" baseUrl="https://api.example.com" summary="List users" %}\n{% swagger-description %}\nAll of them.\n{% endswagger-description %}\n\n{% swagger-parameter in="query" name="limit" type="number" required="true" %}\nHow many.\n{% endswagger-parameter %}\n\n{% swagger-response status="200: OK" description="Users" %}\n```json\n[]\n```\n{% endswagger-response %}\n{% endswagger %}\n',
    ).html;
    expect(swagger).toContain('<code class="openapi-path">https://api.example.com/users</code>');
    expect(swagger).toContain('<code>limit</code><span class="required">required</span>');
    expect(swagger).toContain('<span class="http-status" data-status="2">200: OK</span>');
  });

  it('integration blocks: a placeholder naming the integration, with its source', () => {
    const { html } = render('{% @mermaid/diagram content="graph TD\n  A-->B" %}\n');
    expect(html).toContain('<strong>mermaid</strong>');
    expect(html).toContain('This block is drawn by the mermaid integration on the hosted site.');
    expect(html).toContain('<pre><code>graph TD\n  A-->B</code></pre>');
    expect(html).toContain('<p class="integration-note integration-reason">Not rendered in this export: it was not rendered for this export.</p>');
  });

  it('integration blocks: the element their integration rendered, looked up by space, block and props, sanitized', () => {
    const key = integrationBlockKey('space1', 'hello-block', 'hello', { name: 'Ada' });
    const integrationBlocks = {
      spaceId: 'space1',
      rendered: { [key]: { element: { type: 'block' as const, children: [{ type: 'text' as const, children: ['Hello, Ada! <b>'] }, { type: 'webframe' as const, source: { url: 'javascript:alert(1)' } }] } } },
    };
    const context = createBodyContext(space, 'README.md', 'self', { integrationBlocks });
    const html = toHtml(renderBody('{% @hello-block/hello name="Ada" %}\n\n{% @hello-block/hello name="Grace" %}\n', context, ''));
    expect(html).toContain('<div class="integration-block integration-rendered" data-integration="hello-block" data-block="hello"><div class="contentkit contentkit-block"><p class="contentkit-text">Hello, Ada! &#x3C;b></p></div></div>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Not rendered in this export: it was not rendered for this export.');
  });

  it('unknown liquid blocks and updates keep their content; conditions without claims show nothing', () => {
    expect(render('{% future-block foo="1" %}\nStill **here**.\n{% endfuture-block %}\n').html).toBe('<div class="liquid-block" data-tag="future-block"><p>Still <strong>here</strong>.</p></div>');
    expect(render('{% if visitor.claims.beta %}\nBeta only.\n{% endif %}\n').html).toBe('');
    const updates = render('{% updates format="full" %}\n{% update date="2025-12-25" tags="release,fix" %}\n## Shipped\n{% endupdate %}\n{% endupdates %}\n').html;
    expect(updates).toContain('<time datetime="2025-12-25">December 25, 2025</time><span class="update-tag">release</span><span class="update-tag">fix</span>');
  });

  it('headings: ids from explicit anchors or text, unique, linked, in the outline', () => {
    const { html, context } = render('## Reference <a href="#ref" id="ref"></a>\n\n## Setup\n\n### Setup\n\n##### Deep\n');
    expect(html).toContain('<h2 id="ref">Reference <a class="heading-anchor" href="#ref" aria-label="Link to Reference">#</a></h2>');
    expect(html).toContain('<h3 id="setup-1">');
    expect(context.outline).toEqual([
      { depth: 2, id: 'ref', text: 'Reference' },
      { depth: 2, id: 'setup', text: 'Setup' },
      { depth: 3, id: 'setup-1', text: 'Setup' },
    ]);
  });

  it('tables scroll in a frame; task lists keep their checkboxes', () => {
    expect(render('| A | B |\n| - | - |\n| 1 | 2 |\n').html).toMatch(/^<div class="table-wrap"><table>/);
    expect(render('* [x] done\n').html).toContain('<input type="checkbox" checked disabled>');
  });
});

describe('renderBody: links', () => {
  it('makes page links relative URLs of index.html, keeping anchors', () => {
    expect(render('[W](writing.md#style) [G](./) [H](../README.md)').html).toBe(
      '<p><a href="../guides/writing/index.html#style">W</a> <a href="../guides/index.html">G</a> <a href="../index.html">H</a></p>',
    );
  });

  it('points file links and images at the copied asset and counts them as used', () => {
    const { html, context } = render('[PDF](../.gitbook/assets/report.pdf) ![C](<../.gitbook/assets/a b.png>)');
    expect(html).toBe('<p><a href="../assets/files/abc-report.pdf">PDF</a> <img src="../assets/files/123-a%20b.png" alt="C" loading="lazy" decoding="async"></p>');
    expect([...context.usedFiles].sort()).toEqual(['assets/files/123-a%20b.png', 'assets/files/abc-report.pdf']);
  });

  it('counts links to nothing as broken and leaves them without href', () => {
    const { html, context } = render('[Gone](gone.md) [Root](/abs/path) ![x](missing.png) [Out](../../../etc/passwd)');
    expect(html).toBe(
      '<p><a class="broken-link" title="Not in this export: gone.md">Gone</a> <a class="broken-link" title="Not in this export: /abs/path">Root</a> <img alt="x" class="broken-image" title="Not in this export: missing.png" loading="lazy" decoding="async"> <a class="broken-link" title="Not in this export: ../../../etc/passwd">Out</a></p>',
    );
    expect(context.broken.map((link) => link.target)).toEqual(['gone.md', '/abs/path', 'missing.png', '../../../etc/passwd']);
  });

  it('opens external links as the customization says', () => {
    expect(render('[X](https://example.com)', { target: 'blank' }).html).toBe('<p><a href="https://example.com" rel="noopener noreferrer" target="_blank">X</a></p>');
    expect(render('[X](https://example.com)').html).toBe('<p><a href="https://example.com" rel="noopener noreferrer">X</a></p>');
    expect(render('[Mail](mailto:a@example.com) [In](#here)').html).toBe('<p><a href="mailto:a@example.com">Mail</a> <a href="#here">In</a></p>');
  });
});

describe('renderBody: hostile content', () => {
  it('drops scripts, styles and frames with their content', () => {
    const { html } = render('<script>alert(1)</script>\n\nText <script>alert(2)</script> more.\n\n<style>body{display:none}</style>\n\n<iframe src="https://evil.example"></iframe>\n\n<object data="x.swf"></object>\n');
    expect(html).not.toMatch(/<script|alert|<style|display:none|<iframe|<object/);
    expect(html).toContain('Text');
  });

  it('drops event handlers and style attributes', () => {
    const { html } = render('<img src="https://example.com/a.png" onerror="alert(1)" style="position:fixed">\n\n<div onclick="alert(2)" onmouseover="alert(3)">Hi</div>\n\n<a href="https://example.com" onfocus="alert(4)">x</a>\n');
    expect(html).not.toMatch(/onerror|onclick|onmouseover|onfocus|alert|position:fixed/);
    expect(html).toContain('<div>Hi</div>');
  });

  it('drops javascript:, vbscript: and data: URLs (except raster images)', () => {
    const links = render('[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](java%0ascript:alert(1)) <a href="&#106;avascript:alert(1)">d</a> <a href=" javascript:alert(1)">e</a> [f](vbscript:x) [g](data:text/html,<script>alert(1)</script>)').html;
    expect(links).not.toMatch(/href="[^"]*(?:script|data:)/i);
    expect(links).toBe(
      '<p><a>a</a> <a>b</a> <a class="broken-link" title="Not in this export: java%0ascript:alert(1)">c</a> <a>d</a> <a>e</a> <a>f</a> <a>g</a></p>',
    );
    const images = render('<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"> <img src="data:image/png;base64,iVBORw0KGgo="> ![x](javascript:alert(1))\n').html;
    expect(images).not.toMatch(/svg|javascript|alert/);
    expect(images).toContain('src="data:image/png;base64,iVBORw0KGgo="');
  });

  it('cannot forge a base for its links, or take the ids of the chrome', () => {
    const forged = render('<div data-quire-base="../../../../etc/x.md"><a href="passwd">p</a></div>\n\n<p id="qr-nav">fake</p>\n\n<a name="x" id="search">n</a>\n');
    expect(forged.html).not.toContain('data-quire-base');
    expect(forged.context.broken.map((link) => link.target)).toEqual(['passwd']);
    expect(forged.html).toContain('id="user-content-qr-nav"');
    expect(forged.html).toContain('<a id="search">n</a>');
    expect(forged.html).not.toContain('name=');
  });

  it('escapes text and attribute values from blocks', () => {
    const { html } = render('{% tabs %}\n{% tab title="<img src=x onerror=alert(1)>" %}\nX\n{% endtab %}\n{% endtabs %}\n\n{% embed url="javascript:alert(1)" %}\n\n{% file src="javascript:alert(1)" %}\n{% endfile %}\n\n{% code title="<script>alert(1)</script>" %}\n```\nx\n```\n{% endcode %}\n');
    expect(html).not.toMatch(/<img src=x|<script|href="javascript/);
    expect(html).toContain('&#x3C;img src=x onerror=alert(1)>');
  });
});

describe('renderBody: icons', () => {
  const primary = ' style="color:var(--primary)"';

  it('an inline icon is an <svg> in the colour its style asks for, without its :name: text (full and fast paths)', () => {
    for (const fast of [true, false]) {
      const { html, context } = render('Launch <i class="fa-rocket" style="color:$primary;">:rocket:</i> now.\n', { fast });
      expect(html).toBe(`<p>Launch ${svg('rocket', 'solid', '0 0 512 512', primary)} now.</p>`);
      expect(html).not.toContain(':rocket:');
      expect(context.icons.missing).toEqual([]);
    }
  });

  it('raw Font Awesome <i> elements anywhere (headings, table cells, HTML blocks) become <svg>s, coloured only when safe', () => {
    const { html } = render(
      '## <i class="fa-solid fa-bolt"></i> Fast\n\n| a |\n| - |\n| <i class="fab fa-github" style="color: #ff0000">:github:</i> |\n\n<div><p><i class="fa-house" style="color:url(javascript:alert(1))">x</i></p></div>\n',
    );
    expect(html).toContain(`<h2 id="fast">${svg('bolt', 'solid')} Fast`);
    expect(html).toContain(`<td>${svg('github', 'brands', '0 0 496 512', ' style="color:#ff0000"')}</td>`);
    expect(html).toContain(`<p>${svg('house', 'solid')}</p>`);
    expect(html).not.toMatch(/javascript|:github:/);
  });

  it('plain italics stay italics', () => {
    expect(render('<i>just italic</i> and <i class="note">noted</i>\n').html).toBe('<p><i>just italic</i> and <i class="note">noted</i></p>');
  });

  it('a hint with icon="…" shows that icon; one without keeps the style\'s own mark (full and fast paths)', () => {
    for (const fast of [true, false]) {
      const { html } = render('{% hint style="success" icon="bolt" %}\nQuick.\n{% endhint %}\n\n{% hint style="info" %}\nPlain.\n{% endhint %}\n', { fast });
      expect(html).toBe(
        `<div class="hint" data-style="success" role="note"><span class="hint-icon hint-icon-custom" aria-hidden="true">${svg('bolt', 'solid')}</span><div class="hint-body"><p>Quick.</p></div></div>\n` +
          '<div class="hint" data-style="info" role="note"><span class="hint-icon" aria-hidden="true"></span><div class="hint-body"><p>Plain.</p></div></div>',
      );
    }
  });

  it('a tab with icon="…" shows it before its title', () => {
    const { html } = render('{% tabs %}\n{% tab title="Mac" icon="house" %}\nA\n{% endtab %}\n{% endtabs %}\n');
    expect(html).toContain(`<button type="button" role="tab" class="tab" aria-selected="true" data-tab="0">${svg('house', 'solid')}Mac</button>`);
  });

  it('an icon Font Awesome Free lacks is drawn as the neutral fallback and reported, never as a bullet or its :name:', () => {
    const { html, context } = render('Hi <i class="fa-unicorn-sparkles">:unicorn-sparkles:</i>\n');
    expect(html).toMatch(/^<p>Hi <svg class="quire-icon quire-icon-missing" data-icon="unicorn-sparkles" viewBox="0 0 512 512" aria-hidden="true" focusable="false"><path fill="currentColor" d="M[^"]+"><\/path><\/svg><\/p>$/);
    expect(html).not.toMatch(/:unicorn-sparkles:|•/);
    expect(context.icons.missing).toEqual(['fa-unicorn-sparkles']);
  });

  it('content cannot write its own <svg>: only the icons Quire draws get through', () => {
    const { html } = render('<svg onload="alert(1)"><path d="M0 0"/></svg> <i class="fa-rocket" onclick="alert(1)">r</i>\n');
    expect(html).not.toMatch(/onload|onclick|alert/);
    expect(html.match(/<svg/g)).toHaveLength(1);
  });
});
