// Validates every response the suite gets against the published schema of its operation. Compiled with Ajv
// (JSON Schema 2020-12, the dialect of OpenAPI 3.1), strict mode off, formats on; OpenAPI's `nullable` (3.0)
// becomes a null type, `discriminator` is dropped (the oneOf it annotates still decides).
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { findOperation, publishedSpec, type OpenApiResponse } from './published-spec.ts';
import { correctDocumentSchemaDefects, normalizeOpenApiSchema, openApiSchemaBase } from '../../src/render/document/document-validator.fixture.ts';

/** A response, as the validator sees it. */
export interface ObservedResponse {
  method: string;
  /** Full URL or path; the path from /v1 on is used. */
  url: string;
  status: number;
  contentType: string | null;
  /** The body text ('' when there is none). */
  body: string;
}

/** The outcome of one check. */
export interface ValidationRecord {
  operationId: string | undefined;
  method: string;
  path: string;
  status: number;
}

/** Thrown when a response does not match: names the operation, the status and Ajv's errors. */
export class ResponseMismatch extends Error {
  override readonly name = 'ResponseMismatch';
}

const schemaPrefix = '#/components/schemas/';
const documentId = openApiSchemaBase;

export class ResponseValidator {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();
  /** Every response checked, in order. */
  readonly checked: ValidationRecord[] = [];

  constructor() {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, validateSchema: false });
    addFormats(this.#ajv);
    for (const format of unknownFormats()) this.#ajv.addFormat(format, true);
    const schemas = withSatisfiableEmptyDocument(normalizeOpenApiSchema(publishedSpec.components.schemas)) as Record<string, Record<string, unknown>>;
    // Three shapes the hosted service itself returns cannot validate as published (buttons, integration props,
    // cards linking to URLs): the same corrections as the document converter's own validator.
    correctDocumentSchemaDefects(schemas);
    this.#ajv.addSchema({ $id: documentId, components: { schemas } });
  }

  /** The operation ids checked so far. */
  get operationIds(): Set<string> {
    return new Set(this.checked.flatMap((record) => (record.operationId === undefined ? [] : [record.operationId])));
  }

  /**
   * Checks one response: a JSON body against the schema the operation declares for its status (errors against
   * the published `Error`, with `error.code` equal to the status), no body for 204, 205 and any other success the
   * operation declares without content (removeMemberFromOrganizationById's 202). Throws
   * `ResponseMismatch` naming the operation id and Ajv's errors.
   *
   * @example
   * validator.check({ method: 'GET', url: 'http://127.0.0.1:1234/v1/user', status: 200, contentType: 'application/json', body });
   */
  check(response: ObservedResponse): ValidationRecord {
    const path = new URL(response.url, 'http://localhost').pathname;
    const found = findOperation(response.method, path);
    const record: ValidationRecord = { operationId: found?.operationId, method: response.method.toUpperCase(), path, status: response.status };
    const name = `${found?.operationId ?? `${record.method} ${path} (no published operation)`} → ${response.status}`;
    this.checked.push(record);

    // 204 and 205 never have a body; another status has none where the operation declares no content (a 202).
    const success = found?.operation.responses[String(response.status)];
    const bodiless = response.status === 204 || response.status === 205 || (response.status < 300 && success !== undefined && resolveResponse(success).content === undefined);
    if (bodiless) {
      if (response.body !== '') throw new ResponseMismatch(`${name}: a ${response.status} answer must have no body, got ${JSON.stringify(response.body.slice(0, 200))}`);
      if (found !== undefined && response.status < 300 && !(String(response.status) in found.operation.responses)) {
        throw new ResponseMismatch(`${name}: the published operation does not declare status ${response.status}`);
      }
      return record;
    }
    if (!(response.contentType ?? '').includes('application/json')) {
      throw new ResponseMismatch(`${name}: expected a JSON body, got content-type ${String(response.contentType)}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new ResponseMismatch(`${name}: the body is not JSON: ${response.body.slice(0, 200)}`);
    }
    if (response.status >= 400) {
      this.#validate(`${name}`, 'Error', { $ref: `${schemaPrefix}Error` }, body);
      const code = (body as { error?: { code?: unknown } }).error?.code;
      if (code !== response.status) throw new ResponseMismatch(`${name}: error.code is ${JSON.stringify(code)}, not the status ${response.status}`);
      return record;
    }
    if (found === undefined) return record; // an operation of the seed the spec lacks: nothing published to check the body against
    const declared = found.operation.responses[String(response.status)];
    if (declared === undefined) {
      throw new ResponseMismatch(`${name}: the published operation declares ${Object.keys(found.operation.responses).join(', ')}, not ${response.status}`);
    }
    const schema = resolveResponse(declared).content?.['application/json']?.schema;
    if (schema === undefined) throw new ResponseMismatch(`${name}: the published operation declares no JSON body for ${response.status}, but one was sent`);
    this.#validate(name, `${found.operationId}:${response.status}`, schema, body);
    return record;
  }

  #validate(name: string, key: string, schema: unknown, body: unknown): void {
    let validate = this.#compiled.get(key);
    if (validate === undefined) {
      validate = this.#ajv.compile(normalizeOpenApiSchema(schema) as object);
      this.#compiled.set(key, validate);
    }
    if (!validate(body)) {
      throw new ResponseMismatch(`${name}: the body does not match the published schema:\n${formatErrors(validate.errors ?? [])}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
    }
  }
}

function resolveResponse(response: OpenApiResponse | { $ref: string }): OpenApiResponse {
  if ('$ref' in response && typeof response.$ref === 'string') {
    const name = response.$ref.split('/').pop()!;
    return publishedSpec.components.responses[name]!;
  }
  return response as OpenApiResponse;
}

/**
 * `Document` is `oneOf(markdown, document, Empty)`, where `Empty` is `{ properties: {}, additionalProperties:
 * false }`. `RevisionPageDocument` is `allOf(RevisionPageBase, Document, ...)`, so read literally a page without a
 * body (every page of a revision, a page read without `format`) matches none of the three: the published schema
 * could only be met by pages that carry their body. `Empty` is read as what it says, "neither `markdown` nor
 * `document`".
 */
function withSatisfiableEmptyDocument(schemas: unknown): unknown {
  const document = (schemas as Record<string, { oneOf?: Array<Record<string, unknown>> }>).Document;
  const empty = document?.oneOf?.find((variant) => variant.title === 'Empty' && variant.additionalProperties === false);
  if (empty !== undefined) {
    delete empty.additionalProperties;
    empty.not = { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] };
  }
  return schemas;
}

function formatErrors(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 12)
    .map((error) => `  ${error.instancePath || '(root)'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`)
    .join('\n');
}

/** Formats the spec names that ajv-formats does not know (emoji, ...): accepted as annotations. */
function unknownFormats(): string[] {
  const known = new Set(['date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url', 'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment', 'relative-json-pointer', 'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary']);
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'format' && typeof child === 'string' && !known.has(child)) found.add(child);
        else walk(child);
      }
    }
  };
  walk(publishedSpec.components);
  walk(publishedSpec.paths);
  return [...found];
}
