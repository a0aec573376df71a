import { Type } from 'typebox';
import { EntityId } from './entity-id.ts';
import { Nullable } from './nullable.ts';

const pointerDescription = 'a space pointer { "type": "space", "space": "<id>" } or a collection pointer { "type": "collection", "collection": "<id>" }';

/** `SpacePointer | CollectionPointer`. */
export const ContentPointerSchema = Type.Union(
  [
    Type.Object({ type: Type.Literal('space'), space: EntityId }, { additionalProperties: false }),
    Type.Object({ type: Type.Literal('collection'), collection: EntityId }, { additionalProperties: false }),
  ],
  { description: pointerDescription },
);

/** `ContentPosition`: `{ before?, after? }`. */
export const ContentPositionSchema = Type.Object(
  { before: Type.Optional(ContentPointerSchema), after: Type.Optional(ContentPointerSchema) },
  { additionalProperties: false },
);

/** The body of `moveSpace` and `moveCollection`: a new parent (null: the top level), a position, or both. */
export const MoveBody = Type.Object(
  { parent: Type.Optional(Nullable(EntityId)), position: Type.Optional(ContentPositionSchema) },
  { additionalProperties: false, minProperties: 1 },
);

/** The body of `transferCollection` (and the seed's space transfer): the target organization. */
export const TransferBody = Type.Object({ organization: EntityId }, { additionalProperties: false });
