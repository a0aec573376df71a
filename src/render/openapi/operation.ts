import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import { operationAnchor, webhookAnchor } from './anchors.ts';
import { curlSample, fetchSample, operationParameters, pythonSample, sampleRequest } from './code-samples.ts';
import type { OpenAPIOperation, OpenAPIPathItem } from './document.ts';
import { requestBodySection, responsesSection } from './media-content.ts';
import { parameterSections } from './parameters.ts';
import type { OpenAPIRenderContext } from './render-context.ts';
import { operationSecurity } from './security.ts';

/** Where an operation is: its method and path (or webhook name), the path item and the operation itself. */
export interface OperationAt {
  method: string;
  path: string;
  pathItem: OpenAPIPathItem | undefined;
  operation: OpenAPIOperation;
  /** A webhook: `path` is its name, the body is its payload, and there are no code samples. */
  webhook?: boolean;
}

/** The method badge the sidebar and the headings show. */
export function methodBadge(method: string): Element {
  return element('span', { className: ['http-method'], dataMethod: method.toLowerCase() }, [text(method.toUpperCase())]);
}

/**
 * One operation as a `<section>`: a heading (the summary, else `METHOD path`) with its stable anchor (src/render/
 * openapi/anchors.ts), method and path, deprecated mark, description (Markdown), authorization, parameters by
 * location, request body per media type, responses per status, and code samples (curl, JavaScript, Python) in
 * `<details>`. Pure, given the context.
 *
 * @example
 * operationSection(context, { method: 'get', path: '/pets', pathItem, operation }, 3)
 */
export function operationSection(context: OpenAPIRenderContext, at: OperationAt, depth: number): Element {
  const { document } = context;
  const { operation, method, path } = at;
  const label = operation.summary?.trim() || `${method.toUpperCase()} ${path}`;
  const id = at.webhook ? webhookAnchor(method, path) : operationAnchor(method, path);
  const parameters = operationParameters(document, at.pathItem, operation);
  const description = operation.description ?? at.pathItem?.description;
  const children: ElementContent[] = [
    context.heading(depth, label, id, [methodBadge(method), text(' '), text(label)], method.toLowerCase()),
    element('div', { className: ['openapi-head'] }, [
      methodBadge(method),
      element('code', { className: ['openapi-path'] }, [text(path)]),
      ...(at.webhook ? [element('span', { className: ['openapi-label'] }, [text('Webhook')])] : []),
      ...(operation.deprecated ? [element('span', { className: ['openapi-deprecated'] }, [text('Deprecated')])] : []),
    ]),
    ...(description ? [element('div', { className: ['openapi-description'] }, context.markdown(description))] : []),
    ...operationSecurity(document, operation),
    ...parameterSections(context, parameters),
    ...requestBodySection(context, operation.requestBody, at.webhook ? 'Payload' : 'Request body'),
    ...responsesSection(context, operation.responses as Record<string, unknown> | undefined),
    ...(at.webhook ? [] : [codeSamples(context, at)]),
  ];
  return element('section', { className: ['openapi-operation'], dataMethod: method.toLowerCase(), dataPath: path, ...(operation.deprecated ? { dataDeprecated: 'true' } : {}) }, children);
}

function codeSamples(context: OpenAPIRenderContext, at: OperationAt): Element {
  const request = sampleRequest(context.document, at.path, at.method, at.pathItem, at.operation);
  const samples: Array<[string, string, string]> = [
    ['cURL', 'bash', curlSample(request)],
    ['JavaScript', 'javascript', fetchSample(request)],
    ['Python', 'python', pythonSample(request)],
  ];
  return element('div', { className: ['openapi-samples'] }, [
    element('h4', { className: ['openapi-section'] }, [text('Code samples')]),
    ...samples.map(([title, language, code], index) =>
      element('details', { className: ['openapi-sample'], dataLanguage: language, open: index === 0 ? true : undefined }, [
        element('summary', {}, [text(title)]),
        element('pre', {}, [element('code', { className: [`language-${language}`] }, [text(code)])]),
      ]),
    ),
  ]);
}
