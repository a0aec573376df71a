import { describe, expect, it } from 'vitest';
import { oneSpaceSite, spaceBundle } from '../inline-site-fixture.ts';
import { planSite } from '../plan-site.ts';
import { findPage, printAssetPath, printDocument } from './print-document.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function handbook() {
  const bundle = spaceBundle({
    'README.md': '# Welcome\n\nStart with [Install](guides/install.md) or [Tuning](tuning.md).\n',
    'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Install](guides/install.md)\n  * [Linux](guides/linux.md)\n* [Tuning](tuning.md)\n\n## Reference\n\n* [Hidden notes](notes.md)\n',
    'guides/install.md': '---\ndescription: Getting it running\n---\n\n# Install\n\n![Logo](../.gitbook/assets/logo.png)\n\n<details>\n<summary>More</summary>\n\nFolded text.\n\n</details>\n',
    'guides/linux.md': '# Linux\n\n```bash\napt-get install quire\n```\n',
    'tuning.md': '# Tuning\n\n| knob | value |\n| --- | --- |\n| cache | 64 MiB |\n',
    'notes.md': '---\nhidden: true\n---\n\n# Hidden notes\n\nFor editors.\n',
    '.gitbook/assets/logo.png': png,
  });
  const plan = planSite(oneSpaceSite(bundle, { styling: { primaryColor: { light: '#aa0000', dark: '#ff0000' } } }), { assetPath: printAssetPath });
  return { bundle, plan };
}

describe('printDocument', () => {
  it('prints every page in tree order, hidden pages too, each a section with its title, description and body, groups as headings', () => {
    const { bundle, plan } = handbook();
    const document = printDocument(plan, bundle.revision.pages, { title: 'Handbook #1', stylesheet: '.markdown{}' });
    const titles = document.pageIds.map((id) => findPage(bundle.revision.pages, id)!.title);
    expect(titles).toEqual(['Welcome', 'Install', 'Linux', 'Tuning', 'Hidden notes']);
    const order = ['Welcome', 'Install', 'Getting it running', 'Folded text', 'apt-get install quire', '64 MiB', 'Reference', 'For editors'].map((text) => document.html.indexOf(text));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(document.html.match(/<section class="print-page"/g)).toHaveLength(5);
    expect(document.html).toContain('<p class="print-group-title">Reference</p>');
    expect(document.html).toContain('<title>Handbook #1</title>');
    // The theme of the site, and the stylesheet given; no chrome, no script, nothing fetched but its own files.
    expect(document.html).toContain('--primary:#aa0000');
    expect(document.html).toContain('.markdown{}');
    expect(document.html).not.toMatch(/<script|site-header|sidebar-nav|search-button/);
    expect(document.html).toContain("default-src 'none'");
    // Expandable blocks print open; images name the revision's file; the image is a used file.
    expect(document.html).toMatch(/<details open/);
    const install = bundle.revision.pages.find((page) => page.title === 'Install')!;
    expect(install.type).toBe('document');
    const logo = bundle.revision.files[0]!;
    expect(document.usedFiles).toEqual([printAssetPath(logo)]);
    expect(document.html).toContain(`src="${printAssetPath(logo)}"`);
  });

  it('links printed pages inside the document and drops links that lead outside it', () => {
    const { bundle, plan } = handbook();
    const install = findPage(bundle.revision.pages, plan.pages.find((page) => page.title === 'Install')!.pageId)!;
    const all = printDocument(plan, bundle.revision.pages, { title: 'All', stylesheet: '' });
    expect(all.html).toContain(`href="#page-${install.id}"`);
    const welcome = plan.pages.find((page) => page.title === 'Welcome')!;
    const alone = printDocument(plan, bundle.revision.pages, { title: 'One', stylesheet: '', selection: { pageId: welcome.pageId, only: true } });
    expect(alone.html).not.toContain('href="#page-');
    expect(alone.html).toMatch(/<a>Install<\/a>/);
  });

  it('prints a page with its descendants, or alone with only', () => {
    const { bundle, plan } = handbook();
    const install = plan.pages.find((page) => page.title === 'Install')!;
    const linux = plan.pages.find((page) => page.title === 'Linux')!;
    expect(printDocument(plan, bundle.revision.pages, { title: 'x', stylesheet: '', selection: { pageId: install.pageId } }).pageIds).toEqual([install.pageId, linux.pageId]);
    const only = printDocument(plan, bundle.revision.pages, { title: 'x', stylesheet: '', selection: { pageId: install.pageId, only: true } });
    expect(only.pageIds).toEqual([install.pageId]);
    expect(only.html).not.toContain('apt-get install quire');
    expect(printDocument(plan, bundle.revision.pages, { title: 'x', stylesheet: '', selection: { pageId: 'missing' } }).pageIds).toEqual([]);
  });

  it('names files under files/<id>/ with a safe name', () => {
    expect(printAssetPath({ id: 'f1', name: 'my logo.png' })).toMatch(/^files\/f1\/[^/]+$/);
    // One segment, whatever the name: a file never names a path outside its folder.
    expect(printAssetPath({ id: 'f1', name: '../../etc/passwd' }).split('/')).toEqual(['files', 'f1', '..-..-etc-passwd']);
  });
});
