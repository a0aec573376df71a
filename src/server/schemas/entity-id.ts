import { Type } from 'typebox';

/** The published `EntityId`: every id in a path (`^[a-zA-Z0-9_-]+$`), at most 128 characters. */
export const entityIdPattern = '^[a-zA-Z0-9_-]+$';

/**
 * An id in a path or a body.
 *
 * @example
 * params: Type.Object({ spaceId: EntityId })
 */
export const EntityId = Type.String({ pattern: entityIdPattern, minLength: 1, maxLength: 128 });
