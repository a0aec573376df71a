// The stylesheet answers every customization the page names on <html>: a value the chrome writes (corners, depth,
// link style, theme, sidebar, light/dark) that no rule reads would silently look like the default.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { oneSpaceSite, spaceBundle } from '../../render/inline-site-fixture.ts';
import { planSite } from '../../render/plan-site.ts';
import { renderSitePage } from '../../render/render-site-page.ts';
import type { CustomizationInput } from '../../render/site-profile.ts';

const css = readFileSync(new URL('./quire.css', import.meta.url), 'utf8');

/** The attributes of `<html>` for a one-page site with this customization. */
function htmlAttributes(customization: CustomizationInput): Record<string, string> {
  const plan = planSite(oneSpaceSite(spaceBundle({ 'README.md': '# Home\n' }), customization));
  const tag = /<html ([^>]*)>/.exec(renderSitePage(plan, 0).html)![1]!;
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
}

describe('quire.css', () => {
  // Every value but the default, which the base rules draw.
  const cases: Array<[string, CustomizationInput, string]> = [
    ['corners straight', { styling: { corners: 'straight' } }, 'html[data-corners="straight"]'],
    ['corners circular', { styling: { corners: 'circular' } }, 'html[data-corners="circular"]'],
    ['flat depth', { styling: { depth: 'flat' } }, 'html[data-depth="flat"]'],
    ['accent links', { styling: { links: 'accent' } }, 'html[data-links="accent"] .markdown a'],
    ['muted theme', { styling: { theme: 'muted' } }, 'html[data-style="muted"]'],
    ['bold theme', { styling: { theme: 'bold' } }, 'html[data-style="bold"] .site-header'],
    ['gradient theme', { styling: { theme: 'gradient' } }, 'html[data-style="gradient"] .site-header'],
    ['filled sidebar', { styling: { sidebar: { background: 'filled', list: 'default' } } }, 'html[data-sidebar="filled"] .sidebar'],
    ['pill list', { styling: { sidebar: { background: 'default', list: 'pill' } } }, 'html[data-list="pill"] .nav-row'],
    ['line list', { styling: { sidebar: { background: 'default', list: 'line' } } }, 'html[data-list="line"] .sidebar-nav'],
    ['dark theme', { themes: { default: 'dark', toggeable: false } }, 'html[data-theme="dark"] {'],
  ];

  it.each(cases)('styles %s', (_name, customization, selector) => {
    const attributes = htmlAttributes(customization);
    const [, attribute, value] = /^html\[([\w-]+)="([^"]+)"\]/.exec(selector)!;
    expect(attributes[attribute!]).toBe(value);
    expect(css).toContain(selector);
  });

  it('shows the logo, cover and theme button of the current theme only', () => {
    for (const rule of ['.logo-dark, html[data-theme="dark"] .logo-light { display: none; }', 'html[data-theme="dark"] .logo-dark { display: block; }', 'html[data-theme="dark"] .page-cover.has-dark .cover-dark { display: block; }']) {
      expect(css).toContain(rule);
    }
  });

  it('colours hints and the announcement with the semantic colours, and backgrounds with the tint', () => {
    for (const style of ['success', 'warning', 'danger']) {
      expect(css).toContain(`.announcement[data-style="${style}"] { --tone: var(--${style}); }`);
      expect(css).toContain(`.hint[data-style="${style}"] { --tone: var(--${style}); }`);
    }
    expect(css).toContain('--tint-base: var(--tint, #6b7280);');
    expect(css).toMatch(/--bg: color-mix\(in srgb, var\(--tint-base\)/);
  });
});
