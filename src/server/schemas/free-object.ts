import { Type } from 'typebox';

/**
 * An object whose fields the published schema defines in depth (a page's `layout`, `cover`, a JSON document's
 * nodes) and that the service passes through as stored: serialized whole.
 *
 * @example
 * cover: Type.Optional(FreeObject)
 */
export const FreeObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
