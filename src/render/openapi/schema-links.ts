import type { Element } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import { schemaAnchor } from './anchors.ts';

/**
 * The named component schemas of one page: those its trees link to (`#schema-<name>`) and those it shows as a model.
 * A page renders each component's tree once (in Models, or at its end for block pages: `unshownSchemas`) and links
 * to it from everywhere else, so an operation costs its own rows, not the trees of every `$ref` it names. Mutable
 * for the length of one page's render, like the page's set of heading ids.
 */
export interface SchemaLinks {
  /** Names linked to, in the order first met. */
  linked: Set<string>;
  /** Names whose tree the page shows under their `#schema-<name>` heading. */
  shown: Set<string>;
}

export function createSchemaLinks(): SchemaLinks {
  return { linked: new Set(), shown: new Set() };
}

/** `Pet` for `{ $ref: '#/components/schemas/Pet' }`; nothing for any other value or pointer (`…/Pet/properties/id`). */
export function componentName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | null | undefined)?.$ref;
  if (typeof ref !== 'string') return undefined;
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
  return match ? decodeURIComponent(match[1]!).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/**
 * The component's name as a link to its model, recorded in `links` so the page shows that model.
 *
 * @example
 * schemaLink(links, 'Pet') // → <a class="schema-link" href="#schema-pet">Pet</a>, and links.linked has 'Pet'
 */
export function schemaLink(links: SchemaLinks, name: string): Element {
  links.linked.add(name);
  return element('a', { className: ['schema-link'], href: `#${schemaAnchor(name)}` }, [text(name)]);
}

/** Names linked to whose model the page does not show yet, in the order first linked. */
export function unshownSchemas(links: SchemaLinks): string[] {
  return [...links.linked].filter((name) => !links.shown.has(name));
}
