// The routes of the app, as Fastify registers them (its `onRoute` hook, through `buildApp`'s `onRoute`), with
// their request schemas as plain JSON and the published operation each one implements, if any. Nobody lists
// the routes by hand: a route added later is in the catalogue, and so in the fuzzer, without new code.
import type { RouteOptions } from 'fastify';
import { findOperation, publishedSpec } from '../conformance/published-spec.ts';
import type { JsonSchema, SchemaObject } from './schema-arbitrary.ts';

/** One route: method, Fastify URL template (`/v1/spaces/:spaceId`), and what it declares. */
export interface FuzzRoute {
  method: string;
  url: string;
  params?: SchemaObject;
  querystring?: SchemaObject;
  headers?: SchemaObject;
  body?: SchemaObject;
  /** The statuses it declares a response schema for (`200`, `4xx`, ...). */
  responses: string[];
  /** The published operation for the same method and path, with its JSON request body schema. */
  published?: { operationId: string; requestBody?: JsonSchema };
}

/**
 * Collects routes: pass `collector.onRoute` to `buildApp`, read `collector.routes` once it resolves.
 *
 * @example
 * const collector = routeCollector();
 * const app = await buildApp({ store, onRoute: collector.onRoute });
 * collector.routes.length // → 148
 */
export function routeCollector(): { onRoute: (route: RouteOptions) => void; routes: FuzzRoute[] } {
  const routes: FuzzRoute[] = [];
  return {
    routes,
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push(describeRoute(method, route));
    },
  };
}

function describeRoute(method: string, route: RouteOptions): FuzzRoute {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const described: FuzzRoute = { method, url: route.url, responses: Object.keys(asObject(schema.response) ?? {}) };
  for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
    const plain = asObject(schema[part]);
    if (plain !== undefined) described[part] = plain;
  }
  const published = publishedOperation(method, route.url);
  if (published !== undefined) described.published = published;
  return described;
}

/** The schema as plain JSON (TypeBox marks its schemas with symbols, which are dropped). */
function asObject(schema: unknown): SchemaObject | undefined {
  return typeof schema === 'object' && schema !== null ? (JSON.parse(JSON.stringify(schema)) as SchemaObject) : undefined;
}

function publishedOperation(method: string, url: string): FuzzRoute['published'] {
  const samplePath = url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
  const found = findOperation(method === 'HEAD' ? 'GET' : method, samplePath);
  if (found === undefined) return undefined;
  const body = (found.operation as { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }).requestBody?.content?.['application/json']?.schema;
  return { operationId: found.operationId, ...(body === undefined ? {} : { requestBody: body }) };
}

/**
 * Resolves the published document's `#/components/schemas/...` references.
 *
 * @example
 * resolvePublishedRef('#/components/schemas/Site') // → { type: 'object', ... }
 */
export function resolvePublishedRef(ref: string): JsonSchema | undefined {
  const prefix = '#/components/schemas/';
  if (!ref.startsWith(prefix)) return undefined;
  return publishedSpec.components.schemas[ref.slice(prefix.length)] as JsonSchema | undefined;
}

/** The names of a URL template's path parameters, `*` for the wildcard. */
export function pathParameters(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z]+)|(\*)/g)].map((match) => match[1] ?? '*');
}

/**
 * What a route fails to declare: a schema for its path parameters, for its body (PUT and PATCH, which always
 * take one), or for its answers. Each gap is a finding: the route takes input nothing checks, or answers with
 * fields nothing filters.
 *
 * @example
 * schemaGaps({ method: 'PATCH', url: '/v1/x/:id', responses: [] }) // → ['params', 'body', 'response']
 */
export function schemaGaps(route: FuzzRoute): string[] {
  const gaps: string[] = [];
  const parameters = pathParameters(route.url);
  const declared = Object.keys((route.params?.properties as object | undefined) ?? {});
  if (parameters.some((name) => !declared.includes(name))) gaps.push('params');
  if ((route.method === 'PUT' || route.method === 'PATCH') && route.body === undefined) gaps.push('body');
  // A success is a 2xx, or a 3xx for a route whose answer is a redirect (the SAML start URL).
  if (!route.responses.some((status) => status.startsWith('2') || status.startsWith('3'))) gaps.push('response');
  return gaps;
}

/** `GET /v1/spaces/:spaceId`. */
export function routeName(route: Pick<FuzzRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}
