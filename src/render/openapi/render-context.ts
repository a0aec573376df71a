import type { Element, ElementContent } from 'hast';
import { element } from '../body/hast-builder.ts';
import { descriptionMarkdown } from './description-markdown.ts';
import type { OpenAPIDocument } from './document.ts';
import { createSchemaLinks, type SchemaLinks } from './schema-links.ts';

/**
 * What the OpenAPI renderer needs from the page it renders into, beside the document: how headings are made (the
 * page gives them unique ids and lists them in its outline) and how a Markdown description becomes HTML (the
 * house's body renderer), and which component schemas the page links to and shows (one model per page, linked from
 * everywhere else). All have plain defaults, so the renderer runs on a document alone.
 */
export interface OpenAPIRenderContext {
  document: OpenAPIDocument;
  /** `method`: the heading is an operation's (the outline shows its method). */
  heading: (depth: number, label: string, id: string, content: ElementContent[], method?: string) => Element;
  markdown: (source: string) => ElementContent[];
  /** The page's component links: shared by every tree of the page (of this document). */
  schemaLinks: SchemaLinks;
}

/** A context with plain headings (`id` as given), descriptions through `descriptionMarkdown` and fresh schema links. */
export function plainRenderContext(document: OpenAPIDocument): OpenAPIRenderContext {
  return { document, heading: (depth, _label, id, content) => element(`h${depth}`, { id }, content), markdown: descriptionMarkdown, schemaLinks: createSchemaLinks() };
}
