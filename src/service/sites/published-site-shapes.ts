import type { DefaultLevel, SiteAgentsContext, SiteType, SiteVisibility } from '../../store/index.ts';
import type { PublishedSpace } from '../published-shapes.ts';

/*
 * The published shapes of sites (`components.schemas` of `@gitbook/api`'s openapi.json), as plain string
 * unions, with the fields Quire fills. The conformance suite validates every answer against the schemas.
 */

/** `Site.permissions`. */
export interface SitePermissions {
  view: boolean;
  access: boolean;
  edit: boolean;
  create: boolean;
  admin: boolean;
  installIntegration: boolean;
  viewAdaptiveSchema: boolean;
  editAdaptiveSchema: boolean;
}

/** `Site`. `agentsContext` is the seed's field (not in the published schema, which leaves objects open). */
export interface PublishedSite {
  object: 'site';
  id: string;
  type: SiteType;
  appliedType: SiteType;
  title: string;
  basename?: string;
  proxy?: { origin: string; target: string };
  visibility: SiteVisibility;
  defaultLevel: DefaultLevel;
  permissions: SitePermissions;
  published: boolean;
  siteSpaces: number;
  createdAt: string;
  adaptiveContent: { enabled: boolean };
  agentsContext?: SiteAgentsContext;
  features: never[];
  urls: { location: string; app: string; preview: string; published?: string };
}

/** `SiteSpace`. */
export interface PublishedSiteSpace {
  object: 'site-space';
  id: string;
  path: string;
  section?: string;
  space: PublishedSpace;
  title: string;
  default: boolean;
  condition?: string;
  draft: boolean;
  hidden: boolean;
  urls: { published?: string };
}

/** `SiteSection`. */
export interface PublishedSiteSection {
  object: 'site-section';
  id: string;
  title: string;
  description?: string;
  default: boolean;
  draft: boolean;
  path: string;
  condition?: string;
  sectionGroup?: string;
  siteSpaces: PublishedSiteSpace[];
  urls: { published?: string };
  icon?: string;
}

/** `SiteSectionGroup`. */
export interface PublishedSiteSectionGroup {
  object: 'site-section-group';
  id: string;
  title: string;
  sectionGroup?: string;
  draft: boolean;
  icon?: string;
  /** Deprecated in the published schema, kept filled: the sections directly in the group. */
  sections: PublishedSiteSection[];
  children: (PublishedSiteSection | PublishedSiteSectionGroup)[];
}

/** `SiteStructure`. */
export type PublishedSiteStructure =
  | { type: 'sections'; structure: (PublishedSiteSection | PublishedSiteSectionGroup)[] }
  | { type: 'siteSpaces'; structure: PublishedSiteSpace[] };

/** `ShareLink`. `urls.published` carries the key only in the answer that created the link. */
export interface PublishedShareLink {
  object: 'share-link';
  id: string;
  createdAt: string;
  name: string;
  active: boolean;
  urls: { published?: string };
}

/** `SiteCustomizationSettings`: checked JSON (see `checkCustomization`). */
export type PublishedCustomization = Record<string, unknown> & { updatedAt?: string };

/** `PublishedContentSite`. */
export interface PublishedContentSite {
  object: 'published-content-site';
  site: PublishedSite;
  structure: PublishedSiteStructure;
  customizations: { site: PublishedCustomization; siteSpaces: Record<string, PublishedCustomization> };
  scripts: never[];
}

/** `SiteAdaptiveSchema`. */
export interface PublishedAdaptiveSchema {
  object: 'site-adaptive-schema';
  jsonSchema: Record<string, unknown>;
  updatedAt: string;
}
