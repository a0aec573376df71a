import { describe, expect, it } from 'vitest';
import { readDirectory } from '../format/read-directory.ts';
import { buildSiteModel, builtSpaceTitle } from './build-site-model.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('buildSiteModel', () => {
  const space = (folder: string, readme: string) => ({ folder, bundle: readDirectory(new Map([['README.md', bytes(readme)]]), { createdAt: '2025-01-01T00:00:00.000Z' }).bundle });

  it('makes one section per space, titled by its README, at its folder name, the first the default', () => {
    const site = buildSiteModel({ kind: 'sections', spaces: [space('payments', '# Card payments\n'), space('API Reference', '# API\n')], title: 'Docs', customization: { title: 'Acme' } });
    expect(site.profile.site.title).toBe('Docs');
    expect(site.profile.customizations.site).toEqual({ title: 'Acme' });
    const structure = site.profile.structure;
    if (structure.type !== 'sections') throw new Error('expected sections');
    expect(structure.structure.map((section) => section.object === 'site-section' && [section.title, section.path, section.default])).toEqual([
      ['Card payments', 'payments', true],
      ['API', 'api-reference', false],
    ]);
    expect(Object.keys(site.content)).toEqual(['site-space-payments', 'site-space-api-reference']);
    expect(Object.keys(site.profile.customizations.siteSpaces)).toEqual(Object.keys(site.content));
  });

  it('makes a site of one space, with the published address when given', () => {
    const site = buildSiteModel({ kind: 'space', spaces: [space('', '# Handbook\n')], title: 'Handbook', customization: {}, publishedUrl: 'https://docs.example.com' });
    expect(site.profile.structure).toMatchObject({ type: 'siteSpaces', structure: [{ title: 'Handbook', default: true }] });
    expect(site.profile.site.urls).toEqual({ published: 'https://docs.example.com' });
  });

  it('titles a space with no README title by its first page, else its folder', () => {
    expect(builtSpaceTitle(space('guides', '# Start here\n'))).toBe('Start here');
    expect(builtSpaceTitle({ folder: 'empty', bundle: readDirectory(new Map()).bundle })).toBe('empty');
  });
});
