import type { FastifyInstance } from 'fastify';

/*
 * Ajv runs with `coerceTypes: false`, so a body's `"limit": "100"` is refused rather than silently turned into
 * 100. Query strings, though, are always text: this hook converts the query parameters a route declares as
 * numbers or booleans, when (and only when) the text is exactly one (`100`, `true`), before validation. Anything
 * else is left as it is, for the schema to refuse with the parameter's name.
 */

interface PropertySchema {
  type?: string | string[];
}

const numberText = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * Adds the hook to `app`.
 *
 * @example
 * installQueryCoercion(app);
 */
export function installQueryCoercion(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, PropertySchema> } | undefined;
    if (schema?.properties === undefined || typeof request.query !== 'object' || request.query === null) return;
    const query = request.query as Record<string, unknown>;
    for (const [name, property] of Object.entries(schema.properties)) {
      const value = query[name];
      if (typeof value !== 'string') continue;
      const types = Array.isArray(property.type) ? property.type : [property.type];
      if ((types.includes('number') || types.includes('integer')) && numberText.test(value)) query[name] = Number(value);
      else if (types.includes('boolean') && (value === 'true' || value === 'false')) query[name] = value === 'true';
    }
  });
}
