// A site whose site spaces are written in different languages (`internationalization.locale`, site-wide or per
// site space): the exported pages say their language (`<html lang>`) and offer a language switcher to the same
// page in the other language.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSpaceInput, spaceBundle } from '../render/inline-site-fixture.ts';
import type { ExportSite } from '../render/site-profile.ts';
import { exportSite } from './export-site.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-export-languages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const english = spaceBundle({
  'README.md': '# Welcome\n',
  'SUMMARY.md': '* [Welcome](README.md)\n* [Install](install.md)\n* [Only in English](english-only.md)\n',
  'install.md': '# Install\n',
  'english-only.md': '# Only in English\n',
});
const french = spaceBundle({
  'README.md': '# Bienvenue\n',
  'SUMMARY.md': '* [Bienvenue](README.md)\n* [Installer](install.md)\n',
  'install.md': '# Installer\n',
});

/** Two site spaces (variants of the site): English by default, French by its own customization. */
function bilingualSite(): ExportSite {
  const en = siteSpaceInput('en', 'en', { default: true, title: 'English' });
  const fr = siteSpaceInput('fr', 'fr', { title: 'Français' });
  return {
    profile: {
      site: { id: 'site', title: 'Handbook' },
      structure: { type: 'siteSpaces', structure: [en, fr] },
      customizations: { site: { internationalization: { locale: 'en' } }, siteSpaces: { fr: { internationalization: { locale: 'fr' } } } },
    },
    content: { en: english, fr: french },
  };
}

const read = (outDir: string, path: string) => readFileSync(join(outDir, path), 'utf8');
const switcherOf = (html: string) => /<details class="dropdown header-dropdown language-switcher"[\s\S]*?<\/details>/.exec(html)?.[0];
const linksOf = (switcher: string) => [...switcher.matchAll(/<a class="menu-link( active)?" href="([^"]*)" hreflang="([^"]*)" lang="[^"]*"[^>]*>([^<]*)<\/a>/g)].map((match) => ({ href: match[2], language: match[3], name: match[4], current: match[1] !== undefined }));

describe('exportSite: site spaces in English and French', () => {
  const outDir = join(scratch, 'bilingual');
  beforeAll(async () => {
    await exportSite(bilingualSite(), { outDir, workers: 0 });
  });

  it("gives each page its site space's language in <html lang>", () => {
    expect(read(outDir, 'index.html')).toMatch(/^<!doctype html>\n<html lang="en" /);
    expect(read(outDir, 'install/index.html')).toMatch(/<html lang="en" /);
    expect(read(outDir, 'fr/index.html')).toMatch(/<html lang="fr" /);
    expect(read(outDir, 'fr/install/index.html')).toMatch(/<html lang="fr" /);
  });

  it('shows a language switcher in the header, leading to the same page in the other language', () => {
    const install = read(outDir, 'install/index.html');
    const switcher = switcherOf(install);
    expect(switcher).toBeDefined();
    // In the header bar, not in the page body.
    expect(install.indexOf(switcher!)).toBeLessThan(install.indexOf('</header>'));
    expect(linksOf(switcher!)).toEqual([
      { href: '../install/index.html', language: 'en', name: 'English', current: true },
      { href: '../fr/install/index.html', language: 'fr', name: 'Français', current: false },
    ]);
    expect(linksOf(switcherOf(read(outDir, 'fr/install/index.html'))!)).toEqual([
      { href: '../../install/index.html', language: 'en', name: 'English', current: false },
      { href: '../../fr/install/index.html', language: 'fr', name: 'Français', current: true },
    ]);
    // A page the French space does not have leads to the French home.
    expect(linksOf(switcherOf(read(outDir, 'english-only/index.html'))!)[1]).toMatchObject({ href: '../fr/index.html', language: 'fr' });
  });
});

describe('exportSite: site spaces in one language', () => {
  it('shows no language switcher, and the language of the site customization', async () => {
    const outDir = join(scratch, 'monolingual');
    const site = bilingualSite();
    site.profile.customizations = { site: { internationalization: { locale: 'de' } }, siteSpaces: {} };
    await exportSite(site, { outDir, workers: 0 });
    for (const path of ['install/index.html', 'fr/install/index.html']) {
      const html = read(outDir, path);
      expect(html).toMatch(/<html lang="de" /);
      expect(switcherOf(html)).toBeUndefined();
      // The variant switcher is still there.
      expect(html).toContain('class="dropdown variant-switcher"');
    }
  });
});
