import { Type } from 'typebox';
import type { PublishedShareLink, PublishedSite, PublishedSiteSection, PublishedSiteSectionGroup, PublishedSiteSpace, PublishedSiteStructure, PublishedSpace } from '../../service/index.ts';
import { ListOf } from './list.ts';
import { mergeObjectUnions } from './site-merged-unions.ts';
import { DefaultLevelSchema } from './roles.ts';
import { shapeOf } from './site-shape-check.ts';
import { SpaceSchema } from './space.ts';

/*
 * The response schemas of the site objects (`components.schemas` of @gitbook/api's openapi.json): `Site`,
 * `ShareLink`, `SiteSpace`, `SiteSection`, `SiteSectionGroup`, `SiteStructure`, `SiteStructureItem`, and their
 * list envelopes. Each lists every field the service fills (`src/service/sites/published-site-shapes.ts`) and no
 * other: fast-json-stringify writes only what a schema lists, and `shapeOf` makes a schema that misses a field
 * of its service shape a compile error. Required fields are the ones the service always fills.
 *
 * The published schemas leave objects open; these do too (no `additionalProperties: false`): closing them would
 * change nothing in what is written, and a union that stays one (the two forms of `SiteStructure`) is written by
 * the first branch that validates. The unions of sections, groups and site spaces are written as one merged
 * object each, without validation (site-merged-unions.ts).
 */

const Timestamp = Type.String({ format: 'date-time' });
const Uri = Type.String({ format: 'uri' });
/** `urls` of the objects that only have a published address, set while the site is published. */
const PublishedUrls = Type.Object({ published: Type.Optional(Uri) });

/** `SiteType`. */
const SiteTypeName = Type.Union([
  Type.Literal('basic'),
  Type.Literal('premium'),
  Type.Literal('ultimate'),
  Type.Literal('sponsored'),
  Type.Literal('legacy-basic'),
  Type.Literal('legacy-premium'),
]);

/** The published `Site`, with the seed's `agentsContext` (which the published schema, open, leaves out). */
export const SiteSchema = shapeOf<PublishedSite>()(
  Type.Object({
    object: Type.Literal('site'),
    id: Type.String(),
    type: SiteTypeName,
    appliedType: SiteTypeName,
    title: Type.String(),
    basename: Type.Optional(Type.String()),
    proxy: Type.Optional(Type.Object({ origin: Type.String(), target: Type.String() })),
    visibility: Type.Union([Type.Literal('public'), Type.Literal('unlisted'), Type.Literal('share-link'), Type.Literal('visitor-auth')]),
    defaultLevel: DefaultLevelSchema,
    permissions: Type.Object({
      view: Type.Boolean(),
      access: Type.Boolean(),
      edit: Type.Boolean(),
      create: Type.Boolean(),
      admin: Type.Boolean(),
      installIntegration: Type.Boolean(),
      viewAdaptiveSchema: Type.Boolean(),
      editAdaptiveSchema: Type.Boolean(),
    }),
    published: Type.Boolean(),
    siteSpaces: Type.Number(),
    createdAt: Timestamp,
    adaptiveContent: Type.Object({ enabled: Type.Boolean() }),
    agentsContext: Type.Optional(Type.Union([Type.Literal('included'), Type.Literal('excluded')])),
    /** `SiteFeature`s: Quire has no premium features, so the list is always empty. */
    features: Type.Array(Type.Never()),
    urls: Type.Object({ location: Uri, app: Uri, preview: Uri, published: Type.Optional(Uri) }),
  }),
);

/** The published `ShareLink`; `urls.published` (with the key) only in the answer that created the link. */
export const ShareLinkSchema = shapeOf<PublishedShareLink>()(
  Type.Object({
    object: Type.Literal('share-link'),
    id: Type.String(),
    createdAt: Timestamp,
    name: Type.String(),
    active: Type.Boolean(),
    urls: PublishedUrls,
  }),
);

/** The published `Space` as a site space embeds it (the same schema as the space routes'). */
const EmbeddedSpace = shapeOf<PublishedSpace>()(SpaceSchema);

/** The published `SiteSpace`: a space in a site (at the root, or a variant of a section). */
export const SiteSpaceSchema = shapeOf<PublishedSiteSpace>()(
  Type.Object({
    object: Type.Literal('site-space'),
    id: Type.String(),
    path: Type.String(),
    section: Type.Optional(Type.String()),
    space: EmbeddedSpace,
    title: Type.String(),
    default: Type.Boolean(),
    condition: Type.Optional(Type.String()),
    draft: Type.Boolean(),
    hidden: Type.Boolean(),
    urls: PublishedUrls,
  }),
);

/**
 * Sections and section groups, one cyclic family: a group's `children` are sections and groups again, to any
 * depth. Each schema below that needs them is a `Type.Cyclic` over these definitions with its own entry point,
 * so that one answer holds one copy of them (their `$id`s must be unique within a schema).
 */
const sectionFamily = {
  /** The published `SiteSection`, with its site spaces (its variants). */
  QuireSiteSection: Type.Object({
    object: Type.Literal('site-section'),
    id: Type.String(),
    title: Type.String(),
    description: Type.Optional(Type.String()),
    default: Type.Boolean(),
    draft: Type.Boolean(),
    path: Type.String(),
    condition: Type.Optional(Type.String()),
    sectionGroup: Type.Optional(Type.String()),
    siteSpaces: Type.Array(SiteSpaceSchema),
    urls: PublishedUrls,
    icon: Type.Optional(Type.String()),
  }),
  /** The published `SiteSectionGroup`: `sections` (deprecated, still filled) and `children`, in order. */
  QuireSiteSectionGroup: Type.Object({
    object: Type.Literal('site-section-group'),
    id: Type.String(),
    title: Type.String(),
    sectionGroup: Type.Optional(Type.String()),
    draft: Type.Boolean(),
    icon: Type.Optional(Type.String()),
    sections: Type.Array(Type.Ref('QuireSiteSection')),
    children: Type.Array(Type.Union([Type.Ref('QuireSiteSection'), Type.Ref('QuireSiteSectionGroup')])),
  }),
};

/** A child of a group, or an item of a sections structure: a section or a group. */
const SectionOrGroup = Type.Union([Type.Ref('QuireSiteSection'), Type.Ref('QuireSiteSectionGroup')]);

/** The published `SiteSection`. */
export const SiteSectionSchema = shapeOf<PublishedSiteSection>()(Type.Cyclic(sectionFamily, 'QuireSiteSection'));

/** The published `SiteSectionGroup`; its children are serialized as in site-merged-unions.ts. */
export const SiteSectionGroupSchema = mergeObjectUnions(shapeOf<PublishedSiteSectionGroup>()(Type.Cyclic(sectionFamily, 'QuireSiteSectionGroup')));

/** The published `SiteStructure`: the sections and groups of a site that has any, or its root site spaces. */
export const SiteStructureSchema = mergeObjectUnions(
  shapeOf<PublishedSiteStructure>()(
    Type.Cyclic(
      {
        ...sectionFamily,
        QuireSiteStructure: Type.Union([
          Type.Object({ type: Type.Literal('sections'), structure: Type.Array(SectionOrGroup) }),
          Type.Object({ type: Type.Literal('siteSpaces'), structure: Type.Array(SiteSpaceSchema) }),
        ]),
      },
      'QuireSiteStructure',
    ),
  ),
);

/** The published `SiteStructureItem`: what `sortSiteStructure` moved (Quire has no external links). */
export const SiteStructureItemSchema = mergeObjectUnions(
  shapeOf<PublishedSiteSpace | PublishedSiteSection | PublishedSiteSectionGroup>()(
    Type.Cyclic({ ...sectionFamily, QuireSiteStructureItem: Type.Union([SiteSpaceSchema, Type.Ref('QuireSiteSection'), Type.Ref('QuireSiteSectionGroup')]) }, 'QuireSiteStructureItem'),
  ),
);

/** `listSites`. */
export const SiteListSchema = ListOf(SiteSchema);
/** `listSiteShareLinks`. */
export const ShareLinkListSchema = ListOf(ShareLinkSchema);
/** `listSiteSpaces`. */
export const SiteSpaceListSchema = ListOf(SiteSpaceSchema);
/** `listSiteSections`. */
export const SiteSectionListSchema = ListOf(SiteSectionSchema);
/** `listSiteSectionGroups`. */
export const SiteSectionGroupListSchema = ListOf(SiteSectionGroupSchema);
