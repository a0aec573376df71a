import { Type } from 'typebox';
import { EntityId } from './entity-id.ts';
import { FreeObject } from './free-object.ts';
import { Nullable } from './nullable.ts';
import { DefaultLevelSchema } from './roles.ts';

/*
 * Request schemas of the site operations: parameters, queries and bodies (closed: an unknown field is a 400
 * naming it). The response schemas are in site-shapes.ts (sites, share links, site spaces, sections, groups,
 * the structure), site-customization-shapes.ts, site-profile-shapes.ts (the published profile) and
 * site-adaptive-shapes.ts.
 */

export const SiteTypeSchema = Type.Unsafe<'basic' | 'premium' | 'ultimate' | 'sponsored' | 'legacy-basic' | 'legacy-premium'>({
  type: 'string',
  enum: ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'],
});
export const SiteVisibilitySchema = Type.Unsafe<'public' | 'unlisted' | 'share-link' | 'visitor-auth'>({ type: 'string', enum: ['public', 'unlisted', 'share-link', 'visitor-auth'] });
const Title = Type.String({ minLength: 2, maxLength: 128 });
const Path = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^/?#\\s]+$' });
const Expression = Type.String({ minLength: 0, maxLength: 1024 });
const Icon = Type.String({ maxLength: 50 });
/** `SiteProxyOrigin`: a domain and one or more path segments. */
const ProxyOrigin = Type.String({ maxLength: 512, pattern: '^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$' });

export const SiteParams = Type.Object({ organizationId: EntityId, siteId: EntityId });
export const OrganizationParams = Type.Object({ organizationId: EntityId });
export const PreferHeaders = Type.Object({ prefer: Type.Optional(Type.String()) });
export const ShareKeyQuery = Type.Object({ shareKey: Type.Optional(Type.String({ maxLength: 256 })) });

export const SiteListQuery = Type.Object({
  page: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  space: Type.Optional(EntityId),
  title: Type.Optional(Type.String({ maxLength: 128 })),
  published: Type.Optional(Type.Boolean()),
});

export const SiteCreateBody = Type.Object(
  { type: Type.Optional(SiteTypeSchema), title: Type.Optional(Title), visibility: Type.Optional(SiteVisibilitySchema), spaces: Type.Optional(Type.Array(EntityId, { maxItems: 100 })) },
  { additionalProperties: false },
);

export const SiteUpdateBody = Type.Object(
  {
    title: Type.Optional(Title),
    visibility: Type.Optional(SiteVisibilitySchema),
    basename: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-zA-Z0-9_-]+$' }))),
    proxy: Type.Optional(Nullable(ProxyOrigin)),
    defaultLevel: Type.Optional(DefaultLevelSchema),
    adaptiveContent: Type.Optional(Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false })),
    agentsContext: Type.Optional(Type.Unsafe<'included' | 'excluded'>({ type: 'string', enum: ['included', 'excluded'] })),
    defaultSiteSpace: Type.Optional(EntityId),
    defaultSiteSection: Type.Optional(EntityId),
  },
  { additionalProperties: false },
);

export const SectionCreateBody = Type.Object(
  {
    spaceId: Nullable(EntityId),
    title: Type.Optional(Nullable(Title)),
    icon: Type.Optional(Nullable(Icon)),
    draft: Type.Optional(Type.Literal(false)),
    siteSectionGroupId: Type.Optional(EntityId),
  },
  { additionalProperties: false },
);

export const SectionUpdateBody = Type.Object(
  {
    title: Type.Optional(Title),
    path: Type.Optional(Path),
    defaultSiteSpace: Type.Optional(EntityId),
    condition: Type.Optional(Nullable(Expression)),
    icon: Type.Optional(Nullable(Icon)),
    description: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
    draft: Type.Optional(Type.Literal(false)),
    siteSectionGroupId: Type.Optional(Nullable(EntityId)),
  },
  { additionalProperties: false },
);

export const GroupCreateBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 100 }),
    icon: Type.Optional(Nullable(Icon)),
    sections: Type.Optional(Type.Array(EntityId, { maxItems: 100 })),
    parent: Type.Optional(EntityId),
    draft: Type.Optional(Type.Literal(false)),
  },
  { additionalProperties: false },
);

export const GroupUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    icon: Type.Optional(Nullable(Icon)),
    parentSectionGroupId: Type.Optional(Nullable(EntityId)),
    draft: Type.Optional(Type.Literal(false)),
  },
  { additionalProperties: false },
);

export const GroupSectionBody = Type.Object({ sectionId: EntityId }, { additionalProperties: false });

export const SiteSpaceCreateBody = Type.Object(
  { spaceId: Nullable(EntityId), sectionId: Type.Optional(EntityId), title: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })), draft: Type.Optional(Type.Literal(false)) },
  { additionalProperties: false },
);

export const SiteSpaceUpdateBody = Type.Object(
  { path: Type.Optional(Path), condition: Type.Optional(Nullable(Expression)), spaceId: Type.Optional(EntityId), hidden: Type.Optional(Type.Boolean()), draft: Type.Optional(Type.Literal(false)) },
  { additionalProperties: false },
);

const PointerType = Type.Unsafe<'site-space' | 'site-section' | 'site-section-group' | 'site-external-link'>({
  type: 'string',
  enum: ['site-space', 'site-section', 'site-section-group', 'site-external-link'],
});
const Pointer = Type.Object({ type: PointerType, id: EntityId }, { additionalProperties: false });

export const SortBody = Type.Object(
  { item: Pointer, position: Type.Object({ before: Type.Optional(Pointer), after: Type.Optional(Pointer) }, { additionalProperties: false }) },
  { additionalProperties: false },
);

const SectionPointer = Type.Object({ type: Type.Literal('site-section'), siteSection: EntityId }, { additionalProperties: false });
export const SectionMoveBody = Type.Object(
  { position: Type.Optional(Type.Object({ before: Type.Optional(SectionPointer), after: Type.Optional(SectionPointer) }, { additionalProperties: false })) },
  { additionalProperties: false },
);
const GroupPointer = Type.Object({ type: Type.Unsafe<'site-section' | 'site-section-group'>({ type: 'string', enum: ['site-section', 'site-section-group'] }), id: EntityId }, { additionalProperties: false });
export const GroupMoveBody = Type.Object(
  { position: Type.Optional(Type.Object({ before: Type.Optional(GroupPointer), after: Type.Optional(GroupPointer) }, { additionalProperties: false })) },
  { additionalProperties: false },
);
const SiteSpacePointer = Type.Object({ type: Type.Literal('site-space'), siteSpace: EntityId }, { additionalProperties: false });
export const SiteSpaceMoveBody = Type.Object(
  { position: Type.Optional(Type.Object({ before: Type.Optional(SiteSpacePointer), after: Type.Optional(SiteSpacePointer) }, { additionalProperties: false })) },
  { additionalProperties: false },
);

export const ShareLinkCreateBody = Type.Object({ name: Type.String({ maxLength: 50 }) }, { additionalProperties: false });
export const ShareLinkUpdateBody = Type.Object({ name: Type.Optional(Type.String({ maxLength: 50 })), active: Type.Optional(Type.Boolean()) }, { additionalProperties: false, minProperties: 1 });

export const AdaptiveSchemaBody = Type.Object({ jsonSchema: FreeObject }, { additionalProperties: false });

const ListPaging = {
  page: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
};
export const SectionListQuery = Type.Object({ ...ListPaging, shareKey: Type.Optional(Type.String()) });
export const SiteSpaceListQuery = Type.Object({ ...ListPaging, shareKey: Type.Optional(Type.String()), default: Type.Optional(Type.Boolean()) });
export const ShareLinkListQuery = Type.Object({ ...ListPaging, search: Type.Optional(Type.String({ maxLength: 100 })) });
