import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import type { OpenAPIDocument, OpenAPISchema } from './document.ts';
import type { OpenAPIRenderContext } from './render-context.ts';
import { resolveRef } from './resolve-ref.ts';
import { mergeAllOf, type MergedObject } from './schema-all-of.ts';
import { componentName, schemaLink, type SchemaLinks } from './schema-links.ts';
import { isSmallSchema } from './schema-size.ts';

/**
 * Bounds of one schema tree. Nesting stops at `maxSchemaDepth` levels (deeper properties show "nested deeper than
 * N levels: not shown"), and one tree shows at most `maxSchemaRows` rows (a wide inline schema could otherwise grow
 * large without any cycle). A `$ref` back into a schema already open on the path shows `circular: Name` and stops.
 */
export const maxSchemaDepth = 8;
export const maxSchemaRows = 1500;

/** What a tree reads: the document, and the page's component links it records each link in. */
export type SchemaScope = Pick<OpenAPIRenderContext, 'document' | 'schemaLinks'>;

interface TreeState {
  document: OpenAPIDocument;
  links: SchemaLinks;
  rows: number;
}

/**
 * The schema of a body, response or parameter as a collapsible tree without a framework: each property with
 * children is a `<details>` (`<summary>` shows its name, type, required mark), leaves are plain rows; `oneOf`/
 * `anyOf` list their variants, `allOf` of objects is merged into one property list (other `allOf`s are variants);
 * enums, defaults, examples and formats are shown under the property. A `$ref` to a named component
 * (`#/components/schemas/Name`) is a row whose type links to the component's model (`#schema-<name>`), shown in
 * place too only when it is small (src/render/openapi/schema-size.ts); `model` shows the tree of the component the
 * root names, which is how its model is drawn. Pure but for recording links in `scope.schemaLinks`.
 *
 * @example
 * schemaTree(scope, { $ref: '#/components/schemas/Pet' }) // → <div class="schema-tree">Schema: <a href="#schema-pet">Pet</a></div>
 */
export function schemaTree(scope: SchemaScope, schema: unknown, options: { model?: boolean } = {}): Element {
  const state: TreeState = { document: scope.document, links: scope.schemaLinks, rows: 0 };
  return element('div', { className: ['schema-tree'] }, schemaBody(state, schema, [], 0, options.model === true));
}

/** One property (or parameter) as a row of a tree: name, type, required mark, details, and its children. */
export function schemaRow(scope: SchemaScope, name: string, schema: unknown, required: boolean, description?: string): Element {
  return propertyRow({ document: scope.document, links: scope.schemaLinks, rows: 0 }, name, schema, required, [], 0, description);
}

function schemaBody(state: TreeState, schema: unknown, path: readonly string[], depth: number, model = false): ElementContent[] {
  const resolved = resolveRef<OpenAPISchema>(state.document, schema as OpenAPISchema, path);
  if (resolved.circular) return [circular(resolved.circular)];
  const value = resolved.value;
  if (typeof value !== 'object' || value === null) return [];
  const component = componentName(schema);
  const named = component === undefined ? (resolved.name === undefined ? undefined : element('code', {}, [text(resolved.name)])) : model ? element('code', {}, [text(component)]) : schemaLink(state.links, component);
  const about = facts(value, named);
  if (component !== undefined && !model && !isSmallSchema(value)) return about;
  return [...about, ...children(state, value, resolved.path, depth)];
}

/** A `$ref` to a named component shown as a link only: it exists and is too big to show in place. */
function linkedOnly(schema: unknown, resolved: { value: OpenAPISchema | undefined; circular?: string }): string | undefined {
  const component = componentName(schema);
  return component !== undefined && !resolved.circular && typeof resolved.value === 'object' && resolved.value !== null && !isSmallSchema(resolved.value) ? component : undefined;
}

/** What is under a schema: its properties (with the members of an object `allOf` merged in), its items, its variants. */
function children(state: TreeState, schema: OpenAPISchema, path: readonly string[], depth: number, merged = mergeAllOf(state.document, schema, path)): ElementContent[] {
  if (depth >= maxSchemaDepth) return hasChildren(schema) ? [element('p', { className: ['schema-truncated'] }, [text(`nested deeper than ${maxSchemaDepth} levels: not shown`)])] : [];
  const out: ElementContent[] = [];
  for (const kind of ['oneOf', 'anyOf', 'allOf'] as const) {
    const variants = (schema as Record<string, unknown>)[kind];
    if (!Array.isArray(variants) || variants.length === 0 || (kind === 'allOf' && merged)) continue;
    const label = kind === 'oneOf' ? 'One of' : kind === 'anyOf' ? 'Any of' : 'All of';
    out.push(
      element('div', { className: ['schema-composition'], dataKind: kind }, [
        element('p', { className: ['schema-label'] }, [text(label)]),
        element(
          'ol',
          { className: ['schema-variants'] },
          variants.map((variant, index) => {
            const resolved = resolveRef<OpenAPISchema>(state.document, variant as OpenAPISchema, path);
            const linked = linkedOnly(variant, resolved);
            if (linked !== undefined) return element('li', { className: ['schema-variant'] }, [element('div', { className: ['schema-row'] }, [element('span', { className: ['schema-type'] }, [schemaLink(state.links, linked)])])]);
            const title = resolved.name ?? (resolved.value as { title?: string } | undefined)?.title ?? `Option ${index + 1}`;
            return element('li', { className: ['schema-variant'] }, [
              element('details', {}, [element('summary', {}, [element('span', { className: ['schema-type'] }, [text(title)])]), ...schemaBody(state, variant, path, depth + 1)]),
            ]);
          }),
        ),
      ]),
    );
  }
  const properties = merged ? merged.properties : Object.entries(schema.properties ?? {}).map(([name, property]) => ({ name, schema: property as unknown, path }));
  const additional = merged ? merged.additional : typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null ? { schema: schema.additionalProperties as unknown, path } : undefined;
  if (properties.length > 0 || additional) {
    const required = merged ? merged.required : new Set(schema.required ?? []);
    const rows: ElementContent[] = [];
    for (const property of properties) {
      if (++state.rows > maxSchemaRows) {
        rows.push(element('li', { className: ['schema-truncated'] }, [text(`more than ${maxSchemaRows} properties in this schema: the rest are not shown`)]));
        break;
      }
      rows.push(propertyRow(state, property.name, property.schema, required.has(property.name), property.path, depth + 1));
    }
    if (additional && state.rows <= maxSchemaRows) rows.push(propertyRow(state, '[key: string]', additional.schema, false, additional.path, depth + 1));
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
  const linked = linkedOnly(schema, resolved);
  // Merged for the type label too (`object`, not `all of`), though a linked row shows no properties.
  const merged = value && !resolved.circular ? mergeAllOf(state.document, value, resolved.path) : undefined;
  const summary: ElementContent[] = [
    element('code', { className: ['schema-name'] }, [text(name)]),
    element('span', { className: ['schema-type'] }, resolved.circular ? [text(resolved.circular)] : typeContent(state, schema, value, resolved.name, merged)),
    ...(required ? [element('span', { className: ['required'] }, [text('required')])] : []),
    ...(value?.deprecated ? [element('span', { className: ['openapi-deprecated'] }, [text('deprecated')])] : []),
  ];
  const about: ElementContent[] = [];
  const describedAs = description ?? value?.description;
  if (describedAs) about.push(element('p', { className: ['schema-description'] }, [text(describedAs)]));
  if (resolved.circular) about.push(circular(resolved.circular));
  else if (value) about.push(...facts(value, undefined, false));
  const nested = resolved.circular || !value || linked !== undefined ? [] : children(state, value, resolved.path, depth, merged);
  const className = ['schema-property'];
  if (nested.length === 0) return element('li', { className, dataRequired: required ? 'true' : undefined }, [element('div', { className: ['schema-row'] }, summary), ...about]);
  return element('li', { className, dataRequired: required ? 'true' : undefined }, [element('details', {}, [element('summary', {}, summary), ...about, ...nested])]);
}

/** The type of a row: `object · Pet` with `Pet` linking to its model when it is a named component. */
function typeContent(state: TreeState, schema: unknown, value: OpenAPISchema | undefined, name: string | undefined, merged: MergedObject | undefined): ElementContent[] {
  const component = value === undefined ? undefined : componentName(schema);
  const label = typeLabel(value, component === undefined ? name : undefined, merged !== undefined);
  return component === undefined ? [text(label)] : [text(`${label} · `), schemaLink(state.links, component)];
}

function hasChildren(schema: OpenAPISchema): boolean {
  return Boolean(schema.properties || schema.oneOf || schema.anyOf || schema.allOf || (schema as { items?: unknown }).items || typeof schema.additionalProperties === 'object');
}

/** `string · date-time`, `array of Pet`, `object · Pet`, `string | null`; an `allOf` merged into one object is `object`. */
export function typeLabel(schema: OpenAPISchema | undefined, name?: string, mergedAllOf = false): string {
  if (!schema) return name ?? 'any';
  const raw = schema.type as string | string[] | undefined;
  let type = Array.isArray(raw) ? raw.join(' | ') : (raw ?? (schema.properties || mergedAllOf ? 'object' : schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : schema.allOf ? 'all of' : 'any'));
  const items = (schema as { items?: { $ref?: string; type?: unknown } }).items;
  if (type === 'array' && items) type = `array of ${items.$ref ? items.$ref.split('/').at(-1) : typeof items.type === 'string' ? items.type : 'any'}`;
  if ((schema as { nullable?: boolean }).nullable) type += ' | null';
  const parts = [type];
  if (schema.format) parts.push(schema.format);
  if (name) parts.push(name);
  return parts.join(' · ');
}

/** Enum values, default, example, bounds of a schema, as a list under its row; `named`: the schema's name (or link). */
function facts(schema: OpenAPISchema, named: Element | undefined, withType = true): ElementContent[] {
  const items: ElementContent[] = [];
  const fact = (label: string, value: ElementContent[]) => items.push(element('li', {}, [element('span', { className: ['schema-fact-label'] }, [text(`${label}: `)]), ...value]));
  if (withType && named) fact('Schema', [named]);
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

/** A `$ref` back into a schema open above it (a model's own tree, or an inline one): named, not followed. */
function circular(name: string): Element {
  return element('p', { className: ['schema-circular'] }, [text(`circular: ${name}`)]);
}
