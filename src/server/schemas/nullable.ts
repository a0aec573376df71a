import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/**
 * A schema that also accepts null, written as a `type` array (`{ type: ['string', 'null'], maxLength: 50 }`)
 * rather than an `anyOf`, so a wrong value gets one plain error message. For schemas with a single `type`.
 *
 * @example
 * emoji: Type.Optional(Nullable(Type.String({ maxLength: 50 })))
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const plain = JSON.parse(JSON.stringify(schema)) as { type?: unknown; enum?: unknown[] };
  if (typeof plain.type !== 'string') throw new TypeError('Nullable takes a schema with a single type');
  return Type.Unsafe<Static<T> | null>({
    ...plain,
    type: [plain.type, 'null'],
    ...(plain.enum === undefined ? {} : { enum: [...plain.enum, null] }),
  });
}
