import type { Element } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import { schemaAnchor } from './anchors.ts';
import type { OpenAPIRenderContext } from './render-context.ts';
import { unshownSchemas } from './schema-links.ts';
import { schemaTree } from './schema-tree.ts';
import { unavailable } from './unavailable.ts';

/**
 * Component schemas (`names`, else all of them) each with a heading (`#schema-<slug>`) and a collapsible tree;
 * `grouped` puts them all in one `<details>` titled "Schemas" instead. A name the document lacks shows a note.
 */
export function schemasBlock(context: OpenAPIRenderContext, names: readonly string[] | undefined, grouped: boolean, depth: number): Element[] {
  const all = context.document.components?.schemas ?? {};
  const wanted = names && names.length > 0 ? names : Object.keys(all);
  const sections = wanted.map((name) => (Object.hasOwn(all, name) ? schemaSection(context, name, depth) : unavailable(`schema ${name}`, 'the document has no such schema')));
  if (!grouped) return sections;
  return [element('details', { className: ['openapi-schemas-group'] }, [element('summary', {}, [text('Schemas')]), ...sections])];
}

/**
 * The models the page links to and does not show yet, each once, with the models they link to in turn (until none
 * is left), so every `#schema-<name>` link of the page has its target. Nothing when every link has one already.
 *
 * @example
 * operationSection(context, at, 2); linkedSchemaSections(context, 3) // → [<section data-schema="Pet">, <section data-schema="Person">]
 */
export function linkedSchemaSections(context: OpenAPIRenderContext, depth: number): Element[] {
  const all = context.document.components?.schemas ?? {};
  const sections: Element[] = [];
  for (let pending = unshownSchemas(context.schemaLinks); pending.length > 0; pending = unshownSchemas(context.schemaLinks)) {
    for (const name of pending) {
      if (Object.hasOwn(all, name)) sections.push(schemaSection(context, name, depth));
      else context.schemaLinks.shown.add(name);
    }
  }
  return sections;
}

/** One component's model: its heading and its whole tree (not a link to itself), marked shown on the page. */
function schemaSection(context: OpenAPIRenderContext, name: string, depth: number): Element {
  context.schemaLinks.shown.add(name);
  const ref = { $ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` };
  return element('section', { className: ['openapi-schema'], dataSchema: name }, [
    context.heading(depth, name, schemaAnchor(name), [text(name)]),
    element('details', { className: ['openapi-schema-details'] }, [element('summary', {}, [text(`${name} properties`)]), schemaTree(context, ref, { model: true })]),
  ]);
}
