import type { Element, ElementContent } from 'hast';
import type { Openapi, OpenapiOperation, OpenapiSchemas, OpenapiWebhook, Swagger, SwaggerDescription, SwaggerParameter, SwaggerResponse } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { baseOf, type BodyContext } from '../body/body-context.ts';
import { element, text } from '../body/hast-builder.ts';
import { documentDescriptions } from '../openapi/description-markdown.ts';
import type { LoadedOpenAPI, OpenAPIDocument } from '../openapi/document.ts';
import { operationSection } from '../openapi/operation.ts';
import { findOperation } from '../openapi/operations.ts';
import { referencedTitle } from '../openapi/reference-page.ts';
import type { OpenAPIRenderContext } from '../openapi/render-context.ts';
import { createSchemaLinks } from '../openapi/schema-links.ts';
import { linkedSchemaSections, schemasBlock } from '../openapi/schemas-block.ts';
import { specReference, srcReference, type OpenAPIReference } from '../openapi/spec-references.ts';
import { unavailable } from '../openapi/unavailable.ts';
import { headingElement } from './heading.ts';
import { isExternalUrl } from '../safe-url.ts';

// OpenAPI blocks render from their specification's document (src/render/openapi); when it is missing they show
// what the block names (method, path, specification), why, and whatever the author wrote inside.

const methods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);

function head(method: string | undefined, path: string | undefined, extra: ElementContent[] = []): Element {
  const verb = method?.toLowerCase();
  return element('div', { className: ['openapi-head'] }, [
    ...(verb ? [element('span', { className: ['http-method'], dataMethod: methods.has(verb) ? verb : 'other' }, [text(verb.toUpperCase())])] : []),
    ...(path ? [element('code', { className: ['openapi-path'] }, [text(path)])] : []),
    ...extra,
  ]);
}

function source(spec: string | undefined, src: string | undefined): ElementContent[] {
  if (src && isExternalUrl(src)) return [element('p', { className: ['openapi-source'] }, [text('OpenAPI specification: '), element('a', { href: src }, [text(src)])])];
  if (src) return [element('p', { className: ['openapi-source'] }, [text(`OpenAPI specification: ${src}`)])];
  if (spec) return [element('p', { className: ['openapi-source'] }, [text('OpenAPI specification '), element('code', {}, [text(spec)])])];
  return [];
}

function block(kind: string, children: ElementContent[]): Element {
  return element('div', { className: ['openapi-block'], dataKind: kind }, children);
}

/**
 * The OpenAPI blocks of one page: each renders from its specification's document in the plan (`context.openapi`,
 * loaded before rendering; src/render/openapi), and falls back to what the block names, a note with the reason,
 * and whatever the author wrote inside when the document is missing or lacks what the block asks for.
 */
export function createOpenAPIHandlers(context: BodyContext) {
  const blocks = createOpenAPIBlocks(context);
  return {
    openapi: (state: State, node: Openapi): Element => blocks.openapi(node, () => state.all(node)),
    openapiOperation: (state: State, node: OpenapiOperation): Element => blocks.openapiOperation(node, () => state.all(node)),
    openapiSchemas: (state: State, node: OpenapiSchemas): Element => blocks.openapiSchemas(node, () => state.all(node)),
    openapiWebhook: (state: State, node: OpenapiWebhook): Element => blocks.openapiWebhook(node, () => state.all(node)),
  };
}

/** What the author wrote inside a block, rendered: asked for only when the block falls back to showing it. */
export type BlockContent = () => ElementContent[];

/**
 * The OpenAPI block renderers behind the handlers, each given the block's node and its content to render on
 * demand; the fast body path (src/render/fast-body) hands its OpenAPI blocks to them too.
 */
export function createOpenAPIBlocks(context: BodyContext) {
  const lookup = (reference: OpenAPIReference): LoadedOpenAPI => context.openapi?.documents[reference.key] ?? { error: 'it was not loaded for this render' };
  const renderContext = (reference: OpenAPIReference, document: OpenAPIDocument): OpenAPIRenderContext => {
    const contexts = (context.openapiContexts ??= new Map());
    let found = contexts.get(reference.key);
    if (found === undefined) {
      found = { document, heading: (depth: number, label: string, id: string, content: ElementContent[], method?: string) => headingElement(context, depth, label, id, content, method), markdown: documentDescriptions(document), schemaLinks: createSchemaLinks() };
      contexts.set(reference.key, found);
    }
    return found;
  };
  const fallback = (content: BlockContent, head: Element, named: string, reason: string, sourceNote: ElementContent[]) => block('operation', [head, unavailable(named, reason), ...sourceNote, ...content()]);
  const operationFrom = (node: Openapi | OpenapiOperation, content: BlockContent, reference: OpenAPIReference | undefined, named: string, sourceNote: ElementContent[]): Element => {
    const header = head(node.method, node.path);
    if (!reference) return fallback(content, header, named, 'the block names no specification', sourceNote);
    const loaded = lookup(reference);
    if ('error' in loaded) return fallback(content, header, named, loaded.error, sourceNote);
    const found = node.path && node.method ? findOperation(loaded.document, node.path, node.method) : undefined;
    if (!found) return fallback(content, header, named, `it has no operation ${node.method?.toUpperCase() ?? '(no method)'} ${node.path ?? '(no path)'}`, sourceNote);
    return block('operation', [operationSection(renderContext(reference, loaded.document), found, 2)]);
  };
  return {
    openapi(node: Openapi, content: BlockContent): Element {
      const reference = node.src ? srcReference(node.src, baseOf(context, node), context.openapi?.siteSpaceId ?? '') : undefined;
      return operationFrom(node, content, reference, node.src ?? '(no src)', source(undefined, node.src));
    },
    openapiOperation(node: OpenapiOperation, content: BlockContent): Element {
      return operationFrom(node, content, node.spec ? specReference(node.spec) : undefined, node.spec ?? '(no spec)', source(node.spec, undefined));
    },
    openapiSchemas(node: OpenapiSchemas, content: BlockContent): Element {
      const names = node.schemas ?? [];
      const loaded: LoadedOpenAPI = node.spec ? lookup(specReference(node.spec)) : { error: 'the block names no specification' };
      if ('document' in loaded) return block('schemas', schemasBlock(renderContext(specReference(node.spec ?? ''), loaded.document), names, node.grouped === true, 3));
      return block('schemas', [
        element('div', { className: ['openapi-head'] }, [element('span', { className: ['openapi-label'] }, [text(names.length === 1 ? 'Schema' : 'Schemas')]), ...names.map((name) => element('code', { className: ['openapi-path'] }, [text(name)]))]),
        unavailable(node.spec ?? '(no spec)', loaded.error),
        ...source(node.spec, undefined),
        ...content(),
      ]);
    },
    openapiWebhook(node: OpenapiWebhook, content: BlockContent): Element {
      const header = head(node.method, node.name, [element('span', { className: ['openapi-label'] }, [text('Webhook')])]);
      const named = node.spec ?? '(no spec)';
      const loaded: LoadedOpenAPI = node.spec ? lookup(specReference(node.spec)) : { error: 'the block names no specification' };
      if ('error' in loaded) return block('webhook', [header, unavailable(named, loaded.error), ...source(node.spec, undefined), ...content()]);
      const found = node.name && node.method ? findOperation(loaded.document, node.name, node.method, true) : undefined;
      if (!found) return block('webhook', [header, unavailable(named, `it has no webhook ${node.name ?? '(no name)'} ${node.method?.toUpperCase() ?? '(no method)'}`), ...content()]);
      return block('webhook', [operationSection(renderContext(specReference(node.spec ?? ''), loaded.document), found, 2)]);
    },
  };
}

/**
 * The end of a page with OpenAPI blocks: the component schemas its blocks link to and no block shows, once each,
 * under a "Referenced schemas" heading per specification. Nothing for a page whose links all have their target.
 */
export function linkedSchemasOfPage(context: BodyContext): Element[] {
  const blocks: Element[] = [];
  for (const openapi of context.openapiContexts?.values() ?? []) {
    const sections = linkedSchemaSections(openapi, 3);
    if (sections.length > 0) blocks.push(block('schemas', [headingElement(context, 2, referencedTitle, 'referenced-schemas', [text(referencedTitle)]), ...sections]));
  }
  return blocks;
}

/** The legacy hand-written `swagger` block: an operation with its description, parameters and responses. */
export function swagger(state: State, node: Swagger): Element {
  const description = node.children.filter((child): child is SwaggerDescription => child.type === 'swaggerDescription');
  const parameters = node.children.filter((child): child is SwaggerParameter => child.type === 'swaggerParameter');
  const responses = node.children.filter((child): child is SwaggerResponse => child.type === 'swaggerResponse');
  const url = `${node.baseUrl ?? ''}${node.path ?? ''}`;
  return block('operation', [
    head(node.method, url || undefined),
    ...(node.summary ? [element('p', { className: ['openapi-summary'] }, [text(node.summary)])] : []),
    ...description.flatMap((part) => state.all(part)),
    ...(parameters.length
      ? [
          element('h4', { className: ['openapi-section'] }, [text('Parameters')]),
          element('div', { className: ['table-wrap'] }, [
            element('table', { className: ['openapi-parameters'] }, [
              element('thead', {}, [element('tr', {}, ['Name', 'In', 'Type', 'Description'].map((title) => element('th', {}, [text(title)])))]),
              element(
                'tbody',
                {},
                parameters.map((parameter) =>
                  element('tr', {}, [
                    element('td', {}, [element('code', {}, [text(parameter.name ?? '')]), ...(parameter.required ? [element('span', { className: ['required'] }, [text('required')])] : [])]),
                    element('td', {}, [text(parameter.in ?? '')]),
                    element('td', {}, [text(parameter.parameterType ?? '')]),
                    element('td', {}, state.all(parameter)),
                  ]),
                ),
              ),
            ]),
          ]),
        ]
      : []),
    ...(responses.length
      ? [
          element('h4', { className: ['openapi-section'] }, [text('Responses')]),
          ...responses.map((response) => swaggerResponse(state, response)),
        ]
      : []),
  ]);
}

export function swaggerResponse(state: State, node: SwaggerResponse): Element {
  const status = node.status ?? '';
  return element('div', { className: ['openapi-response'] }, [
    element('div', { className: ['openapi-head'] }, [
      element('span', { className: ['http-status'], dataStatus: /^[1-5]/.test(status) ? status.charAt(0) : undefined }, [text(status || 'Response')]),
      ...(node.description ? [element('span', {}, [text(node.description)])] : []),
    ]),
    ...state.all(node),
  ]);
}

/** Parts of a swagger block found outside one: their content. */
export function swaggerPart(state: State, node: SwaggerDescription | SwaggerParameter): Element {
  return element('div', { className: ['openapi-part'] }, state.all(node));
}
