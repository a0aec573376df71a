import { describe, expect, it } from 'vitest';
import { oneSpaceSite, sectionInput, sectionsSite, siteSpaceInput, spaceBundle } from './inline-site-fixture.ts';
import { planSite } from './plan-site.ts';
import type { NavItem, SitePlan } from './route-data.ts';

const handbook = () =>
  spaceBundle({
    'README.md': '# Home\n\nWelcome.\n',
    'SUMMARY.md': [
      '# Table of contents',
      '',
      '* [Home](README.md)',
      '* [Guides](guides/README.md)',
      '  * [Writing](guides/writing.md "Write")',
      '  * [Secret](guides/secret.md)',
      '* [Status](https://status.example.com)',
      '',
      '## Reference',
      '',
      '* [FAQ](reference/faq.md)',
      '',
    ].join('\n'),
    'guides/README.md': '# Guides\n\n[Writing](writing.md)\n',
    'guides/writing.md': '---\ndescription: How we write.\n---\n\n# Writing\n\nText.\n',
    'guides/secret.md': '---\nhidden: true\n---\n\n# Secret\n\nHidden.\n',
    'reference/faq.md': '# FAQ\n\n## Why?\n',
  });

const pageByTitle = (plan: SitePlan, title: string) => {
  const page = plan.pages.find((candidate) => candidate.title === title);
  if (!page) throw new Error(`no page ${title}`);
  return page;
};

const titles = (items: NavItem[]): unknown[] => items.map((item) => (item.c ? [item.t, titles(item.c)] : item.t));

describe('planSite: one site space', () => {
  const plan = planSite(oneSpaceSite(handbook()));

  it('puts the first page at the root and every other page in its own folder', () => {
    expect(plan.pages.map((page) => [page.title, page.folder, page.href])).toEqual([
      ['Home', '', 'index.html'],
      ['Guides', 'guides/', 'guides/index.html'],
      ['Writing', 'guides/writing/', 'guides/writing/index.html'],
      ['Secret', 'guides/secret/', 'guides/secret/index.html'],
      ['FAQ', 'reference/faq/', 'reference/faq/index.html'],
    ]);
  });

  it('builds the sidebar: link titles, groups as headings, link pages as links, hidden pages left out', () => {
    expect(titles(plan.spaces[0]!.nav)).toEqual(['Home', ['Guides', ['Write']], 'Status', ['Reference', ['FAQ']]]);
    const status = plan.spaces[0]!.nav[2]!;
    expect(status).toMatchObject({ t: 'Status', h: 'https://status.example.com', x: 1 });
  });

  it('draws emoji and icons in the sidebar, and links a link page to a file of the space', () => {
    const plan = planSite(
      oneSpaceSite(
        spaceBundle({
          'README.md': '---\nicon: 🎉\n---\n\n# Home\n',
          'SUMMARY.md': '* [Home](README.md)\n* [Setup](setup.md)\n* [Odd](odd.md)\n* [Checklist](.gitbook/assets/checklist.pdf)\n',
          'setup.md': '---\nicon: gear\n---\n\n# Setup\n',
          'odd.md': '---\nicon: not-a-known-icon\n---\n\n# Odd\n',
          '.gitbook/assets/checklist.pdf': new Uint8Array([0x25, 0x50, 0x44, 0x46]),
        }),
      ),
    );
    const [home, setup, odd, checklist] = plan.spaces[0]!.nav;
    expect(home).toMatchObject({ t: 'Home', e: '🎉' });
    expect(setup).toEqual({ t: 'Setup', h: expect.any(String), p: expect.any(String), i: 'gear' });
    expect(odd).toMatchObject({ t: 'Odd', i: 'not-a-known-icon' });
    const file = Object.values(plan.spaces[0]!.files)[0]!;
    expect(checklist).toEqual({ t: 'Checklist', h: file.href });
    expect(plan.usedFiles).toContain(file.href);
    expect(pageByTitle(plan, 'Setup')).toMatchObject({ icon: 'gear' });
    expect(pageByTitle(plan, 'Home')).toMatchObject({ emoji: '🎉' });
  });

  it('links previous and next in sidebar order, skipping hidden pages, groups and links', () => {
    const link = (title: string) => {
      const page = pageByTitle(plan, title);
      return [page.previous?.title, page.next?.title];
    };
    expect(link('Home')).toEqual([undefined, 'Guides']);
    expect(link('Writing')).toEqual(['Guides', 'FAQ']);
    expect(link('FAQ')).toEqual(['Writing', undefined]);
    expect(link('Secret')).toEqual([undefined, undefined]);
    expect(pageByTitle(plan, 'Secret').hidden).toBe(true);
  });

  it('gives breadcrumbs, descriptions and the source file of each page', () => {
    const writing = pageByTitle(plan, 'Writing');
    expect(writing.breadcrumbs).toEqual([{ title: 'Guides', href: 'guides/index.html' }]);
    expect(writing.description).toBe('How we write.');
    expect(writing.source).toBe('guides/writing.md');
    expect(pageByTitle(plan, 'FAQ').breadcrumbs).toEqual([{ title: 'Reference' }]);
  });

  it('renders a custom home page at the root of its site space', () => {
    const bundle = handbook();
    const faq = bundle.revision.pages.flatMap((page) => ('pages' in page ? [page, ...page.pages] : [page])).find((page) => page.title === 'FAQ')!;
    const custom = planSite(oneSpaceSite(bundle, {}, { pageId: faq.id }));
    expect(pageByTitle(custom, 'FAQ').folder).toBe('');
    expect(pageByTitle(custom, 'Home').folder).toBe('readme/');
  });
});

describe('planSite: sections and variants', () => {
  const v2 = siteSpaceInput('v2', 'v2', { default: true, title: 'Version 2' });
  const v1 = siteSpaceInput('v1', 'v1', { title: 'Version 1' });
  const api = siteSpaceInput('api', 'api', { default: true });
  const draft = siteSpaceInput('draft', 'draft', { draft: true });
  const old = spaceBundle({
    'README.md': '# Old home\n',
    'SUMMARY.md': '# Table of contents\n\n* [Old home](README.md)\n* [Guides](guides/README.md)\n* [Legacy](legacy.md)\n',
    'guides/README.md': '# Old guides\n',
    'legacy.md': '# Legacy\n',
  });
  const site = sectionsSite(
    [
      sectionInput('docs', 'docs', [v2, v1, draft], { default: true, title: 'Docs' }),
      { object: 'site-section-group', id: 'group', title: 'More', children: [sectionInput('api', 'api-reference', [api], { title: 'API' }), { object: 'site-external-link', id: 'x', title: 'Blog', url: 'https://blog.example.com' }] },
      sectionInput('hidden-draft', 'wip', [siteSpaceInput('wip', 'wip', { default: true })], { draft: true }),
    ],
    { v2: handbook(), v1: old, api: spaceBundle({ 'README.md': '# API\n' }), draft: handbook(), stray: handbook() },
  );
  const plan = planSite(site);

  it('puts the default section and its default variant at the root, the others under their paths', () => {
    expect(plan.spaces.map((space) => [space.siteSpaceId, space.folder])).toEqual([
      ['v2', ''],
      ['v1', 'v1/'],
      ['api', 'api-reference/'],
    ]);
    expect(plan.pages.filter((page) => page.space === 1).map((page) => page.folder)).toEqual(['v1/', 'v1/guides/', 'v1/legacy/']);
  });

  it('exports neither drafts nor content that the profile does not list', () => {
    expect(plan.spaces.map((space) => space.siteSpaceId)).not.toContain('draft');
    expect(plan.spaces.map((space) => space.siteSpaceId)).not.toContain('stray');
    expect(plan.spaces.map((space) => space.siteSpaceId)).not.toContain('wip');
  });

  it('keeps the reader on the same page path when switching variants, else goes to the variant home', () => {
    const guides = plan.pages.find((page) => page.space === 0 && page.title === 'Guides')!;
    expect(guides.variants).toEqual([
      { title: 'Version 2', href: 'guides/index.html', current: true },
      { title: 'Version 1', href: 'v1/guides/index.html', current: false },
    ]);
    const writing = plan.pages.find((page) => page.space === 0 && page.title === 'Writing')!;
    expect(writing.variants[1]).toEqual({ title: 'Version 1', href: 'v1/index.html', current: false });
    const legacy = plan.pages.find((page) => page.title === 'Legacy')!;
    expect(legacy.variants[0]).toEqual({ title: 'Version 2', href: 'index.html', current: false });
    const homeV1 = plan.pages.find((page) => page.title === 'Old home')!;
    expect(homeV1.variants[0]!.href).toBe('index.html');
    expect(plan.pages.find((page) => page.title === 'API')!.variants).toEqual([]);
  });

  it('renders a hidden variant but leaves it out of the switcher of the others', () => {
    const shown = siteSpaceInput('shown', 'shown', { default: true });
    const secret = siteSpaceInput('secret', 'secret', { hidden: true });
    const third = siteSpaceInput('third', 'third');
    const hiddenPlan = planSite(sectionsSite([sectionInput('s', 's', [shown, secret, third], { default: true })], { shown: handbook(), secret: handbook(), third: handbook() }));
    expect(hiddenPlan.spaces.map((space) => space.folder)).toEqual(['', 'secret/', 'third/']);
    expect(hiddenPlan.pages[0]!.variants.map((variant) => variant.title)).toEqual(['shown', 'third']);
    const inSecret = hiddenPlan.pages.find((page) => page.space === 1)!;
    expect(inSecret.variants.map((variant) => [variant.title, variant.current])).toEqual([
      ['shown', false],
      ['secret', true],
      ['third', false],
    ]);
  });

  it('offers the site spaces of a site without sections as variants, keeping the page path', () => {
    const flat = planSite({
      profile: {
        site: { id: 'site', title: 'Site' },
        structure: { type: 'siteSpaces', structure: [siteSpaceInput('new', 'new', { default: true, title: 'New' }), siteSpaceInput('old', 'old', { title: 'Old' })] },
        customizations: { site: {}, siteSpaces: {} },
      },
      content: { new: handbook(), old },
    });
    expect(flat.tabs).toEqual([]);
    expect(flat.spaces.map((space) => space.folder)).toEqual(['', 'old/']);
    expect(flat.pages.find((page) => page.space === 0 && page.title === 'Guides')!.variants).toEqual([
      { title: 'New', href: 'guides/index.html', current: true },
      { title: 'Old', href: 'old/guides/index.html', current: false },
    ]);
  });

  it('makes tabs of sections, menus of section groups and links of external links', () => {
    expect(plan.tabs).toEqual([
      { kind: 'section', sectionId: 'docs', title: 'Docs', href: 'index.html' },
      {
        kind: 'group',
        id: 'group',
        title: 'More',
        children: [
          { kind: 'section', sectionId: 'api', title: 'API', href: 'api-reference/index.html' },
          { kind: 'link', title: 'Blog', href: 'https://blog.example.com' },
        ],
      },
    ]);
  });
});

describe('planSite: hostile paths', () => {
  it('never lets a section, variant or page path climb out of the bundle', () => {
    const bundle = spaceBundle({ 'README.md': '# Home\n', 'SUMMARY.md': '* [Home](README.md)\n* [Evil](evil.md)\n', 'evil.md': '# Evil\n' });
    const evil = bundle.revision.pages[1]!;
    Object.assign(evil, { path: '../../../../etc/passwd', slug: '..' });
    const site = sectionsSite(
      [
        sectionInput('a', 'a', [siteSpaceInput('one', 'one', { default: true })], { default: true }),
        sectionInput('b', '../..', [siteSpaceInput('two', '..', { default: true }), siteSpaceInput('three', '../../x')]),
      ],
      { one: bundle, two: bundle, three: bundle },
    );
    const plan = planSite(site);
    for (const page of plan.pages) {
      expect(page.folder.split('/')).not.toContain('..');
      expect(page.folder.startsWith('/')).toBe(false);
    }
    expect(plan.pages.map((page) => page.folder)).toContain('etc/passwd/');
    expect(plan.spaces.map((space) => space.folder)).toEqual(['', 'b/', 'b/x/']);
    expect(plan.warnings.some((warning) => warning.includes('../..'))).toBe(true);
  });

  it('gives a page whose folder is taken another one, and says so', () => {
    const bundle = spaceBundle({
      'README.md': '# Home\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Assets](assets.md)\n* [A](a.md)\n* [B](b.md)\n',
      'assets.md': '# Assets\n',
      'a.md': '# A\n',
      'b.md': '# B\n',
    });
    const pages = bundle.revision.pages;
    Object.assign(pages[3]!, { path: 'a' });
    const plan = planSite(oneSpaceSite(bundle));
    expect(plan.pages.map((page) => page.folder)).toEqual(['', 'assets-page/', 'a/', 'a-1/']);
    expect(plan.warnings).toHaveLength(1);
  });
});
