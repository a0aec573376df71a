import type { OpenAPIDocument, OpenAPIMediaType, OpenAPIOperation, OpenAPIParameter, OpenAPIPathItem } from './document.ts';
import { resolveRef } from './resolve-ref.ts';
import { schemaExample } from './schema-example.ts';

/** A request built from an operation, for code samples. */
export interface SampleRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /** The body as sent, and its media type. */
  body?: { mediaType: string; text: string };
}

/**
 * The request a code sample sends: the first server's URL (variables at their defaults), path parameters filled
 * with their examples, required query parameters, required headers, and a body example built from the first
 * media type's schema (JSON for `*json`, form fields for `x-www-form-urlencoded`, none for others). Pure.
 *
 * @example
 * sampleRequest(document, '/pets/{petId}', 'get', pathItem, operation).url // → 'https://petstore.example.com/v1/pets/1'
 */
export function sampleRequest(document: OpenAPIDocument, path: string, method: string, pathItem: OpenAPIPathItem | undefined, operation: OpenAPIOperation): SampleRequest {
  const server = operation.servers?.[0] ?? pathItem?.servers?.[0] ?? document.servers?.[0];
  let base = server?.url ?? '';
  for (const [name, variable] of Object.entries(server?.variables ?? {})) base = base.split(`{${name}}`).join(String(variable.default));
  const parameters = operationParameters(document, pathItem, operation);
  let filled = path;
  const query = new URLSearchParams();
  const headers: Array<[string, string]> = [];
  for (const parameter of parameters) {
    const example = parameterExample(document, parameter);
    if (parameter.in === 'path') filled = filled.split(`{${parameter.name}}`).join(encodeURIComponent(String(example ?? `{${parameter.name}}`)));
    else if (parameter.in === 'query' && parameter.required) query.append(parameter.name, String(example ?? ''));
    else if (parameter.in === 'header' && parameter.required) headers.push([parameter.name, String(example ?? '')]);
  }
  const request: SampleRequest = { method: method.toUpperCase(), url: `${base.replace(/\/$/, '')}${filled}${query.size ? `?${query}` : ''}`, headers };
  const body = resolveRef<{ content?: Record<string, OpenAPIMediaType> }>(document, operation.requestBody as { content?: Record<string, OpenAPIMediaType> }, []).value;
  const [mediaType, media] = Object.entries(body?.content ?? {})[0] ?? [];
  if (mediaType && media) {
    const example = mediaExample(document, media);
    if (/json/i.test(mediaType) && example !== undefined) request.body = { mediaType, text: JSON.stringify(example, null, 2) };
    else if (mediaType === 'application/x-www-form-urlencoded' && typeof example === 'object' && example !== null) {
      request.body = { mediaType, text: new URLSearchParams(Object.entries(example).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString() };
    }
    if (request.body) headers.push(['Content-Type', mediaType]);
  }
  return request;
}

/** The example of a media type: its own `example`, its first `examples` value, else one built from its schema. */
export function mediaExample(document: OpenAPIDocument, media: OpenAPIMediaType): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  if (first !== undefined) {
    const resolved = resolveRef<{ value?: unknown }>(document, first as { value?: unknown }, []).value;
    if (resolved?.value !== undefined) return resolved.value;
  }
  return media.schema === undefined ? undefined : schemaExample(document, media.schema);
}

/** An operation's parameters with its path item's, the operation's winning on the same name and location. */
export function operationParameters(document: OpenAPIDocument, pathItem: OpenAPIPathItem | undefined, operation: OpenAPIOperation): OpenAPIParameter[] {
  const byKey = new Map<string, OpenAPIParameter>();
  for (const list of [pathItem?.parameters ?? [], operation.parameters ?? []]) {
    for (const entry of list) {
      const parameter = resolveRef<OpenAPIParameter>(document, entry as OpenAPIParameter, []).value;
      if (parameter && typeof parameter.name === 'string') byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

function parameterExample(document: OpenAPIDocument, parameter: OpenAPIParameter): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values(parameter.examples ?? {})[0];
  const value = first === undefined ? undefined : resolveRef<{ value?: unknown }>(document, first as { value?: unknown }, []).value?.value;
  return value ?? (parameter.schema === undefined ? undefined : schemaExample(document, parameter.schema));
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** `curl` for a request. */
export function curlSample(request: SampleRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body) lines.push(`  --data ${shellQuote(request.body.text)}`);
  return lines.join(' \\\n');
}

/** JavaScript `fetch` for a request. */
export function fetchSample(request: SampleRequest): string {
  const options: string[] = [`  method: ${JSON.stringify(request.method)},`];
  if (request.headers.length) options.push(`  headers: {\n${request.headers.map(([name, value]) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)},`).join('\n')}\n  },`);
  if (request.body) options.push(/json/i.test(request.body.mediaType) ? `  body: JSON.stringify(${request.body.text.replace(/\n/g, '\n  ')}),` : `  body: ${JSON.stringify(request.body.text)},`);
  return `const response = await fetch(${JSON.stringify(request.url)}, {\n${options.join('\n')}\n});\nconst data = await response.json();`;
}

/** Python `requests` for a request. */
export function pythonSample(request: SampleRequest): string {
  const args = [JSON.stringify(request.url)];
  if (request.headers.length) args.push(`headers={${request.headers.map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`).join(', ')}}`);
  if (request.body) args.push(/json/i.test(request.body.mediaType) ? `json=${pythonLiteral(JSON.parse(request.body.text))}` : `data=${JSON.stringify(request.body.text)}`);
  const method = request.method.toLowerCase();
  const call = pythonMethods.has(method) ? `requests.${method}(${args.join(', ')})` : `requests.request(${JSON.stringify(request.method)}, ${args.join(', ')})`;
  return `import requests\n\nresponse = ${call}\ndata = response.json()`;
}

const pythonMethods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/** A JSON value as a Python literal (`True`, `None`, …). */
function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>).map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`).join(', ')}}`;
}
