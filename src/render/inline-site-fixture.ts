// Sites built inline for render tests: `spaceBundle({ 'README.md': '# Home\n' })` reads a directory with the format,
// `oneSpaceSite(bundle)` and `sectionsSite([...])` wrap bundles in a published profile.
import { readDirectory } from '../format/index.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import type { CustomizationInput, ExportSite, SiteSectionInput, SiteSpaceInput } from './site-profile.ts';

const encoder = new TextEncoder();

/** A revision bundle from files given as text (or bytes). */
export function spaceBundle(files: Record<string, string | Uint8Array>): RevisionBundle {
  const map = new Map(Object.entries(files).map(([path, content]) => [path, typeof content === 'string' ? encoder.encode(content) : content]));
  return readDirectory(map, { createdAt: '2025-01-01T00:00:00.000Z' }).bundle;
}

export function siteSpaceInput(id: string, path: string, options: Partial<SiteSpaceInput> = {}): SiteSpaceInput {
  return { object: 'site-space', id, path, title: options.title ?? id, space: { id: `space-${id}` }, ...options };
}

export function sectionInput(id: string, path: string, siteSpaces: SiteSpaceInput[], options: Partial<SiteSectionInput> = {}): SiteSectionInput {
  return { object: 'site-section', id, path, title: options.title ?? id, siteSpaces, ...options };
}

/** A site with one site space (no sections). */
export function oneSpaceSite(bundle: RevisionBundle, customization: CustomizationInput = {}, siteSpace: Partial<SiteSpaceInput> = {}): ExportSite {
  const space = siteSpaceInput('main', 'main', { default: true, ...siteSpace });
  return {
    profile: { site: { id: 'site', title: 'Site' }, structure: { type: 'siteSpaces', structure: [space] }, customizations: { site: customization, siteSpaces: {} } },
    content: { [space.id]: bundle },
  };
}

/** A site with sections; `content` maps site-space ids to bundles. */
export function sectionsSite(structure: Extract<ExportSite['profile']['structure'], { type: 'sections' }>['structure'], content: Record<string, RevisionBundle>, customization: CustomizationInput = {}): ExportSite {
  return {
    profile: { site: { id: 'site', title: 'Site' }, structure: { type: 'sections', structure }, customizations: { site: customization, siteSpaces: {} } },
    content,
  };
}
