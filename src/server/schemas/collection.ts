import { Type } from 'typebox';
import { EntityId } from './entity-id.ts';
import { Nullable } from './nullable.ts';
import { DefaultLevelSchema } from './roles.ts';

/** The published `Collection`, plus the seed's `description`. */
export const CollectionSchema = Type.Object({
  object: Type.Literal('collection'),
  id: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  organization: Type.String(),
  parent: Type.Optional(Type.String()),
  defaultLevel: DefaultLevelSchema,
  urls: Type.Object({ location: Type.String({ format: 'uri' }), app: Type.String({ format: 'uri' }) }),
  permissions: Type.Object({ view: Type.Boolean(), admin: Type.Boolean(), viewInviteLinks: Type.Boolean(), create: Type.Boolean() }),
});

/** `createCollection`'s body (optional as a whole): a title (at most 50) and a parent collection. Closed. */
export const CollectionCreateBody = Type.Object(
  { title: Type.Optional(Type.String({ maxLength: 50 })), parent: Type.Optional(EntityId) },
  { additionalProperties: false },
);

/** `updateCollectionById`'s body: title, the seed's description (at most 100; null removes it), defaultLevel. */
export const CollectionUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 50 })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    defaultLevel: Type.Optional(DefaultLevelSchema),
  },
  { additionalProperties: false },
);
