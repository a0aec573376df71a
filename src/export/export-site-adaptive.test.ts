import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { oneSpaceSite, sectionInput, sectionsSite, siteSpaceInput, spaceBundle } from '../render/inline-site-fixture.ts';
import { exportSite } from './export-site.ts';
import { formatExportSummary } from './export-summary.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-export-adaptive-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const adaptiveSpace = () =>
  spaceBundle({
    '.gitbook/vars.yaml': 'product: Quire\n',
    'README.md': [
      '# Home',
      '',
      'Welcome to <code class="expression">space.vars.product</code>.',
      '',
      'Pro users: [upgrade notes](pro.md).',
      '',
      '{% if visitor.claims.unsigned.plan === "pro" %}',
      'Pro content: see [the pro guide](pro.md).',
      '{% else %}',
      'Free content.',
      '{% endif %}',
      '',
      '{% if visitor.claims.unsigned.plan === %}',
      'Never shown.',
      '{% endif %}',
      '',
    ].join('\n'),
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Pro guide](pro.md)\n',
    'pro.md': '---\nif: visitor.claims.unsigned.plan === "pro"\n---\n\n# Pro guide\n\nSecret pro words.\n',
  });

describe('exportSite with claims', () => {
  it('without claims: no condition branch but the else, no conditional page, links to it as text', async () => {
    const outDir = join(scratch, 'anonymous');
    const summary = await exportSite(oneSpaceSite(adaptiveSpace()), { outDir, workers: 0 });
    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).toContain('<p>Welcome to Quire.</p>');
    expect(home).toContain('<p>Free content.</p>');
    expect(home).not.toMatch(/Pro content|visitor\.claims|space\.vars|Never shown/);
    expect(home).toContain('<p>Pro users: <span>upgrade notes</span>.</p>');
    expect(existsSync(join(outDir, 'pro/index.html'))).toBe(false);
    expect(readFileSync(join(outDir, 'assets/nav-s0.js'), 'utf8')).not.toContain('Pro guide');
    expect(readFileSync(join(outDir, 'assets/search-index.js'), 'utf8')).not.toContain('Secret pro words');
    expect(readFileSync(join(outDir, 'sitemap.xml'), 'utf8')).not.toContain('pro/');
    expect(summary.pages).toBe(1);
    expect(summary.brokenLinks).toEqual([]);
    expect(summary.warnings).toEqual(['page "Home" (index.html): {% if visitor.claims.unsigned.plan === %} cannot be evaluated (unexpected end of the expression at column 33): the block is hidden']);
  });

  it('with claims: their branch and their pages, and only theirs', async () => {
    const outDir = join(scratch, 'pro');
    const summary = await exportSite(oneSpaceSite(adaptiveSpace()), { outDir, workers: 0, claims: { unsigned: { plan: 'pro' } } });
    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).toContain('Pro content: see <a href="pro/index.html">the pro guide</a>.');
    expect(home).not.toContain('Free content.');
    expect(home).toContain('<p>Pro users: <a href="pro/index.html">upgrade notes</a>.</p>');
    expect(readFileSync(join(outDir, 'pro/index.html'), 'utf8')).toContain('Secret pro words.');
    expect(readFileSync(join(outDir, 'assets/search-index.js'), 'utf8')).toContain('Secret pro words');
    expect(summary.pages).toBe(2);
  });

  it('refuses claims that are not an object', async () => {
    await expect(exportSite(oneSpaceSite(adaptiveSpace()), { outDir: join(scratch, 'bad'), claims: ['x'] as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('exportSite broken-link summary', () => {
  it('names the section, the site space and the page of each broken link, in the summary and its JSON', async () => {
    const v1 = spaceBundle({ 'README.md': '# Start\n\n[gone](gone.md)\n', 'SUMMARY.md': '* [Start](README.md)\n* [Guide](guide.md)\n', 'guide.md': '# Guide\n\n![lost](.gitbook/assets/lost.png)\n' });
    const site = sectionsSite([sectionInput('docs', 'docs', [siteSpaceInput('v1', 'v1', { title: 'Version 1', default: true })], { title: 'Docs', default: true })], { v1 });
    const summary = await exportSite(site, { outDir: join(scratch, 'broken'), workers: 0 });
    expect(summary.brokenLinks).toEqual([
      { space: 'Version 1', section: 'Docs', page: 'index.html', pageTitle: 'Start', target: 'gone.md', source: 'README.md' },
      { space: 'Version 1', section: 'Docs', page: 'guide/index.html', pageTitle: 'Guide', target: '.gitbook/assets/lost.png', source: 'guide.md' },
    ]);
    const text = formatExportSummary(summary);
    expect(text).toContain('2 broken links:\n  Docs › Version 1 › page "Start" (index.html): gone.md in README.md\n  Docs › Version 1 › page "Guide" (guide/index.html): .gitbook/assets/lost.png in guide.md');
    expect(JSON.parse(JSON.stringify(summary)).brokenLinks[0]).toMatchObject({ section: 'Docs', space: 'Version 1', pageTitle: 'Start', page: 'index.html' });
  });

  it('names the site space alone when the site has no sections', async () => {
    const bundle = spaceBundle({ 'README.md': '# Home\n\n[x](nowhere.md)\n' });
    const summary = await exportSite(oneSpaceSite(bundle, {}, { title: 'Handbook' }), { outDir: join(scratch, 'broken-one'), workers: 0 });
    expect(summary.brokenLinks).toEqual([{ space: 'Handbook', page: 'index.html', pageTitle: 'Home', target: 'nowhere.md', source: 'README.md' }]);
    expect(formatExportSummary(summary)).toContain('  Handbook › page "Home" (index.html): nowhere.md in README.md');
  });
});
