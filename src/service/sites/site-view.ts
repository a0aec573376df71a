import type { Role, SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord, SiteTree, SpaceRecord } from '../../store/index.ts';
import type {
  PublishedShareLink,
  PublishedSite,
  PublishedSiteSection,
  PublishedSiteSectionGroup,
  PublishedSiteSpace,
  PublishedSiteStructure,
} from './published-site-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SpaceLevels } from '../access/site-reader-levels.ts';
import { toPublishedSpace } from '../to-published.ts';
import type { SiteShareLinkRecord } from '../../store/index.ts';

/**
 * The API address of a site, and of its published profile.
 *
 * @example
 * siteUrls('http://127.0.0.1:8787', site).location // → 'http://127.0.0.1:8787/v1/orgs/o1/sites/s1'
 */
export function siteUrls(baseUrl: string, site: Pick<SiteRecord, 'id' | 'organizationId'>): { location: string; published: string } {
  const location = `${baseUrl.replace(/\/+$/, '')}/v1/orgs/${encodeURIComponent(site.organizationId)}/sites/${encodeURIComponent(site.id)}`;
  return { location, published: `${location}/published` };
}

/**
 * A site as the published `Site`, seen by a member with `role`.
 *
 * @example
 * toPublishedSite(site, 3, 'admin', baseUrl).permissions.admin // → true
 */
export function toPublishedSite(site: SiteRecord, siteSpaces: number, role: string | null, baseUrl: string): PublishedSite {
  const urls = siteUrls(baseUrl, site);
  const admin = role === 'admin';
  const member = role !== null;
  return {
    object: 'site',
    id: site.id,
    type: site.type,
    appliedType: site.type,
    title: site.title,
    ...(site.basename === undefined ? {} : { basename: site.basename }),
    ...(site.proxy === undefined ? {} : { proxy: { origin: site.proxy, target: urls.published } }),
    visibility: site.visibility,
    defaultLevel: site.defaultLevel,
    permissions: {
      view: member,
      access: member,
      edit: admin,
      create: admin,
      admin,
      installIntegration: admin,
      viewAdaptiveSchema: member,
      editAdaptiveSchema: admin,
    },
    published: site.published,
    siteSpaces,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    ...(site.agentsContext === undefined ? {} : { agentsContext: site.agentsContext }),
    features: [],
    urls: { location: urls.location, app: urls.location, preview: urls.published, ...(site.published ? { published: urls.published } : {}) },
  };
}

/**
 * A share link as the published `ShareLink`; `key` (only known when the link is made) goes into `urls.published`.
 *
 * @example
 * toPublishedShareLink(link, site, baseUrl, key).urls.published // → '.../published?shareKey=...'
 */
export function toPublishedShareLink(link: SiteShareLinkRecord, site: SiteRecord, baseUrl: string, key?: string): PublishedShareLink {
  return {
    object: 'share-link',
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    urls: key === undefined ? {} : { published: `${siteUrls(baseUrl, site).published}?shareKey=${encodeURIComponent(key)}` },
  };
}

/**
 * One read of a site's whole structure (sections, groups, site spaces and their spaces), turned into the
 * published shapes. Build one per request.
 *
 * @example
 * const view = await SiteView.load(ctx, site, levels);
 * return view.structure();
 */
export class SiteView {
  readonly site: SiteRecord;
  readonly tree: SiteTree;
  readonly #spaces: Map<string, { space: SpaceRecord; level: Role | null }>;
  readonly #baseUrl: string;

  private constructor(site: SiteRecord, tree: SiteTree, spaces: Map<string, { space: SpaceRecord; level: Role | null }>, baseUrl: string) {
    this.site = site;
    this.tree = tree;
    this.#spaces = spaces;
    this.#baseUrl = baseUrl;
  }

  /**
   * Reads the site (again, so it sees the latest defaults) and its structure; `levels` gives the reader's level
   * on each space (`ContentLevels` for a member, `visitorLevels` for a visitor of a published site).
   *
   * @example
   * const view = await SiteView.load(ctx, site.id, levels);
   */
  static async load(ctx: ServiceContext, siteId: string, levels: SpaceLevels): Promise<SiteView> {
    const site = await ctx.store.getSite(siteId);
    const tree = await ctx.store.readSiteTree(siteId);
    const spaces = new Map<string, { space: SpaceRecord; level: Role | null }>();
    for (const siteSpace of tree.siteSpaces) {
      if (spaces.has(siteSpace.spaceId)) continue;
      const space = await ctx.store.getSpace(siteSpace.spaceId, { includeDeleted: true });
      spaces.set(space.id, { space, level: await levels.of(space) });
    }
    return new SiteView(site, tree, spaces, ctx.baseUrl);
  }

  /** The published `Site`. */
  publishedSite(role: string | null): PublishedSite {
    return toPublishedSite(this.site, this.tree.siteSpaces.length, role, this.#baseUrl);
  }

  /** A site space of this site, by id, as the published `SiteSpace`. */
  siteSpace(record: SiteSpaceRecord): PublishedSiteSpace {
    const { space, level } = this.#spaces.get(record.spaceId) ?? { space: undefined, level: null };
    if (space === undefined) throw new Error(`space ${record.spaceId} of site space ${record.id} was not loaded`);
    const isDefault = record.sectionId === undefined ? this.site.defaultSiteSpaceId === record.id : this.tree.sections.find((section) => section.id === record.sectionId)?.defaultSiteSpaceId === record.id;
    return {
      object: 'site-space',
      id: record.id,
      path: record.path,
      ...(record.sectionId === undefined ? {} : { section: record.sectionId }),
      space: toPublishedSpace(space, level, this.#baseUrl),
      title: record.title ?? space.title,
      default: isDefault,
      ...(record.condition === undefined ? {} : { condition: record.condition }),
      draft: false,
      hidden: record.hidden,
      urls: this.#published(record.sectionId === undefined ? [record.path] : [this.#sectionPath(record.sectionId), record.path]),
    };
  }

  /** A section of this site as the published `SiteSection`, with its site spaces. */
  section(record: SiteSectionRecord): PublishedSiteSection {
    return {
      object: 'site-section',
      id: record.id,
      title: record.title,
      ...(record.description === undefined ? {} : { description: record.description }),
      default: this.site.defaultSectionId === record.id,
      draft: false,
      path: record.path,
      ...(record.condition === undefined ? {} : { condition: record.condition }),
      ...(record.groupId === undefined ? {} : { sectionGroup: record.groupId }),
      siteSpaces: this.tree.siteSpaces.filter((siteSpace) => siteSpace.sectionId === record.id).map((siteSpace) => this.siteSpace(siteSpace)),
      urls: this.#published([record.path]),
      ...(record.icon === undefined ? {} : { icon: record.icon }),
    };
  }

  /** A group of this site as the published `SiteSectionGroup`, with its children. */
  group(record: SiteSectionGroupRecord): PublishedSiteSectionGroup {
    const children = this.children(record.id);
    return {
      object: 'site-section-group',
      id: record.id,
      title: record.title,
      ...(record.parentId === undefined ? {} : { sectionGroup: record.parentId }),
      draft: false,
      ...(record.icon === undefined ? {} : { icon: record.icon }),
      sections: children.filter((child): child is PublishedSiteSection => child.object === 'site-section'),
      children,
    };
  }

  /** The sections and groups of a level (a group, or null: the root), in order. */
  children(groupId: string | null): (PublishedSiteSection | PublishedSiteSectionGroup)[] {
    return this.levelItems(groupId).map((item) => (item.kind === 'section' ? this.section(item.record) : this.group(item.record)));
  }

  /** The records of a sections level (a group, or null: the root), sections and groups merged by position. */
  levelItems(groupId: string | null): ({ kind: 'section'; record: SiteSectionRecord } | { kind: 'group'; record: SiteSectionGroupRecord })[] {
    const items = [
      ...this.tree.sections.filter((section) => (section.groupId ?? null) === groupId).map((record) => ({ kind: 'section' as const, record })),
      ...this.tree.groups.filter((group) => (group.parentId ?? null) === groupId).map((record) => ({ kind: 'group' as const, record })),
    ];
    return items.sort((a, b) => compare(a.record.position, b.record.position) || compare(a.record.id, b.record.id));
  }

  /** The published `SiteStructure`: sections (with groups) when the site has any, its site spaces otherwise. */
  structure(): PublishedSiteStructure {
    if (this.tree.sections.length > 0 || this.tree.groups.length > 0) return { type: 'sections', structure: this.children(null) };
    return { type: 'siteSpaces', structure: this.tree.siteSpaces.filter((siteSpace) => siteSpace.sectionId === undefined).map((siteSpace) => this.siteSpace(siteSpace)) };
  }

  #sectionPath(sectionId: string): string {
    return this.tree.sections.find((section) => section.id === sectionId)?.path ?? sectionId;
  }

  #published(segments: string[]): { published?: string } {
    if (!this.site.published) return {};
    return { published: `${siteUrls(this.#baseUrl, this.site).published}#/${segments.map(encodeURIComponent).join('/')}` };
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
