import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { QuireError } from '../../errors/index.ts';

/** The levels an integration is configured at (the keys of the published `IntegrationConfigurations`). */
export type ConfigurationLevel = 'account' | 'space' | 'site';
export const configurationLevels: readonly ConfigurationLevel[] = ['account', 'space', 'site'];

const propertyTypes = ['string', 'number', 'boolean', 'button'] as const;
const ajv = new Ajv({ allErrors: true, strict: true });

/**
 * Checks the `configurations` of a publication: per level, a ContentKit component (`{ componentId }`) or a
 * configuration schema (the published `IntegrationConfigurationSchema`: `properties` of type string, number,
 * boolean or button, and `required`), which must compile as a JSON schema. `INVALID_ARGUMENT` naming the field
 * (`configurations.account.properties.token.type`, say) otherwise.
 *
 * @example
 * checkConfigurations({ account: { properties: { token: { type: 'string' } }, required: ['token'] } });
 */
export function checkConfigurations(configurations: Record<string, unknown>): void {
  for (const [level, configuration] of Object.entries(configurations)) {
    const field = `configurations.${level}`;
    if (!(configurationLevels as readonly string[]).includes(level)) throw invalid(field, `is not a configuration level (${configurationLevels.join(', ')})`);
    if (!isObject(configuration)) throw invalid(field, 'must be an object');
    if ('componentId' in configuration) {
      if (typeof configuration.componentId !== 'string' || configuration.componentId === '') throw invalid(`${field}.componentId`, 'must be a component id');
      continue;
    }
    const properties = configuration.properties;
    if (!isObject(properties)) throw invalid(`${field}.properties`, 'must be an object of properties');
    for (const [name, property] of Object.entries(properties)) {
      if (!isObject(property)) throw invalid(`${field}.properties.${name}`, 'must be an object');
      if (!(propertyTypes as readonly unknown[]).includes(property.type)) throw invalid(`${field}.properties.${name}.type`, `must be one of ${propertyTypes.join(', ')}`);
    }
    const required = configuration.required;
    if (required !== undefined) {
      if (!Array.isArray(required) || !required.every((item) => typeof item === 'string')) throw invalid(`${field}.required`, 'must be a list of property names');
      const missing = required.find((item) => !(item in properties));
      if (missing !== undefined) throw invalid(`${field}.required`, `names ${missing}, which is not a property`);
    }
    try {
      ajv.compile(valueSchema(configuration));
    } catch (error) {
      throw invalid(field, `is not a usable JSON schema: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Checks an installation's `configuration` against the integration's schema for `level` (nothing to check for a
 * ContentKit component or no schema). `INVALID_ARGUMENT` naming the field (`configuration.greeting`).
 *
 * @example
 * checkConfiguration(integration.configurations, 'account', { greeting: 'hi' });
 */
export function checkConfiguration(configurations: Record<string, unknown>, level: ConfigurationLevel, configuration: Record<string, unknown>): void {
  const problem = configurationProblem(configurations, level, configuration);
  if (problem !== undefined) throw invalid(problem.field, problem.message);
}

/**
 * The first problem of a configuration against the schema of `level`, or undefined when it is valid (a pending
 * installation is one whose configuration is not valid yet, required properties missing).
 *
 * @example
 * configurationProblem(configurations, 'account', {}) // → { field: 'configuration.greeting', message: 'is required' }
 */
export function configurationProblem(configurations: Record<string, unknown>, level: ConfigurationLevel, configuration: Record<string, unknown>): { field: string; message: string } | undefined {
  const schema = configurations[level];
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  const validate: ValidateFunction = ajv.compile(valueSchema(schema));
  if (validate(configuration)) return undefined;
  const first = validate.errors![0]!;
  return { field: fieldOf(first), message: first.message ?? 'is not valid' };
}

// The JSON schema of the values: the published schema without its UI keywords; a button holds no value.
function valueSchema(configuration: Record<string, unknown>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(configuration.properties as Record<string, Record<string, unknown>>)) {
    if (property.type === 'button') continue;
    const value: Record<string, unknown> = { type: property.type };
    if (Array.isArray(property.enum)) value.enum = property.enum;
    properties[name] = value;
  }
  const required = Array.isArray(configuration.required) ? (configuration.required as string[]).filter((name) => name in properties) : [];
  return { type: 'object', properties, ...(required.length === 0 ? {} : { required }) };
}

function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return `configuration.${(error.params as { missingProperty: string }).missingProperty}`;
  const path = error.instancePath.split('/').filter((part) => part !== '');
  return ['configuration', ...path].join('.');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(field: string, message: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `${field} ${message}`, { field });
}
