// The workload of site publishing: workers build sites (new spaces, a site, two sections, a variant space in the
// default section) and publish them, at once. Every site, section, site space and publication the service
// acknowledged must be there after a crash.
import type { Store } from '../../src/store/index.ts';
import { workUntilKilled, type DriveSession, type FaultWorkload } from './kill-campaign.ts';

interface AcknowledgedSite {
  siteId: string;
  /** Section id → the space its first site space shows. */
  sections: Map<string, string>;
  /** Site space id → its space. */
  siteSpaces: Map<string, string>;
  published: boolean;
}

/**
 * Building and publishing sites, as a `FaultWorkload`.
 *
 * @example
 * const sites = sitePublishingWorkload({ workers: 3 });
 */
export function sitePublishingWorkload(shape: { workers: number }): FaultWorkload {
  const sites: AcknowledgedSite[] = [];
  const unexpected: string[] = [];
  let acknowledged = 0;

  const oneSite = async (session: DriveSession, name: string): Promise<void> => {
    const { client, organizationId } = session;
    const spaces: string[] = [];
    for (const part of ['guides', 'reference', 'variant']) {
      spaces.push((await client.createSpace(organizationId, { title: `${name} ${part}` })).id);
      acknowledged++;
    }
    const site = await client.createSite(organizationId, { title: name });
    acknowledged++;
    const record: AcknowledgedSite = { siteId: site.id, sections: new Map(), siteSpaces: new Map(), published: false };
    sites.push(record);
    for (const spaceId of spaces.slice(0, 2)) {
      const section = await client.addSectionToSite(organizationId, site.id, spaceId);
      acknowledged++;
      record.sections.set(section.id, spaceId);
    }
    const variant = await client.addSpaceToSite(organizationId, site.id, spaces[2]!);
    acknowledged++;
    record.siteSpaces.set(variant.id, spaces[2]!);
    await client.publishSite(organizationId, site.id);
    acknowledged++;
    record.published = true;
  };

  return {
    name: `site publishing (${shape.workers} workers)`,
    acknowledged: () => acknowledged,
    async drive(session) {
      unexpected.push(...(await workUntilKilled(session, shape.workers, (worker, count) => oneSite(session, `r${session.run} w${worker} s${count}`))));
    },
    async missing(store) {
      const problems = [...unexpected];
      for (const site of sites) problems.push(...(await siteMissing(store, site)));
      return problems;
    },
  };
}

async function siteMissing(store: Store, acknowledged: AcknowledgedSite): Promise<string[]> {
  const where = `site ${acknowledged.siteId}`;
  const site = await store.getSite(acknowledged.siteId).catch(() => undefined);
  if (site === undefined) return [`${where} was created (acknowledged) but is gone`];
  const problems: string[] = [];
  if (acknowledged.published && !site.published) problems.push(`${where} was published (acknowledged) but is not`);
  const sections = new Set((await store.listSiteSections(site.id, { limit: 1000 })).items.map((section) => section.id));
  const siteSpaces = (await store.listSiteSpaces({ siteId: site.id }, { limit: 1000 })).items;
  for (const [sectionId, spaceId] of acknowledged.sections) {
    if (!sections.has(sectionId)) problems.push(`${where}: section ${sectionId} was added (acknowledged) but is gone`);
    if (!siteSpaces.some((siteSpace) => siteSpace.sectionId === sectionId && siteSpace.spaceId === spaceId)) problems.push(`${where}: section ${sectionId} lost its site space of ${spaceId}`);
  }
  for (const [siteSpaceId, spaceId] of acknowledged.siteSpaces) {
    if (!siteSpaces.some((siteSpace) => siteSpace.id === siteSpaceId && siteSpace.spaceId === spaceId)) problems.push(`${where}: site space ${siteSpaceId} of ${spaceId} was added (acknowledged) but is gone`);
  }
  return problems;
}
