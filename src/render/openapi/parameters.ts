import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import type { OpenAPIParameter } from './document.ts';
import { schemaRow, type SchemaScope } from './schema-tree.ts';

/** Parameter locations, in the order they are shown, with their section titles. */
const locations = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

/**
 * An operation's parameters grouped by location (path, query, header, cookie), each a list of schema rows with
 * name, type, required mark and description (named components linked, in `scope.schemaLinks`).
 */
export function parameterSections(scope: SchemaScope, parameters: readonly OpenAPIParameter[]): Element[] {
  const sections: Element[] = [];
  for (const [location, title] of locations) {
    const here = parameters.filter((parameter) => parameter.in === location);
    if (here.length === 0) continue;
    const rows: ElementContent[] = here.map((parameter) => schemaRow(scope, parameter.name, parameter.schema ?? {}, parameter.required === true || location === 'path', parameter.description));
    sections.push(
      element('div', { className: ['openapi-parameters'], dataIn: location }, [
        element('h4', { className: ['openapi-section'] }, [text(title)]),
        element('ul', { className: ['schema-properties'] }, rows),
      ]),
    );
  }
  return sections;
}
