import { Type } from 'typebox';
import { FreeObject } from './free-object.ts';

const Timestamp = Type.String({ format: 'date-time' });
const Url = Type.String({ format: 'uri', maxLength: 2048 });

/** The seed's slug: 1 to 100 lower-case letters and digits in hyphen-separated words (the published one also allows capitals). */
export const OpenApiSpecSlug = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });

/** The published `OpenAPISpecSource`: `{ url }` or `{ text }` (text at least one character). */
export const OpenApiSpecSourceSchema = Type.Union([
  Type.Object({ url: Url }, { additionalProperties: false }),
  Type.Object({ text: Type.String({ minLength: 1, maxLength: 10 * 1000 * 1000 }) }, { additionalProperties: false }),
]);

/** The published `OpenAPISpecVisibility`. */
export const OpenApiSpecVisibilitySchema = Type.Union([Type.Literal('private'), Type.Literal('public')]);

/** The published `OpenAPISpec`. */
export const OpenApiSpecSchema = Type.Object({
  object: Type.Literal('openapi-spec'),
  id: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  slug: Type.String(),
  sourceURL: Type.Optional(Url),
  processingState: Type.Union([Type.Literal('pending'), Type.Literal('progress'), Type.Literal('complete')]),
  visibility: OpenApiSpecVisibilitySchema,
  lastVersion: Type.Optional(Type.String()),
  lastProcessedAt: Type.Optional(Timestamp),
  lastProcessErrorCode: Type.Optional(Type.Union([Type.Literal('FETCH_TIMEOUT'), Type.Literal('FETCH_ERROR'), Type.Literal('PARSE_ERROR')])),
  lastProcessedErrors: Type.Array(Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) })),
  lastProcessedErrorCount: Type.Integer({ minimum: 0 }),
  permissions: Type.Object({ view: Type.Boolean(), edit: Type.Boolean() }),
  urls: Type.Object({ location: Url, app: Url, published: Type.Optional(Url) }),
});

/** The published `OpenAPISpecVersion`. */
export const OpenApiSpecVersionSchema = Type.Object({
  object: Type.Literal('openapi-spec-version'),
  id: Type.String(),
  createdAt: Timestamp,
  url: Url,
  urls: Type.Object({ location: Url }),
});

/** The published `OpenAPISpecContent`: the filesystem keyed by filename, and `urls { source, public }`. */
export const OpenApiSpecContentSchema = Type.Object({
  filesystem: FreeObject,
  urls: Type.Object({ source: Url, public: Type.Union([Type.Null(), Url]) }),
});

/** `createOpenAPISpec`'s body. */
export const OpenApiSpecCreateBody = Type.Object({ slug: OpenApiSpecSlug, source: OpenApiSpecSourceSchema }, { additionalProperties: false });

/** `createOrUpdateOpenAPISpecBySlug`'s body. */
export const OpenApiSpecPutBody = Type.Object({ source: OpenApiSpecSourceSchema }, { additionalProperties: false });

/** `updateOpenAPISpecBySlug`'s body. */
export const OpenApiSpecPatchBody = Type.Object({ visibility: OpenApiSpecVisibilitySchema }, { additionalProperties: false });
