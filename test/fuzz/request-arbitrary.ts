// The requests the fuzzer sends to one route, drawn from the route's own schemas: path parameters (a real id of
// the world, a valid random one, or a hostile one), a query, headers and a body, each valid, invalid or
// hostile, sent as the admin, a `read` member, nobody, or with a token the service never issued.
import fc from 'fast-check';
import type { Caller } from './fuzz-world.ts';
import { pathParameters, resolvePublishedRef, routeName, type FuzzRoute } from './route-catalogue.ts';
import { hostileText, invalidValue, validValue, type JsonSchema, type SchemaObject } from './schema-arbitrary.ts';

/** One request, ready for `app.inject`, with what was generated for it. */
export interface FuzzRequest {
  route: string;
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How each part was made: `params: real`, `body: invalid`, ... (for the report and the statistics). */
  shape: string[];
}

/** What the request generator needs from the world. */
export interface RequestContext {
  ids: Record<string, string[]>;
  authorization: Record<Caller, string | undefined>;
}

/** Path segments the router and the handlers must survive. Sent as they are (already percent-encoded). */
const hostileSegments = ['..', '.', '%2e%2e', '%2E%2E%2F%2E%2E', '%2F', '%00', '%ZZ', '%', '%ED%A0%80', '%C0%AE', '%F0%9F%99%82', 'a'.repeat(129), 'a'.repeat(1001), '__proto__', 'constructor', '-', '_', '0'];

/**
 * Requests for `route` in `context`.
 *
 * @example
 * fc.sample(requestArbitrary(route, world), 1) // → [{ method: 'GET', url: '/v1/spaces/abc?limit=5', ... }]
 */
export function requestArbitrary(route: FuzzRoute, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const property = realIds(context.ids);
  return fc
    .record({
      caller: fc.oneof({ arbitrary: fc.constant<Caller>('admin'), weight: 7 }, fc.constantFrom<Caller>('reader', 'anonymous', 'unknown-token')),
      path: pathArbitrary(route, context.ids),
      query: queryArbitrary(route.querystring, property),
      headers: headersArbitrary(route.headers),
      body: bodyArbitrary(route, property),
    })
    .map(({ caller, path, query, headers, body }) => {
      const authorization = context.authorization[caller];
      const allHeaders: Record<string, string> = { ...headers.values, ...(authorization === undefined ? {} : { authorization }), ...body.headers };
      const request: FuzzRequest = {
        route: routeName(route),
        caller,
        method: route.method,
        url: `${path.url}${query.text}`,
        headers: allHeaders,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        shape: [`caller: ${caller}`, `params: ${path.shape}`, `query: ${query.shape}`, `headers: ${headers.shape}`, `body: ${body.shape}`],
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

/**
 * The request in a few lines, long values cut, for failure reports.
 *
 * @example
 * describeRequest(request) // → 'PATCH /v1/spaces/abc (caller: admin, ...)\n  body: {"title":...'
 */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text);
  const payload = request.payload === undefined ? '' : `\n  body: ${cut(typeof request.payload === 'string' ? JSON.stringify(request.payload) : `<${request.payload.length} bytes>`)}`;
  return `${request.method} ${cut(request.url)} (${request.shape.join(', ')})\n  headers: ${cut(JSON.stringify({ ...request.headers, authorization: request.caller }))}${payload}`;
}

/** Real ids for body fields named like the world's records (`spaceId`, `parent`, ...). */
function realIds(ids: Record<string, string[]>): (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined {
  return (name, schema) => {
    const known = ids[name];
    const takesText = typeof schema === 'object' && (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')));
    return known !== undefined && known.length > 0 && takesText ? fc.constantFrom(...known) : undefined;
  };
}

function pathArbitrary(route: FuzzRoute, ids: Record<string, string[]>): fc.Arbitrary<{ url: string; shape: string }> {
  const names = pathParameters(route.url);
  if (names.length === 0) return fc.constant({ url: route.url, shape: 'none' });
  const declared = (route.params?.properties ?? {}) as Record<string, JsonSchema>;
  const segment = (name: string): fc.Arbitrary<{ text: string; shape: string }> => {
    const known = ids[name] ?? [];
    const schema = declared[name] ?? { type: 'string' };
    const choices: Array<fc.WeightedArbitrary<{ text: string; shape: string }>> = [
      { arbitrary: validValue(schema).map((value) => ({ text: encodeSegment(String(value), name === '*'), shape: 'random' })), weight: 2 },
      { arbitrary: fc.constantFrom(...hostileSegments).map((text) => ({ text, shape: 'hostile' })), weight: 2 },
      { arbitrary: hostileText().map((text) => ({ text: encodeSegment(text, name === '*'), shape: 'hostile' })), weight: 1 },
    ];
    if (known.length > 0) choices.push({ arbitrary: fc.constantFrom(...known).map((text) => ({ text: encodeSegment(text, name === '*'), shape: 'real' })), weight: 6 });
    if (name === '*') choices.push({ arbitrary: fc.constantFrom('a/../b', '../../etc/passwd', 'home/', '/home', 'home//guide', 'guide/%2e%2e/x').map((text) => ({ text, shape: 'hostile' })), weight: 1 });
    return fc.oneof(...choices);
  };
  const mixed = fc.tuple(...names.map(segment));
  // Most requests name real records throughout, so they reach the handlers past their lookups.
  const allReal = names.every((name) => (ids[name] ?? []).length > 0)
    ? fc.tuple(...names.map((name) => fc.constantFrom(...ids[name]!).map((text) => ({ text: encodeSegment(text, name === '*'), shape: 'real' }))))
    : mixed;
  return fc.oneof({ arbitrary: allReal, weight: 3 }, { arbitrary: mixed, weight: 2 }).map((segments) => {
    let index = 0;
    const url = route.url.replace(/:[A-Za-z]+|\*/g, () => segments[index++]!.text);
    const shapes = new Set(segments.map((part) => part.shape));
    return { url, shape: shapes.has('hostile') ? 'hostile' : shapes.has('random') ? 'random' : 'real' };
  });
}

/** Percent-encodes text's UTF-8 bytes, keeping unreserved characters (and `/` in a wildcard page path). */
function encodeSegment(text: string, keepSlashes: boolean): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) || (keepSlashes && byte === 0x2f) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

function queryArbitrary(schema: SchemaObject | undefined, property: ReturnType<typeof realIds>): fc.Arbitrary<{ text: string; shape: string }> {
  const hostileQuery = fc.constantFrom('?%ZZ=1', '?limit=1&limit=2', '?__proto__[x]=1', '?constructor=1', `?page=${'p'.repeat(5000)}`, '?=&&=', '?a=%00', '?format=%ED%A0%80');
  const extra = fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), hostileText()).map(([key, value]) => ({ text: `?${new URLSearchParams([[key, value]]).toString()}`, shape: 'hostile' }));
  const choices: Array<fc.WeightedArbitrary<{ text: string; shape: string }>> = [
    { arbitrary: fc.constant({ text: '', shape: 'none' }), weight: 2 },
    { arbitrary: hostileQuery.map((text) => ({ text, shape: 'hostile' })), weight: 1 },
    { arbitrary: extra, weight: 1 },
  ];
  if (schema !== undefined) {
    choices.push({ arbitrary: validValue(schema, { property }).map((value) => ({ text: queryText(value), shape: 'valid' })), weight: 4 });
    const refused = invalidValue(schema);
    if (refused !== undefined) choices.push({ arbitrary: refused.map((value) => ({ text: queryText(value), shape: 'invalid' })), weight: 2 });
  }
  return fc.oneof(...choices);
}

/** An object as a query string: arrays as repeated keys, objects as JSON. */
function queryText(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `?${new URLSearchParams([['value', JSON.stringify(value)]]).toString()}`;
  const pairs = Object.entries(value).flatMap(([key, item]) => (Array.isArray(item) ? item : [item]).map((one) => [key, typeof one === 'string' ? one : JSON.stringify(one)] as [string, string]));
  const text = new URLSearchParams(pairs).toString();
  return text === '' ? '' : `?${text}`;
}

function headersArbitrary(schema: SchemaObject | undefined): fc.Arbitrary<{ values: Record<string, string>; shape: string }> {
  const none = fc.constant({ values: {}, shape: 'none' });
  const odd = fc.constantFrom<Record<string, string>>({ accept: 'text/html' }, { 'accept-encoding': 'gzip' }, { 'x-forwarded-host': 'evil.example' }, { host: 'a'.repeat(300) }, { prefer: 'return=minimal' }, { 'if-match': '"x"' });
  if (schema === undefined) return fc.oneof({ arbitrary: none, weight: 4 }, odd.map((values) => ({ values, shape: 'odd' })));
  // Header values must be visible ASCII: other text cannot be sent at all.
  const headerSafe = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)).replace(/[^\x20-\x7e]/g, '?');
  const asHeaders = (value: unknown): Record<string, string> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key.toLowerCase().replace(/[^a-z0-9-]/g, '') || 'x-empty', headerSafe(item)])) : {};
  const choices: Array<fc.WeightedArbitrary<{ values: Record<string, string>; shape: string }>> = [
    { arbitrary: none, weight: 2 },
    { arbitrary: validValue(schema).map((value) => ({ values: asHeaders(value), shape: 'valid' })), weight: 3 },
    { arbitrary: odd.map((values) => ({ values, shape: 'odd' })), weight: 1 },
  ];
  const refused = invalidValue(schema);
  if (refused !== undefined) choices.push({ arbitrary: refused.map((value) => ({ values: asHeaders(value), shape: 'invalid' })), weight: 2 });
  return fc.oneof(...choices);
}

interface BodyChoice {
  payload?: string | Buffer;
  headers: Record<string, string>;
  shape: string;
}

const json = { 'content-type': 'application/json' };

function bodyArbitrary(route: FuzzRoute, property: ReturnType<typeof realIds>): fc.Arbitrary<BodyChoice> {
  const asJson = (shape: string) => (value: unknown): BodyChoice => ({ payload: JSON.stringify(value), headers: json, shape });
  const malformed = fc.constantFrom('{', '{"a":}', '[1,]', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '"\\ud800"', '\u0000', ' ').map((payload) => ({ payload, headers: json, shape: 'malformed' }));
  const bytes = fc.uint8Array({ maxLength: 256 }).map((array) => ({ payload: Buffer.from(array), headers: { 'content-type': 'application/octet-stream' }, shape: 'bytes' }));
  const otherType = fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/xml').map((type) => ({ payload: 'a=1', headers: { 'content-type': type }, shape: 'other-media-type' }));
  const nested = deepNesting().map(asJson('deep'));
  if (route.body === undefined) {
    return fc.oneof(
      { arbitrary: fc.constant<BodyChoice>({ headers: {}, shape: 'none' }), weight: 6 },
      { arbitrary: fc.jsonValue({ maxDepth: 2 }).map(asJson('unexpected')), weight: 1 },
      { arbitrary: fc.oneof(malformed, bytes, otherType), weight: 1 },
    );
  }
  const choices: Array<fc.WeightedArbitrary<BodyChoice>> = [
    { arbitrary: validValue(route.body, { property }).map(asJson('valid')), weight: 4 },
    { arbitrary: validValue(route.body, { property, text: hostileText() }).map(asJson('hostile-text')), weight: 2 },
    { arbitrary: fc.oneof(malformed, bytes, otherType, nested, fc.constant<BodyChoice>({ headers: {}, shape: 'none' })), weight: 2 },
  ];
  const refused = invalidValue(route.body, { property });
  if (refused !== undefined) choices.push({ arbitrary: refused.map(asJson('invalid')), weight: 4 });
  const published = route.published?.requestBody;
  if (published !== undefined && isLoose(route.body)) {
    choices.push({ arbitrary: validValue(published, { property, resolve: resolvePublishedRef, maxDepth: 3 }).map(asJson('published')), weight: 4 });
  }
  return fc.oneof(...choices);
}

/** Whether a schema lets free objects through somewhere (so ours says little, and the published one more). */
function isLoose(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(isLoose);
  if (typeof schema !== 'object' || schema === null) return false;
  const object = schema as SchemaObject;
  if (object.additionalProperties === true || (object.type === 'object' && object.properties === undefined)) return true;
  return Object.values(object).some(isLoose);
}

/** JSON nested 32 to 512 deep (arrays or objects): deep within reason, far past any real document. */
function deepNesting(): fc.Arbitrary<unknown> {
  return fc.tuple(fc.constantFrom(32, 128, 512), fc.boolean()).map(([depth, arrays]) => {
    let value: unknown = 'leaf';
    for (let level = 0; level < depth; level++) value = arrays ? [value] : { nodes: value };
    return arrays ? { changes: value, jsonSchema: value } : value;
  });
}
