import type { OpenAPIDocument, OpenAPISchema } from './document.ts';
import { resolveRef } from './resolve-ref.ts';

/** Levels of nesting an example is built to; deeper values are left out (a cycle stops earlier, at its `$ref`). */
export const maxExampleDepth = 6;

const formatExamples: Record<string, string> = {
  'date-time': '2024-01-01T12:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3dhZ2dlcg==',
  binary: '<binary>',
  password: '********',
};

/**
 * An example value for a schema: its own `example` (or first of `examples`), `default`, `const` or first enum
 * value, else one built from its type (objects from their properties, arrays of one item, the first `oneOf`/
 * `anyOf` variant, `allOf` merged). A `$ref` cycle or the depth cap leaves the value out. Pure.
 *
 * @example
 * schemaExample(document, { type: 'object', properties: { id: { type: 'integer' } } }) // → { id: 0 }
 */
export function schemaExample(document: OpenAPIDocument, schema: unknown, path: readonly string[] = [], depth = 0): unknown {
  if (depth > maxExampleDepth) return undefined;
  const resolved = resolveRef<OpenAPISchema>(document, schema as OpenAPISchema, path);
  const value = resolved.value;
  if (resolved.circular || typeof value !== 'object' || value === null) return undefined;
  const own = value as OpenAPISchema & { examples?: unknown; const?: unknown };
  if (own.example !== undefined) return own.example;
  if (Array.isArray(own.examples) && own.examples.length > 0) return own.examples[0];
  if (own.default !== undefined) return own.default;
  if (own.const !== undefined) return own.const;
  if (Array.isArray(own.enum) && own.enum.length > 0) return own.enum[0];
  const next = (child: unknown) => schemaExample(document, child, resolved.path, depth + 1);
  const variants = own.oneOf ?? own.anyOf;
  if (variants && variants.length > 0) return next(variants[0]);
  if (own.allOf && own.allOf.length > 0) {
    const parts = own.allOf.map(next);
    if (parts.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part))) return Object.assign({}, ...parts);
    return parts.find((part) => part !== undefined);
  }
  const type = Array.isArray(own.type) ? own.type.find((candidate) => candidate !== 'null') : own.type;
  if (type === 'array' || ('items' in own && own.items !== undefined)) {
    const item = next((own as { items?: unknown }).items);
    return item === undefined ? [] : [item];
  }
  if (type === 'object' || own.properties !== undefined) {
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(own.properties ?? {})) {
      const example = next(property);
      if (example !== undefined) result[name] = example;
    }
    return result;
  }
  if (type === 'string') return (own.format && formatExamples[own.format]) ?? 'string';
  if (type === 'integer') return typeof own.minimum === 'number' ? Math.ceil(own.minimum) : 0;
  if (type === 'number') return typeof own.minimum === 'number' ? own.minimum : 0;
  if (type === 'boolean') return true;
  return undefined;
}
