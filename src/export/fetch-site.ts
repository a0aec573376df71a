import type { ApiClient } from '../client/index.ts';
import { QuireError } from '../errors/quire-error.ts';
import { readDirectory } from '../format/read-directory.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import type { ExportSite, SiteExternalLinkInput, SiteProfile, SiteSectionGroupInput, SiteSectionInput, SiteSpaceInput, SiteStructureInput } from '../render/index.ts';

/** Where a published site is: its organization, its id, and the share key of a share-link site. */
export interface SiteLocation {
  organizationId: string;
  siteId: string;
  shareKey?: string;
}

/**
 * Reads everything an export needs through the API: the published profile of the site
 * (`GET /v1/orgs/{organizationId}/sites/{siteId}/published`, with the share key of a share-link site), then the
 * current content of each of its site spaces, as the directory the format writes (`directory` extension), read
 * back into a revision bundle with its page bodies and file bytes. One request for the profile, then two per
 * site space, whatever the number of pages.
 *
 * @example
 * const site = await fetchExportSite(client, { organizationId: 'org', siteId: 'site' });
 * await exportSite(site, { outDir: 'out' });
 */
export async function fetchExportSite(client: ApiClient, location: SiteLocation, onSpace?: (title: string) => void): Promise<ExportSite> {
  const info = await client.getQuireServerInfo();
  if (!info?.extensions.includes('directory')) {
    throw new QuireError('EXPORT_SERVER_UNSUPPORTED', 'the API server does not offer the `directory` extension Quire reads site content with (GET /v1/quire); export needs a Quire server for now', {
      extension: 'directory',
    });
  }
  const published = await client.getPublishedSite(location.organizationId, location.siteId, location.shareKey === undefined ? {} : { shareKey: location.shareKey });
  const profile = published as unknown as SiteProfile;
  const content: Record<string, RevisionBundle> = {};
  const bySpace = new Map<string, RevisionBundle>();
  for (const siteSpace of siteSpacesOf(profile.structure)) {
    let bundle = bySpace.get(siteSpace.space.id);
    if (!bundle) {
      onSpace?.(siteSpace.title);
      const revision = await client.getRevision({ spaceId: siteSpace.space.id });
      const directory = await client.getRevisionDirectory(siteSpace.space.id, revision.id);
      const files = new Map(Object.entries(directory.files).map(([path, base64]) => [path, new Uint8Array(Buffer.from(base64, 'base64'))]));
      bundle = readDirectory(files, { createdAt: revision.createdAt }).bundle;
      bySpace.set(siteSpace.space.id, bundle);
    }
    content[siteSpace.id] = bundle;
  }
  return { profile, content };
}

/** Every site space of a structure, in sections, section groups or at the top. */
export function siteSpacesOf(structure: SiteStructureInput): SiteSpaceInput[] {
  if (structure.type === 'siteSpaces') return [...structure.structure];
  const found: SiteSpaceInput[] = [];
  const walk = (items: ReadonlyArray<SiteSectionInput | SiteSectionGroupInput | SiteExternalLinkInput>) => {
    for (const item of items) {
      if (item.object === 'site-section') found.push(...item.siteSpaces);
      else if (item.object === 'site-section-group') walk(item.children);
    }
  };
  walk(structure.structure);
  return found;
}
