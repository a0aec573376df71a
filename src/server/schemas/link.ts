import { Type, type TSchema } from 'typebox';
import type { LinkStatus } from '../../content/link-graph.ts';
import { ListOf, PaginationQuery } from './list.ts';

/*
 * Links and backlinks (docs/api-extensions.md): routes of the seed that the published spec lacks, so these
 * schemas are Quire's, with the field names of the published `ContentRef*` (kinds and ids) and
 * `ContentLocation*` (`organization`, `space`, `versionContext`) schemas.
 */

const linkStatuses: readonly LinkStatus[] = ['ok', 'broken', 'in-app'];

/** `ok` (the target is in the revision), `broken` (it is not), `in-app` (a URL of this service). */
export const LinkStatusSchema = Type.Unsafe<LinkStatus>({ type: 'string', enum: [...linkStatuses] });

/** The query of a link list: the list query and `status`. */
export const LinkListQuery = Type.Object({ ...PaginationQuery.properties, status: Type.Optional(LinkStatusSchema) });

const VersionContext = Type.Object({ type: Type.Literal('revision'), revision: Type.String() }, { additionalProperties: false });
const Place = { organization: Type.String(), space: Type.String(), versionContext: VersionContext };

/** A page of a revision: where a link is written, and a backlink item. */
export const PageLocationSchema = Type.Object({ kind: Type.Literal('page'), ...Place, page: Type.String() }, { additionalProperties: false });

/** What a link points at. A broken link's target is `{ kind: 'url', url }`: the path or id form that names nothing. */
export const LinkTargetSchema = Type.Union([
  PageLocationSchema,
  Type.Object({ kind: Type.Literal('anchor'), ...Place, page: Type.String(), anchor: Type.String() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('file'), ...Place, file: Type.String() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('reusable-content'), ...Place, reusableContent: Type.String() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('url'), url: Type.String() }, { additionalProperties: false }),
]);

/** A link item: a target, how it is referred to, and the pages that refer to it. */
export const LinkSchema = Type.Object(
  {
    status: LinkStatusSchema,
    relation: Type.Unsafe<string>({ type: 'string', enum: ['reference', 'mention', 'content-ref', 'include'] }),
    targetReference: LinkTargetSchema,
    locationReferences: Type.Array(PageLocationSchema),
  },
  { additionalProperties: false },
);

/** `stats` of a link list (over the whole list, whatever its status filter). */
export const LinkStatsSchema = Type.Object(
  { total: Type.Integer(), broken: Type.Object({ total: Type.Integer(), changeRequest: Type.Integer() }, { additionalProperties: false }) },
  { additionalProperties: false },
);

/**
 * The list envelope with `stats`.
 *
 * @example
 * response: { 200: LinkListOf(LinkSchema) }
 */
export function LinkListOf<T extends TSchema>(item: T) {
  return Type.Object({ ...ListOf(item).properties, stats: LinkStatsSchema });
}

/** The list of links with its stats. */
export const LinkListSchema = LinkListOf(LinkSchema);

/** The list of backlinks of a file. */
export const BacklinkListSchema = ListOf(PageLocationSchema);
