import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { entityIdPattern } from './schemas/entity-id.ts';

/*
 * Turns Ajv's errors for one request part into one sentence that names the field: `body/title must have at
 * most 50 characters`, `body/colour is not a known field`, `query/limit must be at most 1000`. Fastify calls it
 * (schemaErrorFormatter) and answers 400 with the message; the root error handler puts it in the error body.
 */

interface AjvError extends FastifySchemaValidationError {
  parentSchema?: { description?: string };
}

const partNames: Record<string, string> = { querystring: 'query', params: 'params', body: 'body', headers: 'headers' };

/**
 * The validation error for `errors` found in `dataVar` (`body`, `querystring`, `params`, `headers`).
 *
 * @example
 * validationError([{ keyword: 'maxLength', instancePath: '/title', params: { limit: 50 }, ... }], 'body').message
 * // → 'body/title must have at most 50 characters'
 */
export function validationError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  return new Error(describeValidationError(errors as AjvError[], partNames[dataVar] ?? dataVar));
}

function describeValidationError(errors: AjvError[], part: string): string {
  // Within a union Ajv reports each branch's failure, then the union's: the union's message is the useful one.
  const error = errors.find((candidate) => candidate.keyword === 'anyOf' || candidate.keyword === 'oneOf') ?? errors[0];
  if (error === undefined) return `${part} is not valid`;
  const path = `${part}${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${path}/${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${path}/${String(params.additionalProperty)} is not a known field`;
    case 'type':
      return `${path} must be ${describeType(String(params.type))}`;
    case 'enum':
      return `${path} must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return `${path} must be ${JSON.stringify(params.allowedValue)}`;
    case 'maxLength':
      return `${path} must have at most ${String(params.limit)} characters`;
    case 'minLength':
      return Number(params.limit) === 1 ? `${path} must not be empty` : `${path} must have at least ${String(params.limit)} characters`;
    case 'maximum':
      return `${path} must be at most ${String(params.limit)}`;
    case 'minimum':
      return `${path} must be at least ${String(params.limit)}`;
    case 'maxItems':
      return `${path} must have at most ${String(params.limit)} items`;
    case 'minProperties':
      return `${path} must have at least ${String(params.limit)} field${Number(params.limit) === 1 ? '' : 's'}`;
    case 'pattern':
      return params.pattern === entityIdPattern ? `${path} must be an id (letters, digits, _ and -)` : `${path} must match the pattern ${String(params.pattern)}`;
    case 'format':
      return `${path} must be ${params.format === 'uri' ? 'an absolute URL' : `a ${String(params.format)}`}`;
    case 'anyOf':
    case 'oneOf':
      return error.parentSchema?.description === undefined ? `${path} does not have any of the allowed shapes` : `${path} must be ${error.parentSchema.description}`;
    default:
      return `${path} ${error.message ?? 'is not valid'}`;
  }
}

function describeType(type: string): string {
  const names = type.split(',').map((name) => (name === 'null' ? 'null' : name === 'integer' || name === 'array' || name === 'object' ? `an ${name}` : `a ${name}`));
  return names.join(' or ');
}
