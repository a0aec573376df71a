import PQueue from 'p-queue';
import type { ApiClient } from '../client/index.ts';
import { isQuireError, QuireError } from '../errors/quire-error.ts';
import { bundleFromValue } from '../format/bundle-json.ts';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { spaceSiteProfile } from './space-site.ts';
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
 * current content of each of its site spaces as a revision bundle: in one answer from a server with the `bundle`
 * extension, else as the directory the format writes (`directory` extension), read back into a bundle. One request
 * for the profile, then one per site space (the bundle of the revision the profile names), whatever the number of
 * pages; two for a server without `bundle`.
 *
 * @example
 * const site = await fetchExportSite(client, { organizationId: 'org', siteId: 'site' });
 * await exportSite(site, { outDir: 'out' });
 */
export async function fetchExportSite(client: ApiClient, location: SiteLocation, observer: FetchObserver = {}): Promise<ExportSite> {
  // Both asked at once (one round trip less before the content); a server without bundles is named first.
  const reading = spaceReaderOf(client);
  const publishing = readPublishedProfile(client, location);
  publishing.catch(() => {}); // awaited below, once the reader is known; a failure must not go unhandled meanwhile
  const reader = await reading;
  const published = await publishing;
  return { profile: published, content: await fetchSiteContent(client, reader, published, observer) };
}

/** What a fetch tells as it goes, so that its caller can work while the site arrives. */
export interface FetchObserver {
  /** A site space's content is about to be read (its title, for progress output). */
  onSpace?: (title: string) => void;
  /**
   * Each space's number of pages, as soon as its revision is read, before the site's content is all there: enough
   * to decide on render threads (`EarlyRenderThreads`) while the rest is still on its way.
   */
  onPages?: PagesObserver;
}

/** Told each space's number of pages (`FetchObserver.onPages`). */
export type PagesObserver = (pages: number) => void;

/**
 * Reads one space as a site of its own, with the default customization (`spaceSiteProfile`): what an export
 * needs when no site was made for the space. Two requests for the space, then one for its content (two for a server
 * without `bundle`).
 *
 * @example
 * const site = await fetchExportSpace(client, 'space1');
 * await exportSite(site, { outDir: 'out' });
 */
export async function fetchExportSpace(client: ApiClient, spaceId: string, observer: FetchObserver = {}): Promise<ExportSite> {
  const reader = await spaceReaderOf(client);
  const space = await client.getSpace(spaceId);
  const profile = spaceSiteProfile({ id: space.id, title: space.title, emoji: space.emoji, revision: space.revision });
  return { profile, content: await fetchSiteContent(client, reader, profile, observer) };
}

/** How a space's content is read: in one bundle, or as a directory parsed back (a Quire server without `bundle`). */
type SpaceReader = 'bundle' | 'directory';

async function spaceReaderOf(client: ApiClient): Promise<SpaceReader> {
  const info = await client.getQuireServerInfo();
  if (info?.extensions.includes('bundle')) return 'bundle';
  if (info?.extensions.includes('directory')) return 'directory';
  throw new QuireError('EXPORT_SERVER_UNSUPPORTED', 'the API server offers neither the `bundle` nor the `directory` extension Quire reads site content with (GET /v1/quire); export needs a Quire server for now', {
    extension: 'bundle',
  });
}

/**
 * The published profile of a site. A site that exists but is not published answers 404 like a missing one: that
 * case is told apart (the site itself is read) and reported as EXPORT_SITE_NOT_PUBLISHED, naming how to publish it.
 */
async function readPublishedProfile(client: ApiClient, location: SiteLocation): Promise<SiteProfile> {
  try {
    const published = await client.getPublishedSite(location.organizationId, location.siteId, location.shareKey === undefined ? {} : { shareKey: location.shareKey });
    return published as unknown as SiteProfile;
  } catch (error) {
    if (!isQuireError(error, 'API_REQUEST_FAILED') || error.status !== 404) throw error;
    const site = await client.getSite(location.organizationId, location.siteId).catch(() => undefined);
    if (site === undefined || site.published) throw error;
    throw new QuireError(
      'EXPORT_SITE_NOT_PUBLISHED',
      `site ${location.siteId} ("${site.title}") exists but is not published, so there is nothing to export yet: publish it with \`quire sites publish ${location.siteId}\` (with the same --api or --data options), or export one space with --space`,
      { organizationId: location.organizationId, siteId: location.siteId },
      { cause: error },
    );
  }
}

/**
 * Site spaces whose content is read at once: while this thread reads one space's directory into a bundle, the
 * server prepares the next (on bench/export's mixed site of 10,000 pages over three spaces, fetching them one
 * after another left each side idle while the other worked). Four, so that a site of a few spaces asks for them
 * all at once: with two, the third space of bench/export's 1,000 pages waited for the first (125 against 105 ms
 * from the first request to the last answer). Every space's content is held until the export ends anyway.
 */
const spaceFetchConcurrency = 4;

/**
 * The content of each site space of `profile`, read once per space: one request per space (two without `bundle`, or
 * when the profile does not name the space's revision), whatever its size.
 */
async function fetchSiteContent(client: ApiClient, reader: SpaceReader, profile: SiteProfile, observer: FetchObserver): Promise<Record<string, RevisionBundle>> {
  const queue = new PQueue({ concurrency: spaceFetchConcurrency });
  const bySpace = new Map<string, Promise<RevisionBundle>>();
  const siteSpaces = siteSpacesOf(profile.structure);
  for (const siteSpace of siteSpaces) {
    if (bySpace.has(siteSpace.space.id)) continue;
    const read = queue.add(async () => {
      observer.onSpace?.(siteSpace.title);
      const space = { spaceId: siteSpace.space.id, revisionId: siteSpace.space.revision, onPages: observer.onPages };
      return reader === 'bundle' ? fetchSpaceBundle(client, space) : fetchSpaceDirectory(client, space);
    });
    read.catch(() => {}); // awaited below, in order; a failure must not go unhandled meanwhile
    bySpace.set(siteSpace.space.id, read);
  }
  const content: Record<string, RevisionBundle> = {};
  for (const siteSpace of siteSpaces) content[siteSpace.id] = await bySpace.get(siteSpace.space.id)!;
  return content;
}

/** One space to read: its id, its current revision when the site named it, and who is told its number of pages. */
interface SpaceFetch {
  spaceId: string;
  revisionId: string | undefined;
  onPages: PagesObserver | undefined;
}

/**
 * The current content of a space in one answer (`bundle`): the bundle of its current revision (as the published
 * site named it, else as the space names it: one request more), checked and its bytes decoded (`bundleFromValue`,
 * which lets each base64 text go once decoded).
 */
async function fetchSpaceBundle(client: ApiClient, { spaceId, revisionId, onPages }: SpaceFetch): Promise<RevisionBundle> {
  const revision = revisionId ?? (await client.getSpace(spaceId)).revision;
  const answer = await client.getRevisionBundle(spaceId, revision);
  onPages?.(flattenPages(answer.revision.pages).length);
  return bundleFromValue(answer);
}

/** The current content of a space, as the directory the format writes, read back into a revision bundle. */
async function fetchSpaceDirectory(client: ApiClient, { spaceId, onPages }: SpaceFetch): Promise<RevisionBundle> {
  const revision = await client.getRevision({ spaceId });
  onPages?.(flattenPages(revision.pages).length);
  const directory = await client.getRevisionDirectory(spaceId, revision.id);
  // Decoded file by file, each base64 text let go once decoded: the whole directory is never held twice.
  // The answer is this function's alone: its entries are removed as they are decoded.
  const encoded = directory.files as Record<string, string>;
  const files = new Map<string, Uint8Array>();
  for (const path of Object.keys(encoded)) {
    files.set(path, new Uint8Array(Buffer.from(encoded[path]!, 'base64')));
    delete encoded[path];
  }
  // The format's reader is loaded only for a server without bundles: an export from Quire's never loads it.
  const { readDirectory } = await import('../format/read-directory.ts');
  return readDirectory(files, { createdAt: revision.createdAt }).bundle;
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
