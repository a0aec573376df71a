// The OpenAPI documents reference pages render from: OpenAPI 3.0 or 3.1 objects (Swagger 2.0 upgraded before they
// get here) whose only `$ref`s are internal (`#/components/...`), cycles kept as `$ref` objects. How the plan
// carries them: loaded once before rendering, by reference key, each either a document or why there is none.
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';

export type OpenAPIDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;
export type OpenAPISchema = OpenAPIV3.SchemaObject | OpenAPIV3_1.SchemaObject;
export type OpenAPIOperation = OpenAPIV3.OperationObject | OpenAPIV3_1.OperationObject;
export type OpenAPIParameter = OpenAPIV3.ParameterObject | OpenAPIV3_1.ParameterObject;
export type OpenAPIMediaType = OpenAPIV3.MediaTypeObject | OpenAPIV3_1.MediaTypeObject;
export type OpenAPIPathItem = OpenAPIV3.PathItemObject | OpenAPIV3_1.PathItemObject;
export type OpenAPISecurityScheme = OpenAPIV3.SecuritySchemeObject | OpenAPIV3_1.SecuritySchemeObject;

/** A specification as the plan holds it: its document, or the reason it could not be loaded (shown on the page). */
export type LoadedOpenAPI = { document: OpenAPIDocument } | { error: string };

/** The HTTP methods of a path item, in the order operations are shown. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export function isHttpMethod(value: string): value is HttpMethod {
  return (httpMethods as readonly string[]).includes(value);
}
