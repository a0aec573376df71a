import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { expressionScope, type JsonObject } from '../adaptive/index.ts';
import { createBodyContext, type BodyContext } from './body-context.ts';
import { bodySpace } from './body-space.fixture.ts';
import { renderBody } from './render-body.ts';

const space: BodyContext['space'] = { ...bodySpace({ '.gitbook/includes/pro.md': '{% if visitor.claims.plan == "pro" %}\nIncluded for pro.\n{% endif %}\n' }), excluded: { 'guides/secret.md': 'Secret' } };

/** Renders a body (written in guides/README.md) for these claims and variables. */
function render(markdown: string, claims: JsonObject = {}, variables: { space?: JsonObject; page?: JsonObject } = {}) {
  const scope = expressionScope({ claims, spaceVariables: variables.space ?? {}, pageVariables: variables.page ?? {} });
  const context = createBodyContext(space, 'guides/README.md', 'self', { scope });
  return { html: toHtml(renderBody(markdown, context, '../')), context };
}

const ifElse = '{% if visitor.claims.plan == "pro" %}\nWelcome back, pro user.\n\n{% else %}\n\nUpgrade today.\n{% endif %}\n';

describe('renderBody: {% if %} blocks for the export claims', () => {
  it('shows the content only when the expression holds, never the expression or a wrapper', () => {
    const block = '{% if visitor.claims.unsigned.persona === "new" %}\nHello, newcomer.\n{% endif %}\n\nAlways.\n';
    expect(render(block, { unsigned: { persona: 'new' } }).html).toBe('<p>Hello, newcomer.</p>\n<p>Always.</p>');
    const hidden = render(block, { unsigned: { persona: 'returning' } });
    expect(hidden.html).toBe('<p>Always.</p>');
    expect(render(block).html).toBe('<p>Always.</p>');
    expect(hidden.context.warnings).toEqual([]);
  });

  it('honours {% else %} and {% elsif %}: exactly one branch', () => {
    expect(render(ifElse, { plan: 'pro' }).html).toBe('<p>Welcome back, pro user.</p>');
    expect(render(ifElse, { plan: 'free' }).html).toBe('<p>Upgrade today.</p>');
    const chain = '{% if visitor.claims.n > 10 %}\nMany.\n{% elsif visitor.claims.n > 1 %}\nSome.\n{% elsif visitor.claims.n == 1 %}\nOne.\n{% else %}\nNone.\n{% endif %}\n';
    expect(render(chain, { n: 20 }).html).toBe('<p>Many.</p>');
    expect(render(chain, { n: 5 }).html).toBe('<p>Some.</p>');
    expect(render(chain, { n: 1 }).html).toBe('<p>One.</p>');
    expect(render(chain, {}).html).toBe('<p>None.</p>');
  });

  it('nested ifs: the inner one is tested only when the outer holds', () => {
    const nested = '{% if visitor.claims.a %}\nOuter.\n\n{% if visitor.claims.b %}\nInner.\n{% endif %}\n{% endif %}\n';
    expect(render(nested, { a: true, b: true }).html).toBe('<p>Outer.</p>\n<p>Inner.</p>');
    expect(render(nested, { a: true }).html).toBe('<p>Outer.</p>');
    expect(render(nested, { b: true }).html).toBe('');
  });

  it('an if-block holding a table, a heading and a link: all or nothing, outline included', () => {
    const block = '{% if visitor.claims.flags?.beta === true %}\n## Beta limits\n\n| Plan | Calls |\n| --- | --- |\n| Beta | [10](writing.md) |\n{% endif %}\n';
    const shown = render(block, { flags: { beta: true } });
    expect(shown.html).toContain('<h2 id="beta-limits">');
    expect(shown.html).toContain('<td><a href="../guides/writing/index.html">10</a></td>');
    expect(shown.context.outline.map((entry) => entry.text)).toEqual(['Beta limits']);
    const hidden = render(block, { flags: { beta: false } });
    expect(hidden.html).toBe('');
    expect(hidden.context.outline).toEqual([]);
  });

  it('conditions inside an included reusable content use the same claims', () => {
    expect(render('{% include "../.gitbook/includes/pro.md" %}\n', { plan: 'pro' }).html).toContain('Included for pro.');
    expect(render('{% include "../.gitbook/includes/pro.md" %}\n', { plan: 'free' }).html).not.toContain('Included for pro.');
  });

  it('an expression that cannot be evaluated hides the block (else included) and is reported', () => {
    const { html, context } = render('{% if visitor.claims.plan == %}\nBroken.\n{% else %}\nElse.\n{% endif %}\n\nAfter.\n', { plan: 'pro' });
    expect(html).toBe('<p>After.</p>');
    expect(context.warnings).toEqual(['{% if visitor.claims.plan == %} cannot be evaluated (unexpected end of the expression at column 23): the block is hidden']);
    expect(render('{% if visitor.claims.plan.replace("p", "") %}\nX\n{% endif %}\n').context.warnings[0]).toContain('only includes, startsWith');
  });
});

describe('renderBody: inline expressions', () => {
  it('<code class="expression"> shows the value, never the expression, and nothing when undefined', () => {
    const markdown = 'Welcome to <code class="expression">space.vars.product</code> <code class="expression">page.vars.edition ?? "Community"</code>, <code class="expression">visitor.claims.name</code>!\n';
    expect(render(markdown, { name: 'Ada' }, { space: { product: 'Quire' }, page: { edition: 'Pro' } }).html).toBe('<p>Welcome to Quire Pro, Ada!</p>');
    const empty = render(markdown);
    expect(empty.html).toBe('<p>Welcome to  Community, !</p>');
    expect(empty.html).not.toContain('space.vars');
  });

  it('escapes the value, and reports one that cannot be evaluated', () => {
    expect(render('<code class="expression">visitor.claims.html</code>\n', { html: '<img src=x onerror=alert(1)>' }).html).toBe('<p>&#x3C;img src=x onerror=alert(1)></p>');
    const broken = render('A <code class="expression">space.vars.</code> B\n');
    expect(broken.html).toBe('<p>A  B</p>');
    expect(broken.context.warnings[0]).toContain('cannot be evaluated');
    expect(render('Plain <code>space.vars.x</code> code.\n').html).toBe('<p>Plain <code>space.vars.x</code> code.</p>');
  });
});

describe('renderBody: links to pages left out by their condition', () => {
  it('show as text and are not broken links', () => {
    const { html, context } = render('See [the secret](secret.md) and [nothing](missing.md).\n');
    expect(html).toBe('<p>See <span>the secret</span> and <a class="broken-link" title="Not in this export: missing.md">nothing</a>.</p>');
    expect(context.broken.map((link) => link.target)).toEqual(['missing.md']);
  });
});
