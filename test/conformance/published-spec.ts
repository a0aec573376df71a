// The published OpenAPI document of the service (`@gitbook/api`'s spec/openapi.json), read once, and the
// lookup of the operation a request is for.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The parts of an OpenAPI 3.1 document the suite reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, OpenApiResponse>; parameters: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, OpenApiResponse | { $ref: string }>;
}

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}

/** An operation of the published spec, found for a request. */
export interface PublishedOperation {
  operationId: string;
  method: string;
  /** The path template, relative to /v1: `/spaces/{spaceId}`. */
  path: string;
  operation: OpenApiOperation;
}

const require = createRequire(import.meta.url);

/** The published document, parsed once. */
export const publishedSpec: OpenApiDocument = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as OpenApiDocument;

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

interface Matcher extends PublishedOperation {
  pattern: RegExp;
  literalSegments: number;
}

const matchers: Matcher[] = Object.entries(publishedSpec.paths)
  .flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => {
        const segments = path.split('/').filter((segment) => segment !== '');
        // A page path (`getPageByPath` and its variants) is sent unencoded by the official client: several segments.
        const parameter = (segment: string) => (segment === '{pagePath}' ? '.+' : '[^/]+');
        const pattern = new RegExp(`^/${segments.map((segment) => (/^\{.+\}$/.test(segment) ? parameter(segment) : escapeRegExp(segment))).join('/')}/?$`);
        return {
          operationId: (operation as OpenApiOperation).operationId,
          method: method.toUpperCase(),
          path,
          operation: operation as OpenApiOperation,
          pattern,
          literalSegments: segments.filter((segment) => !/^\{.+\}$/.test(segment)).length,
        };
      }),
  )
  // Literal segments win over parameters: /spaces/{id}/content/files before /spaces/{id}/content/{x}.
  .sort((a, b) => b.literalSegments - a.literalSegments);

/**
 * The published operation for `method` and a path relative to /v1 (or a full /v1 URL path), or undefined
 * when the spec has none (the seed's extra operations, such as space transfer).
 *
 * @example
 * findOperation('GET', '/v1/spaces/abc')?.operationId // → 'getSpaceById'
 */
export function findOperation(method: string, path: string): PublishedOperation | undefined {
  const relative = path.replace(/^\/v1(?=\/|$)/, '') || '/';
  const upper = method.toUpperCase();
  const found = matchers.find((matcher) => matcher.method === upper && matcher.pattern.test(relative));
  return found === undefined ? undefined : { operationId: found.operationId, method: found.method, path: found.path, operation: found.operation };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
