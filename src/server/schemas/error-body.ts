import { Type, type Static } from 'typebox';

/** The published `Error`: `{ error: { code: <http status>, message } }`. */
export const ErrorBody = Type.Object({
  error: Type.Object({ code: Type.Integer(), message: Type.String() }),
});
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * The error responses every route declares (any 4xx and 5xx answers with the same body).
 *
 * @example
 * response: { 200: SpaceSchema, ...errorResponses }
 */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const;
