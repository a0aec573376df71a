// A published site for export tests, built from the repositories in fixtures/repositories: two sections (the
// first with two variants), a section group holding a third section and an external link, and a customization
// that sets every field the chrome shows.
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { readDirectoryFiles } from '../disk/index.ts';
import { readDirectory } from '../format/index.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import type { CustomizationInput, ExportSite, SiteSectionInput, SiteSpaceInput } from '../render/index.ts';

const repository = (name: string) => fileURLToPath(new URL(`../../fixtures/repositories/${name}`, import.meta.url));

/** Reads a fixture repository into a revision bundle. */
export async function fixtureBundle(name: string): Promise<RevisionBundle> {
  const { files, symlinks } = await readDirectoryFiles(repository(name));
  return readDirectory(files, { symlinks, createdAt: '2025-01-01T00:00:00.000Z' }).bundle;
}

function siteSpace(id: string, path: string, title: string, isDefault: boolean): SiteSpaceInput {
  return { object: 'site-space', id, path, title, default: isDefault, draft: false, space: { id: `space-${id}`, title }, urls: {} };
}

function section(id: string, path: string, title: string, siteSpaces: SiteSpaceInput[], isDefault = false): SiteSectionInput {
  return { object: 'site-section', id, path, title, default: isDefault, draft: false, siteSpaces };
}

/**
 * A PNG of a diagonal gradient: the fixture site shows it in place of the handbook's images, so the export's
 * tests and screenshots do not change when the sample repository's pictures do.
 */
export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Uint8Array {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = 0.75 * (x / width) + 0.25 * (y / height);
      for (let channel = 0; channel < 3; channel++) rows[y * (width * 3 + 1) + 1 + x * 3 + channel] = Math.round(from[channel]! + (to[channel]! - from[channel]!) * t);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

/** The customization every fixture page shows. */
export const fixtureCustomization: CustomizationInput = {
  title: 'Quire Docs',
  styling: {
    theme: 'clean',
    primaryColor: { light: '#0B6E4F', dark: '#3DD68C' },
    tint: { color: { light: '#0B6E4F', dark: '#3DD68C' } },
    infoColor: { light: '#2563EB', dark: '#60A5FA' },
    successColor: { light: '#16A34A', dark: '#4ADE80' },
    warningColor: { light: '#D97706', dark: '#FBBF24' },
    dangerColor: { light: '#DC2626', dark: '#F87171' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    sidebar: { background: 'default', list: 'pill' },
    search: 'prominent',
  },
  favicon: { emoji: '1f4d8' },
  header: {
    links: [
      { title: 'Community', style: 'link', to: null, links: [
        { title: 'Forum', to: { kind: 'url', url: 'https://forum.example.com' } },
        { title: 'Changelog', to: { kind: 'url', url: 'https://example.com/changelog' } },
      ] },
      { title: 'Status', style: 'link', to: { kind: 'url', url: 'https://status.example.com' }, links: [] },
      { title: 'Get started', style: 'button-primary', to: { kind: 'url', url: 'https://app.example.com' }, links: [] },
    ],
  },
  footer: {
    groups: [
      { title: 'Product', links: [{ title: 'Home', to: { kind: 'url', url: 'https://example.com' } }, { title: 'Pricing', to: { kind: 'url', url: 'https://example.com/pricing' } }] },
      { title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://example.com/about' } }, { title: 'Blog', to: { kind: 'url', url: 'https://example.com/blog' } }] },
    ],
    copyright: '© 2025 Example Inc.',
  },
  announcement: { enabled: true, message: 'Quire 1.0 is out: static export now works offline.', style: 'info', link: { title: 'Read more', to: { kind: 'url', url: 'https://example.com/news' } } },
  themes: { default: 'light', toggeable: true },
  externalLinks: { target: 'blank' },
  pagination: { enabled: true },
};

/**
 * The fixture site: "Handbook" (default section; variants v2 = handbook, the default, and v1 = folders-only, both
 * with a `guides` page), "Tutorials" (hand-written), and the group "More" with "Platform" (monorepo-root) and a link.
 *
 * @example
 * const site = await fixtureSite();
 * await exportSite(site, { outDir });
 */
export async function fixtureSite(): Promise<ExportSite> {
  const [handbook, foldersOnly, handWritten, monorepo] = await Promise.all(['handbook', 'folders-only', 'hand-written', 'monorepo-root'].map(fixtureBundle));
  for (const file of handbook!.revision.files.filter((candidate) => candidate.contentType === 'image/png')) {
    const png = gradientPng(960, 300, [11, 110, 79], [61, 214, 140]);
    handbook!.files[file.id] = png;
    Object.assign(file, { size: png.byteLength, dimensions: { width: 960, height: 300 } });
  }
  const v2 = siteSpace('ss-v2', 'v2', 'v2', true);
  const v1 = siteSpace('ss-v1', 'v1', 'v1', false);
  const tutorials = siteSpace('ss-tutorials', 'tutorials', 'Tutorials', true);
  const platform = siteSpace('ss-platform', 'platform', 'Platform', true);
  return {
    profile: {
      site: { id: 'site-fixture', title: 'Quire Docs', urls: { published: 'https://docs.example.com/' } },
      structure: {
        type: 'sections',
        structure: [
          section('sec-handbook', 'handbook', 'Handbook', [v2, v1], true),
          section('sec-tutorials', 'tutorials', 'Tutorials', [tutorials]),
          {
            object: 'site-section-group',
            id: 'group-more',
            title: 'More',
            draft: false,
            children: [section('sec-platform', 'platform', 'Platform', [platform]), { object: 'site-external-link', id: 'link-blog', title: 'Blog', url: 'https://example.com/blog', draft: false }],
          },
        ],
      },
      customizations: {
        site: fixtureCustomization,
        siteSpaces: { [v1.id]: { ...fixtureCustomization, styling: { ...fixtureCustomization.styling, primaryColor: { light: '#7C3AED', dark: '#A78BFA' } } } },
      },
    },
    content: { [v2.id]: handbook!, [v1.id]: foldersOnly!, [tutorials.id]: handWritten!, [platform.id]: monorepo! },
  };
}
