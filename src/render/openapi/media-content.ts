import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import { mediaExample } from './code-samples.ts';
import type { OpenAPIMediaType } from './document.ts';
import type { OpenAPIRenderContext } from './render-context.ts';
import { resolveRef } from './resolve-ref.ts';
import { schemaRow, schemaTree, type SchemaScope } from './schema-tree.ts';

type Content = Record<string, OpenAPIMediaType> | undefined;

/** A body's content, one block per media type: its schema tree (named components linked) and its example. */
export function mediaTypes(scope: SchemaScope, content: Content): Element[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const example = mediaExample(scope.document, media);
    return element('div', { className: ['openapi-media'], dataMediaType: mediaType }, [
      element('p', { className: ['openapi-media-type'] }, [element('code', {}, [text(mediaType)])]),
      ...(media.schema === undefined ? [] : [schemaTree(scope, media.schema)]),
      ...(example === undefined
        ? []
        : [
            element('details', { className: ['openapi-example'] }, [
              element('summary', {}, [text('Example')]),
              element('pre', {}, [element('code', { className: [/json/i.test(mediaType) ? 'language-json' : 'language-text'] }, [text(typeof example === 'string' ? example : JSON.stringify(example, null, 2))])]),
            ]),
          ]),
    ]);
  });
}

/** The request body section (`Payload` for webhooks): required mark, description, media types. */
export function requestBodySection(context: OpenAPIRenderContext, body: unknown, title = 'Request body'): Element[] {
  const resolved = resolveRef<{ description?: string; required?: boolean; content?: Content }>(context.document, body as { content?: Content }, []).value;
  if (!resolved) return [];
  return [
    element('div', { className: ['openapi-request-body'] }, [
      element('h4', { className: ['openapi-section'] }, [text(title), ...(resolved.required ? [element('span', { className: ['required'] }, [text('required')])] : [])]),
      ...(resolved.description ? context.markdown(resolved.description) : []),
      ...mediaTypes(context, resolved.content),
    ]),
  ];
}

/** Responses per status, each a `<details>` with its description, headers and media types; 2xx open. */
export function responsesSection(context: OpenAPIRenderContext, responses: Record<string, unknown> | undefined): Element[] {
  const entries = Object.entries(responses ?? {});
  if (entries.length === 0) return [];
  const { document } = context;
  return [
    element('div', { className: ['openapi-responses'] }, [
      element('h4', { className: ['openapi-section'] }, [text('Responses')]),
      ...entries.map(([status, entry]) => {
        const response = resolveRef<{ description?: string; content?: Content; headers?: Record<string, unknown> }>(document, entry as { content?: Content }, []).value ?? {};
        const headers = Object.entries(response.headers ?? {}).map(([name, header]) => {
          const value = resolveRef<{ schema?: unknown; description?: string; required?: boolean }>(document, header as { schema?: unknown }, []).value ?? {};
          return schemaRow(context, name, value.schema ?? {}, value.required === true, value.description);
        });
        const body: ElementContent[] = [
          // The summary shows the first line; the body shows the description only when it says more.
          ...(response.description && response.description.trim() !== firstLine(response.description) ? context.markdown(response.description) : []),
          ...(headers.length ? [element('p', { className: ['schema-label'] }, [text('Headers')]), element('ul', { className: ['schema-properties'] }, headers)] : []),
          ...mediaTypes(context, response.content),
        ];
        const summary = element('summary', {}, [
          element('span', { className: ['http-status'], dataStatus: /^[1-5]/.test(status) ? status.charAt(0) : undefined }, [text(status)]),
          ...(response.description ? [element('span', { className: ['openapi-response-title'] }, [text(firstLine(response.description))])] : []),
        ]);
        return element('div', { className: ['openapi-response'], dataStatus: status }, [element('details', { open: status.startsWith('2') ? true : undefined }, [summary, ...body])]);
      }),
    ]),
  ];
}

function firstLine(value: string): string {
  return value.split('\n')[0]!.slice(0, 120);
}
