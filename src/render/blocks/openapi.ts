import type { Element, ElementContent } from 'hast';
import type { Openapi, OpenapiOperation, OpenapiSchemas, OpenapiWebhook, Swagger, SwaggerDescription, SwaggerParameter, SwaggerResponse } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';
import { isExternalUrl } from '../safe-url.ts';

// OpenAPI blocks are rendered by the hosted service from the specification; the export shows what the block names
// (method, path, specification) and links to the specification, with whatever the author wrote inside.

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

export function openapi(state: State, node: Openapi): Element {
  return block('operation', [head(node.method, node.path), ...source(undefined, node.src), ...state.all(node)]);
}

export function openapiOperation(state: State, node: OpenapiOperation): Element {
  return block('operation', [head(node.method, node.path), ...source(node.spec, undefined), ...state.all(node)]);
}

export function openapiSchemas(state: State, node: OpenapiSchemas): Element {
  const names = node.schemas ?? [];
  return block('schemas', [
    element('div', { className: ['openapi-head'] }, [element('span', { className: ['openapi-label'] }, [text(names.length === 1 ? 'Schema' : 'Schemas')]), ...names.map((name) => element('code', { className: ['openapi-path'] }, [text(name)]))]),
    ...source(node.spec, undefined),
    ...state.all(node),
  ]);
}

export function openapiWebhook(state: State, node: OpenapiWebhook): Element {
  return block('webhook', [head(node.method, node.name, [element('span', { className: ['openapi-label'] }, [text('Webhook')])]), ...source(node.spec, undefined), ...state.all(node)]);
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
