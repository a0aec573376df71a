import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import type { OpenAPIDocument, OpenAPISchema } from './document.ts';
import { resolveRef } from './resolve-ref.ts';

/**
 * Bounds of one schema tree. Nesting stops at `maxSchemaDepth` levels (deeper properties show "nested deeper than
 * N levels: not shown"), and one tree shows at most `maxSchemaRows` rows (a wide schema reusing components under
 * many properties could otherwise grow exponentially without any cycle). A `$ref` back into a schema already open
 * on the path shows `circular: Name` and stops there.
 */
export const maxSchemaDepth = 8;
export const maxSchemaRows = 1500;

interface TreeState {
  document: OpenAPIDocument;
  rows: number;
}

/**
 * The schema of a body, response or parameter as a collapsible tree without a framework: each property with
 * children is a `<details>` (`<summary>` shows its name, type, required mark), leaves are plain rows; `oneOf`/
 * `anyOf`/`allOf` list their variants; enums, defaults, examples and formats are shown under the property. Pure.
 *
 * @example
 * schemaTree(document, { $ref: '#/components/schemas/Pet' }) // → <div class="schema-tree">…</div>
 */
export function schemaTree(document: OpenAPIDocument, schema: unknown): Element {
  const state: TreeState = { document, rows: 0 };
  return element('div', { className: ['schema-tree'] }, schemaBody(state, schema, [], 0));
}

/** One property (or parameter) as a row of a tree: name, type, required mark, details, and its children. */
export function schemaRow(document: OpenAPIDocument, name: string, schema: unknown, required: boolean, description?: string): Element {
  return propertyRow({ document, rows: 0 }, name, schema, required, [], 0, description);
}

function schemaBody(state: TreeState, schema: unknown, path: readonly string[], depth: number): ElementContent[] {
  const resolved = resolveRef<OpenAPISchema>(state.document, schema as OpenAPISchema, path);
  if (resolved.circular) return [circular(resolved.circular)];
  const value = resolved.value;
  if (typeof value !== 'object' || value === null) return [];
  return [...facts(value, resolved.name), ...children(state, value, resolved.path, depth)];
}

/** What is under a schema: its properties, its items, its variants. */
function children(state: TreeState, schema: OpenAPISchema, path: readonly string[], depth: number): ElementContent[] {
  if (depth >= maxSchemaDepth) return hasChildren(schema) ? [element('p', { className: ['schema-truncated'] }, [text(`nested deeper than ${maxSchemaDepth} levels: not shown`)])] : [];
  const out: ElementContent[] = [];
  for (const kind of ['oneOf', 'anyOf', 'allOf'] as const) {
    const variants = (schema as Record<string, unknown>)[kind];
    if (!Array.isArray(variants) || variants.length === 0) continue;
    const label = kind === 'oneOf' ? 'One of' : kind === 'anyOf' ? 'Any of' : 'All of';
    out.push(
      element('div', { className: ['schema-composition'], dataKind: kind }, [
        element('p', { className: ['schema-label'] }, [text(label)]),
        element(
          'ol',
          { className: ['schema-variants'] },
          variants.map((variant, index) => {
            const resolved = resolveRef<OpenAPISchema>(state.document, variant as OpenAPISchema, path);
            const title = resolved.name ?? (resolved.value as { title?: string } | undefined)?.title ?? `Option ${index + 1}`;
            return element('li', { className: ['schema-variant'] }, [
              element('details', {}, [element('summary', {}, [element('span', { className: ['schema-type'] }, [text(title)])]), ...schemaBody(state, variant, path, depth + 1)]),
            ]);
          }),
        ),
      ]),
    );
  }
  const properties = Object.entries(schema.properties ?? {});
  const additional = schema.additionalProperties;
  if (properties.length > 0 || (typeof additional === 'object' && additional !== null)) {
    const required = new Set(schema.required ?? []);
    const rows: ElementContent[] = [];
    for (const [name, property] of properties) {
      if (++state.rows > maxSchemaRows) {
        rows.push(element('li', { className: ['schema-truncated'] }, [text(`more than ${maxSchemaRows} properties in this schema: the rest are not shown`)]));
        break;
      }
      rows.push(propertyRow(state, name, property, required.has(name), path, depth + 1));
    }
    if (typeof additional === 'object' && additional !== null && state.rows <= maxSchemaRows) rows.push(propertyRow(state, '[key: string]', additional, false, path, depth + 1));
    out.push(element('ul', { className: ['schema-properties'] }, rows));
  }
  const items = (schema as { items?: unknown }).items;
  if (items !== undefined && typeof items === 'object' && items !== null) {
    out.push(element('ul', { className: ['schema-properties'], dataKind: 'items' }, [propertyRow(state, 'items', items, false, path, depth + 1)]));
  }
  return out;
}

function propertyRow(state: TreeState, name: string, schema: unknown, required: boolean, path: readonly string[], depth: number, description?: string): Element {
  const resolved = resolveRef<OpenAPISchema>(state.document, schema as OpenAPISchema, path);
  const value = resolved.value;
  const summary: ElementContent[] = [
    element('code', { className: ['schema-name'] }, [text(name)]),
    element('span', { className: ['schema-type'] }, [text(resolved.circular ? resolved.circular : typeLabel(value, resolved.name))]),
    ...(required ? [element('span', { className: ['required'] }, [text('required')])] : []),
    ...(value?.deprecated ? [element('span', { className: ['openapi-deprecated'] }, [text('deprecated')])] : []),
  ];
  const about: ElementContent[] = [];
  const describedAs = description ?? value?.description;
  if (describedAs) about.push(element('p', { className: ['schema-description'] }, [text(describedAs)]));
  if (resolved.circular) about.push(circular(resolved.circular));
  else if (value) about.push(...facts(value, undefined, false));
  const nested = resolved.circular || !value ? [] : children(state, value, resolved.path, depth);
  const className = ['schema-property'];
  if (nested.length === 0) return element('li', { className, dataRequired: required ? 'true' : undefined }, [element('div', { className: ['schema-row'] }, summary), ...about]);
  return element('li', { className, dataRequired: required ? 'true' : undefined }, [element('details', {}, [element('summary', {}, summary), ...about, ...nested])]);
}

function hasChildren(schema: OpenAPISchema): boolean {
  return Boolean(schema.properties || schema.oneOf || schema.anyOf || schema.allOf || (schema as { items?: unknown }).items || typeof schema.additionalProperties === 'object');
}

/** `string · date-time`, `array of Pet`, `object · Pet`, `string | null`. */
export function typeLabel(schema: OpenAPISchema | undefined, name?: string): string {
  if (!schema) return name ?? 'any';
  const raw = schema.type as string | string[] | undefined;
  let type = Array.isArray(raw) ? raw.join(' | ') : (raw ?? (schema.properties ? 'object' : schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : schema.allOf ? 'all of' : 'any'));
  const items = (schema as { items?: { $ref?: string; type?: unknown } }).items;
  if (type === 'array' && items) type = `array of ${items.$ref ? items.$ref.split('/').at(-1) : typeof items.type === 'string' ? items.type : 'any'}`;
  if ((schema as { nullable?: boolean }).nullable) type += ' | null';
  const parts = [type];
  if (schema.format) parts.push(schema.format);
  if (name) parts.push(name);
  return parts.join(' · ');
}

/** Enum values, default, example, bounds of a schema, as a list under its row. */
function facts(schema: OpenAPISchema, name: string | undefined, withType = true): ElementContent[] {
  const items: ElementContent[] = [];
  const fact = (label: string, value: ElementContent[]) => items.push(element('li', {}, [element('span', { className: ['schema-fact-label'] }, [text(`${label}: `)]), ...value]));
  if (withType && name) fact('Schema', [element('code', {}, [text(name)])]);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) fact('Enum', schema.enum.flatMap((value, index) => [...(index ? [text(', ')] : []), element('code', {}, [text(literal(value))])]));
  if (schema.default !== undefined) fact('Default', [element('code', {}, [text(literal(schema.default))])]);
  const example = schema.example ?? (Array.isArray((schema as { examples?: unknown[] }).examples) ? (schema as { examples: unknown[] }).examples[0] : undefined);
  if (example !== undefined) fact('Example', [element('code', {}, [text(literal(example))])]);
  if (schema.format && !withType) fact('Format', [element('code', {}, [text(schema.format)])]);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') fact('Range', [text(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`)]);
  if (schema.pattern) fact('Pattern', [element('code', {}, [text(schema.pattern)])]);
  return items.length ? [element('ul', { className: ['schema-facts'] }, items)] : [];
}

function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

function circular(name: string): Element {
  return element('p', { className: ['schema-circular'] }, [text(`circular: ${name}`)]);
}
