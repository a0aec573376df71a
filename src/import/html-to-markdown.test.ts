// `UPDATE=1 npx vitest run src/import` rewrites test/fixtures/import-site/expected/ from the converter (read the diff!).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readDirectory } from '../format/read-directory.ts';
import { parseMarkdown } from '../markdown/parse-markdown.ts';
import { stringifyMarkdown } from '../markdown/stringify-markdown.ts';
import { capHtmlNesting } from './convert-cap-nesting.ts';
import { convertHtmlPage, discoverLinks, type ConvertOptions } from './html-to-markdown.ts';

const update = process.env.UPDATE === '1';
const siteDir = join(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/import-site');
const origin = 'http://docs.lantern.test';
const pages = ['index.html', 'guide/install.html', 'guide/configure.html', 'reference/api.html', 'reference/cli.html', 'faq.html'];

/** Where each page of the site goes in the imported space: `index.html` is the first page, README.md. */
function markdownPath(page: string): string {
  return page === 'index.html' ? 'README.md' : page.replace(/\.html$/, '.md');
}

/** The rewriting an import does: site pages to relative `.md` paths (fragment kept), images to `.gitbook/assets/`. */
function siteOptions(page: string): ConvertOptions {
  const from = posix.dirname(markdownPath(page));
  return {
    url: `${origin}/${page}`,
    rewriteLink: (absolute) => {
      const url = new URL(absolute);
      const path = url.pathname.slice(1);
      if (url.origin !== origin || !pages.includes(path)) return undefined;
      return posix.relative(from, markdownPath(path)) + url.hash;
    },
    rewriteImage: (absolute) => posix.relative(from, `.gitbook/assets/${posix.basename(new URL(absolute).pathname)}`),
  };
}

function convertSitePage(page: string) {
  return convertHtmlPage(readFileSync(join(siteDir, page), 'utf8'), siteOptions(page));
}

function nodesOf(tree: Root): Nodes[] {
  const found: Nodes[] = [];
  const pending: Nodes[] = [tree];
  while (pending.length > 0) {
    const node = pending.pop()!;
    found.push(node);
    if ('children' in node) pending.push(...(node.children as Nodes[]));
  }
  return found;
}

describe('convertHtmlPage on the fixture site', () => {
  for (const page of pages) {
    it(`converts ${page} to expected/${page.replace(/\.html$/, '.md')} byte for byte`, () => {
      const expectedPath = join(siteDir, 'expected', page.replace(/\.html$/, '.md'));
      const { markdown } = convertSitePage(page);
      if (update) {
        mkdirSync(dirname(expectedPath), { recursive: true });
        writeFileSync(expectedPath, markdown);
      }
      expect(existsSync(expectedPath)).toBe(true);
      expect(markdown).toBe(readFileSync(expectedPath, 'utf8'));
    });
  }

  it('reads titles, descriptions, links and images', () => {
    const index = convertSitePage('index.html');
    expect(index.title).toBe('Welcome to Lantern');
    expect(index.description).toBe('Lantern is a small message queue. Start here.');
    expect(index.links).toEqual([
      `${origin}/guide/install.html`,
      `${origin}/guide/configure.html`,
      `${origin}/reference/api.html`,
      `${origin}/reference/cli.html`,
      `${origin}/faq.html`,
      'https://github.com/example/lantern',
    ]);
    expect(index.images).toEqual([`${origin}/images/logo.png`]);
    // <base href="/reference/"> makes ../images/diagram.svg /images/diagram.svg.
    expect(convertSitePage('reference/api.html').images).toEqual([`${origin}/images/diagram.svg`]);
    // No <h1>: the <title>; the h1 when there is one, without the "¶" permalink, and not in the body.
    expect(convertSitePage('faq.html').title).toBe('Frequently asked questions');
    const install = convertSitePage('guide/install.html');
    expect(install.title).toBe('Installation');
    expect(install.markdown).not.toContain('Installation');
    expect(convertSitePage('guide/configure.html').description).toBeUndefined();
  });

  it('leaves out the chrome, scripts, event handlers, forms and javascript: links', () => {
    for (const page of pages) {
      const { markdown } = convertSitePage(page);
      for (const banned of ['<script', 'alert(', 'onclick', 'javascript:', 'dataLayer', 'copyToClipboard', 'Subscribe to updates', 'Skip to', 'cookies', 'Accept', 'Privacy', '©', 'On this page', 'Was this helpful', '¶']) {
        expect(markdown, `${page}: ${banned}`).not.toContain(banned);
      }
    }
    // The text of a javascript: link stays.
    expect(convertSitePage('reference/api.html').markdown).toContain('Chat with us if you are stuck.');
  });

  it('writes Markdown that Quire reads back as the same tree, without diagnostics, with every link and image resolving', () => {
    const files = new Map<string, Uint8Array>();
    const encode = (text: string) => new TextEncoder().encode(text);
    const summary = ['# Table of contents', ''];
    for (const page of pages) {
      const { title, description, markdown } = convertSitePage(page);
      const frontmatter = description === undefined ? '' : `---\ndescription: ${JSON.stringify(description)}\n---\n\n`;
      files.set(markdownPath(page), encode(`${frontmatter}# ${title}\n\n${markdown}`));
      summary.push(`* [${title}](${markdownPath(page)})`);
      // Canonical: parsing and writing again gives the same text.
      expect(stringifyMarkdown(parseMarkdown(markdown))).toBe(markdown);
      // Nothing the parser did not understand: no unknown Liquid tags, raw HTML only as heading anchors and cell breaks.
      for (const node of nodesOf(parseMarkdown(markdown))) {
        expect(node.type, page).not.toMatch(/^liquid/);
        if (node.type === 'html') expect(node.value, page).toMatch(/^(?:<a href="#[^"]+" id="[^"]+">|<\/a>|<br>)$/);
      }
    }
    files.set('SUMMARY.md', encode(`${summary.join('\n')}\n`));
    for (const image of ['logo.png', 'diagram.svg']) files.set(`.gitbook/assets/${image}`, readFileSync(join(siteDir, 'images', image)));
    const { bundle, diagnostics } = readDirectory(files);
    expect(diagnostics).toEqual([]);
    expect(bundle.revision.pages.map((entry) => entry.title)).toEqual(pages.map((page) => convertSitePage(page).title));
  });
});

describe('convertHtmlPage', () => {
  const url = 'https://docs.example.com/guide/page.html';
  const convert = (body: string, options: Partial<ConvertOptions> = {}) => convertHtmlPage(`<!doctype html><title>T</title><main>${body}</main>`, { url, ...options });

  it('finds the code language wherever generators write it, and flattens highlighting', () => {
    const cases: Array<[string, string]> = [
      ['<pre><code class="language-ts">let x</code></pre>', 'ts'],
      ['<pre class="lang-ruby"><code>let x</code></pre>', 'ruby'],
      ['<div class="highlight-python notranslate"><div class="highlight"><pre><span class="k">let</span> x</pre></div></div>', 'python'],
      ['<div class="highlight highlight-source-js"><pre>let x</pre></div>', 'js'],
      ['<pre data-lang="Rust">let x</pre>', 'rust'],
      ['<div data-language="go"><pre><code>let x</code></pre></div>', 'go'],
      ['<pre class="brush: php;">let x</pre>', 'php'],
      ['<pre class="sourceCode haskell"><code class="sourceCode haskell">let x</code></pre>', 'haskell'],
      ['<pre><code class="language-text">let x</code></pre>', ''],
      ['<pre><code class="language-bad`lang">let x</code></pre>', ''],
    ];
    for (const [html, language] of cases) expect(convert(html).markdown, html).toBe(`\`\`\`${language}\nlet x\n\`\`\`\n`);
    // Line numbers are not code; a fence inside the code gets a longer fence.
    expect(convert('<pre><code class="language-md"><span class="linenos">1</span>```\n<span class="linenos">2</span>x\n</code></pre>').markdown).toBe('````md\n```\nx\n````\n');
  });

  it('turns callouts into hints, with their style and a title only when it says more than the kind', () => {
    expect(convert('<div class="alert alert-danger"><p>Do not.</p></div>').markdown).toBe('{% hint style="danger" %}\nDo not.\n{% endhint %}\n');
    expect(convert('<div class="admonition tip"><p class="admonition-title">Tip</p><p>Try.</p></div>').markdown).toBe('{% hint style="success" %}\nTry.\n{% endhint %}\n');
    expect(convert('<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title"><svg></svg>Caution</p><p>Careful.</p></div>').markdown).toBe(
      '{% hint style="warning" %}\nCareful.\n{% endhint %}\n',
    );
    expect(convert('<aside class="note"><p class="admonition-title">Before you start</p><p>Read this.</p></aside>').markdown).toBe(
      '{% hint style="info" %}\n**Before you start**\n\nRead this.\n{% endhint %}\n',
    );
  });

  it('prefers the first <h1> as the title, then <title>, then Untitled; body headings are ## to ####', () => {
    const page = convert('<h1>Real title</h1><h1>Second</h1><h3>Three</h3><h5>Five</h5><h6>Six</h6>');
    expect(page.title).toBe('Real title');
    expect(page.markdown).toBe('## Second\n\n### Three\n\n#### Five\n\n#### Six\n');
    expect(convert('<p>x</p>').title).toBe('T');
    expect(convertHtmlPage('<p>x</p>', { url }).title).toBe('Untitled');
    expect(convertHtmlPage('<title>  A \n title </title><main><h1> </h1><p>x</p></main>', { url }).title).toBe('A title');
  });

  it('keeps the page\'s heading ids as explicit anchors only where Quire would give another one', () => {
    const { markdown } = convert('<h2 id="setup">Setup</h2><h2 id="setup-1">Setup</h2><section id="step-2"><h2>Second step</h2></section><a name="old"></a><h3>Legacy "anchor"</h3><h2 id="x&quot;y">Bad id</h2>');
    expect(markdown).toBe('## Setup\n\n## Setup\n\n## Second step <a href="#step-2" id="step-2"></a>\n\n### Legacy "anchor" <a href="#old" id="old"></a>\n\n## Bad id\n');
  });

  it('resolves links and images, rewrites them, and lists them before rewriting', () => {
    const seenLinks: string[] = [];
    const page = convert(
      '<p><a href="other.html#part">A</a> <a href="/root.html">B</a> <a href="#here">C</a> <a href="page.html#there">D</a> <a href="other.html">E</a> ' +
        '<a href="mailto:team@example.com">F</a> <a href="javascript:alert(1)">G</a> <a href="data:text/html,x">H</a> <a href="ftp://x.test/f">I</a> <a href="#">J</a> <a href="https://x.test/"></a></p>' +
        '<p><img src="../img/a.png" alt="a"> <img src="data:image/png;base64,AAAA" alt="inline"> <img src="data:image/gif;base64,R0" data-src="lazy.png" alt="lazy"> <img src="../img/a.png" alt="again"></p>',
      {
        rewriteLink: (absolute) => {
          seenLinks.push(absolute);
          return absolute.endsWith('/root.html') ? 'root.md' : undefined;
        },
        rewriteImage: (absolute) => (absolute.endsWith('a.png') ? '../.gitbook/assets/a.png' : undefined),
      },
    );
    expect(page.links).toEqual(['https://docs.example.com/guide/other.html', 'https://docs.example.com/root.html']);
    expect(seenLinks).toEqual(['https://docs.example.com/guide/other.html#part', 'https://docs.example.com/root.html', 'https://docs.example.com/guide/other.html']);
    expect(page.images).toEqual(['https://docs.example.com/img/a.png', 'https://docs.example.com/guide/lazy.png']);
    expect(page.markdown).toBe(
      '[A](https://docs.example.com/guide/other.html#part) [B](root.md) [C](#here) [D](#there) [E](https://docs.example.com/guide/other.html) [F](mailto:team@example.com) G H I J\n\n' +
        '![a](../.gitbook/assets/a.png) ![lazy](https://docs.example.com/guide/lazy.png) ![again](../.gitbook/assets/a.png)\n',
    );
  });

  it('writes tables as GFM, with <br> for line breaks in cells and blocks in cells flattened', () => {
    const { markdown } = convert('<table><tr><th>a|b</th><th>c</th></tr><tr><td>one<br>two</td><td><pre>x\ny</pre><p>p</p></td></tr></table>');
    expect(markdown).toBe('| a\\|b       | c      |\n| ---------- | ------ |\n| one<br>two | `x y`p |\n');
  });

  it('keeps lists: nested, ordered with their start, task lists', () => {
    expect(convert('<ol start="3"><li>c<ol><li>x</li></ol></li><li>d</li></ol>').markdown).toBe('3. c\n   1. x\n4. d\n');
    expect(convert('<ul><li><p>loose</p><p>two</p></li><li><input type="checkbox" checked> done</li></ul>').markdown).toBe('* loose\n\n  two\n\n* [x] done\n');
  });

  it('keeps text that looks like Quire syntax as text', () => {
    const { markdown } = convert('<p>{% hint style="danger" %} and $$x$$ and &lt;details&gt; and <em>*stars*</em></p>');
    const tree = parseMarkdown(markdown);
    expect(nodesOf(tree).map((node) => node.type)).not.toContain('hint');
    expect(nodesOf(tree).map((node) => node.type)).not.toContain('inlineMath');
    expect(nodesOf(tree).map((node) => node.type)).not.toContain('html');
    expect(stringifyMarkdown(tree)).toBe(markdown);
  });

  it('falls back to the body without its chrome when no element marks the content', () => {
    const page = convertHtmlPage(
      '<body><a class="skip-link" href="#c">Skip to content</a><header><a href="/">Site</a></header><nav><a href="/a">A</a></nav>' +
        '<div id="cookie-banner">We use cookies</div><div class="wrap"><p>Body text.</p><aside>Related</aside></div><footer>Foot</footer></body>',
      { url },
    );
    expect(page.markdown).toBe('Body text.\n');
    expect(page.links).toEqual([]);
  });

  it('drops control characters and unpaired surrogates, which Quire cannot store', () => {
    expect(convert('<p>a\u0001b\u0085c\ud800d</p>').markdown).toBe('abc\ufffdd\n');
  });

  it('answers an empty body for a page without content', () => {
    expect(convertHtmlPage('', { url })).toEqual({ title: 'Untitled', markdown: '', links: [], images: [] });
  });
});

describe('convertHtmlPage on hostile pages', () => {
  const url = 'https://hostile.example/p.html';

  it('converts 10,000 nested divs without overflowing the stack and keeps the text', () => {
    const html = `<main>${'<div>'.repeat(10_000)}deep text${'</div>'.repeat(10_000)}</main>`;
    expect(convertHtmlPage(html, { url }).markdown).toBe('deep text\n');
  });

  it('converts 10,000 nested lists, quotes and unclosed inline elements into Markdown Quire reads back unchanged', () => {
    for (const html of ['<ul><li>'.repeat(10_000) + 'x', '<blockquote>'.repeat(10_000) + 'x', '<b>'.repeat(10_000) + 'x', '<table><tr><td>'.repeat(5_000) + 'x', '<div/>'.repeat(10_000) + 'x']) {
      const { markdown } = convertHtmlPage(`<main>${html}</main>`, { url });
      expect(markdown, html.slice(0, 20)).toContain('x');
      expect(stringifyMarkdown(parseMarkdown(markdown)), html.slice(0, 20)).toBe(markdown);
    }
  });

  // Sizes a hostile page can have; what keeps them fast is that no step is quadratic (timings: BENCHMARKS.md is
  // not for this, the report of the change is). The timeout is for a loaded two-core machine.
  it('converts 5 MB of text', { timeout: 120_000 }, () => {
    const text = 'word '.repeat(1_000_000);
    expect(convertHtmlPage(`<main><p>${text}</p></main>`, { url }).markdown).toBe(`${text.trim()}\n`);
  });

  it('converts 10,000 links to unwrap, 10,000 headings of the same text and 200,000 unclosed tags', { timeout: 120_000 }, () => {
    const links = convertHtmlPage(`<main><p>${'<a href="javascript:x">a</a> <a href="/x">b</a> '.repeat(10_000)}</p></main>`, { url });
    expect(links.links).toEqual(['https://hostile.example/x']);
    expect(links.markdown.startsWith('a [b](https://hostile.example/x) a')).toBe(true);
    const headings = convertHtmlPage(`<main>${'<h2 id="a">Same</h2>'.repeat(10_000)}</main>`, { url });
    expect(headings.markdown.split('\n').filter((line) => line.startsWith('## Same')).length).toBe(10_000);
    const unclosed = convertHtmlPage(`<main><p>start</p>${'<a '.repeat(200_000)}`, { url });
    expect(unclosed.markdown).toBe('start\n');
  });

  it('caps nesting in the text before parsing, keeping content and closing tags balanced', () => {
    expect(capHtmlNesting('<div><div><div>x</div></div></div><p>y', 2)).toBe('<div><div>x</div></div><p>y');
    expect(capHtmlNesting('<script>"<div><div>"</script><div><div>y</div></div>', 1)).toBe('<script>"<div><div>"</script><div>y</div>');
    expect(capHtmlNesting('<!-- <div><div> --><div>z</div>', 0)).toBe('<!-- <div><div> -->z');
    const shallow = '<div><p>a</p><p>b</p></div>';
    expect(capHtmlNesting(shallow, 5)).toBe(shallow);
    // Elements HTML closes without an end tag do not pile up: unclosed paragraphs, list items, rows and cells.
    for (const page of ['<div>' + '<p>a'.repeat(500) + '</div>', '<ul>' + '<li>a'.repeat(500) + '</ul>', '<table>' + '<tr><td>a<td>b'.repeat(500) + '</table>', '<dl>' + '<dt>t<dd>d'.repeat(500)]) {
      expect(capHtmlNesting(page, 4)).toBe(page);
    }
    // Nested lists count their items: 3 lists deep is 6 elements deep; past the limit the item joins the list above.
    expect(capHtmlNesting('<ul><li><ul><li><ul><li>x</ul></ul></ul>', 4)).toBe('<ul><li><ul><li><li>x</ul></ul>');
  });
});

describe('discoverLinks', () => {
  it('answers the same-site links of the whole page, navigation included, absolute, without fragments, once each', () => {
    const html = readFileSync(join(siteDir, 'guide/install.html'), 'utf8');
    expect(discoverLinks(html, `${origin}/guide/install.html`)).toEqual([
      `${origin}/index.html`,
      `${origin}/guide/install.html`,
      `${origin}/guide/configure.html`,
      `${origin}/reference/api.html`,
      `${origin}/reference/cli.html`,
      `${origin}/faq.html`,
    ]);
  });

  it('honours <base href>, skips other sites and other schemes', () => {
    const html = '<base href="https://x.test/docs/"><a href="a.html#s">a</a><a href="https://y.test/">y</a><a href="mailto:a@x.test">m</a><a href="javascript:x">j</a><a href="#top">t</a><area href="b.html">';
    expect(discoverLinks(html, 'https://x.test/docs/sub/page.html')).toEqual(['https://x.test/docs/a.html', 'https://x.test/docs/sub/page.html', 'https://x.test/docs/b.html']);
  });
});
