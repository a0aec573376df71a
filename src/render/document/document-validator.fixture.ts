// Test support: the published `JSONDocument` schema (openapi.json of @gitbook/api), compiled with Ajv. OpenAPI
// 3.1 is JSON Schema 2020-12; strict mode off (OpenAPI keywords such as `x-internal`), formats on (`date-time`;
// `icon` is GitBook's own and checked by its `maxLength`). `nullable` (OpenAPI 3.0) becomes a null type and
// `discriminator` is dropped (the oneOf it annotates still decides).
//
// Three defects of the published schema are corrected (`corrected: false` compiles it as published; the tests
// show each defect with it). Each one rejects every instance of a shape GitBook itself returns:
// 1. `PlainObject` (an integration block's `props`) has no `type: object`, so a string, number or array prop
//    matches both the object branch and its own branch of the `oneOf`: no props but `{}` can validate.
// 2. `DocumentInlineButton.data` is `allOf: [{label, kind, ...}, oneOf: [{ref}, {action}]]` whose branches say
//    `additionalProperties: false`, so `label` and `kind` are both required and forbidden: no button validates.
// 3. `DocumentTableRecord.values` is a `oneOf` in which a URL or file `ContentRef` matches both `ContentRef` and
//    `DocumentTableImageRecord`: no card can link to a URL (corrected to `anyOf`).
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const base = 'https://quire.invalid/openapi.json';

export interface DocumentValidator {
  /** The Ajv errors of `document`, formatted one per line; `undefined` when it is valid. */
  errors(document: unknown): string | undefined;
}

/**
 * Compiles `#/components/schemas/JSONDocument` of `spec` (the parsed openapi.json).
 *
 * @example
 * const validator = documentValidator(JSON.parse(readFileSync(specPath, 'utf8')));
 * expect(validator.errors(document)).toBeUndefined();
 */
export function documentValidator(spec: { components: { schemas: Record<string, unknown> } }, options: { corrected?: boolean } = {}): DocumentValidator {
  const schemas = normalizeOpenApiSchema(spec.components.schemas) as Record<string, Schema>;
  if (options.corrected !== false) correctDocumentSchemaDefects(schemas);
  // The first error is enough to know; all of them (much slower, with nested oneOfs) only to tell.
  const check = compile(schemas, false);
  let explain: ValidateFunction | undefined;
  return {
    errors(document) {
      if (check(document)) return undefined;
      explain ??= compile(schemas, true);
      explain(document);
      return format(explain.errors ?? [], document);
    },
  };
}

function compile(schemas: Record<string, Schema>, allErrors: boolean): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors, validateFormats: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('icon', true);
  ajv.addSchema({ $id: base, components: { schemas } });
  return ajv.compile({ $ref: `${base}#/components/schemas/JSONDocument` });
}

type Schema = Record<string, unknown>;

/** The three corrections (see the top of this file), on normalised component schemas; the conformance validator applies them too. */
export function correctDocumentSchemaDefects(schemas: Record<string, Schema>): void {
  schemas.PlainObject = { type: 'object', ...schemas.PlainObject };

  const button = schemas.DocumentInlineButton as { properties: { data: { allOf: [Schema, { oneOf: Schema[] }] } } };
  for (const branch of button.properties.data.allOf[1].oneOf) delete branch.additionalProperties;

  const record = schemas.DocumentTableRecord as { properties: { values: { additionalProperties: Schema } } };
  const value = record.properties.values.additionalProperties;
  record.properties.values.additionalProperties = { anyOf: value.oneOf };
}

/**
 * Rewrites a published OpenAPI schema for Ajv: `$ref`s into the document registered at `base`, OpenAPI 3.0's
 * `nullable` as a null type, no `discriminator` or `example`. The conformance response validator uses it too.
 */
export function normalizeOpenApiSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeOpenApiSchema);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'discriminator' || key === 'nullable' || key === 'example') continue;
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) result.$ref = `${base}${child}`;
    // Under these keys every entry is a schema, whatever its name (a property may be called `example`).
    else if (key === 'properties' || key === 'schemas') result[key] = Object.fromEntries(Object.entries(child as Record<string, unknown>).map(([name, schema]) => [name, normalizeOpenApiSchema(schema)]));
    else result[key] = normalizeOpenApiSchema(child);
  }
  if ((value as { nullable?: unknown }).nullable === true) {
    if (typeof result.type === 'string') result.type = [result.type, 'null'];
    else return { anyOf: [result, { type: 'null' }] };
  }
  return result;
}

/** The `$id` under which `normalizeOpenApiSchema` expects the published components to be registered. */
export const openApiSchemaBase = base;

/** The errors that say most: the deepest paths first (a oneOf reports every branch it tried). */
function format(errors: readonly ErrorObject[], document: unknown): string {
  const sorted = [...errors].sort((left, right) => right.instancePath.split('/').length - left.instancePath.split('/').length);
  const lines = sorted.slice(0, 60).map((error) => `  ${error.instancePath || '(root)'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
  const deepest = sorted[0]?.instancePath;
  const at = deepest ? ` at ${deepest}: ${JSON.stringify(pointer(document, deepest)).slice(0, 400)}` : '';
  return `${lines.join('\n')}\n${at}`;
}

function pointer(document: unknown, path: string): unknown {
  let current = document;
  for (const part of path.split('/').slice(1)) current = (current as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return current;
}
