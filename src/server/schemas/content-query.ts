import { Type } from 'typebox';
import { PaginationQuery } from './list.ts';

/** `metadata` (default true: false leaves the revision's git out) and `computed` (default true), on every content read. */
export const ContentQuery = Type.Object({
  metadata: Type.Optional(Type.Boolean()),
  computed: Type.Optional(Type.Boolean()),
});

/** The query of the files lists: the list's `page` and `limit`, `metadata`, `computed`. */
export const FilesQuery = Type.Object({ ...PaginationQuery.properties, ...ContentQuery.properties });

/** The query of a single page read: `format` and the published options around it. */
export const PageQuery = Type.Object({
  ...ContentQuery.properties,
  format: Type.Optional(Type.Unsafe<'markdown' | 'document'>({ type: 'string', enum: ['document', 'markdown'] })),
  'format.markdown.refs': Type.Optional(Type.Unsafe<'relative' | 'stable'>({ type: 'string', enum: ['relative', 'stable'] })),
  // `boolean | word` in the published spec; in a query string both are words. Quire evaluates and expands nothing.
  evaluated: Type.Optional(Type.Unsafe<'true' | 'false' | 'deterministic-only'>({ type: 'string', enum: ['true', 'false', 'deterministic-only'] })),
  dereferenced: Type.Optional(Type.Unsafe<'true' | 'false' | 'reusable-contents'>({ type: 'string', enum: ['true', 'false', 'reusable-contents'] })),
});

/** The query of a page read by path: a page read's, and `cachedMetadata`. */
export const PathQuery = Type.Object({ ...PageQuery.properties, cachedMetadata: Type.Optional(Type.Boolean()) });

/** The query of the `/document` routes: `evaluated` and `dereferenced`. */
export const DocumentQuery = Type.Object({ evaluated: PageQuery.properties.evaluated, dereferenced: PageQuery.properties.dereferenced });
