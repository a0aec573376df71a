import type { Element } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import { schemaAnchor } from './anchors.ts';
import type { OpenAPIRenderContext } from './render-context.ts';
import { schemaTree } from './schema-tree.ts';
import { unavailable } from './unavailable.ts';

/**
 * Component schemas (`names`, else all of them) each with a heading (`#schema-<slug>`) and a collapsible tree;
 * `grouped` puts them all in one `<details>` titled "Schemas" instead. A name the document lacks shows a note.
 */
export function schemasBlock(context: OpenAPIRenderContext, names: readonly string[] | undefined, grouped: boolean, depth: number): Element[] {
  const all = context.document.components?.schemas ?? {};
  const wanted = names && names.length > 0 ? names : Object.keys(all);
  const sections = wanted.map((name) => {
    if (!Object.hasOwn(all, name)) return unavailable(`schema ${name}`, 'the document has no such schema');
    return element('section', { className: ['openapi-schema'], dataSchema: name }, [
      context.heading(depth, name, schemaAnchor(name), [text(name)]),
      element('details', { className: ['openapi-schema-details'] }, [element('summary', {}, [text(`${name} properties`)]), schemaTree(context.document, { $ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` })]),
    ]);
  });
  if (!grouped) return sections;
  return [element('details', { className: ['openapi-schemas-group'] }, [element('summary', {}, [text('Schemas')]), ...sections])];
}
