import type { OpenAPIDocument, OpenAPIOperation, OpenAPIPathItem } from './document.ts';
import { httpMethods } from './document.ts';
import type { OperationAt } from './operation.ts';
import { resolveRef } from './resolve-ref.ts';

/** Every operation of a document's `paths` (or `webhooks`), in document order, methods in `httpMethods` order. */
export function listOperations(document: OpenAPIDocument, webhooks = false): OperationAt[] {
  const source = (webhooks ? (document as { webhooks?: Record<string, unknown> }).webhooks : document.paths) ?? {};
  const found: OperationAt[] = [];
  for (const [path, entry] of Object.entries(source)) {
    const pathItem = resolveRef<OpenAPIPathItem>(document, entry as OpenAPIPathItem, []).value;
    if (!pathItem) continue;
    for (const method of httpMethods) {
      const operation = pathItem[method] as OpenAPIOperation | undefined;
      if (operation && typeof operation === 'object') found.push({ method, path, pathItem, operation, ...(webhooks ? { webhook: true } : {}) });
    }
  }
  return found;
}

/** The operation at `method` `path` (or the webhook `name`), matched case-insensitively on the method. */
export function findOperation(document: OpenAPIDocument, path: string, method: string, webhooks = false): OperationAt | undefined {
  const source = (webhooks ? (document as { webhooks?: Record<string, unknown> }).webhooks : document.paths) ?? {};
  if (!Object.hasOwn(source, path)) return undefined;
  const pathItem = resolveRef<OpenAPIPathItem>(document, (source as Record<string, unknown>)[path] as OpenAPIPathItem, []).value;
  const key = method.toLowerCase() as (typeof httpMethods)[number];
  const operation = pathItem?.[key] as OpenAPIOperation | undefined;
  return operation && typeof operation === 'object' ? { method: key, path, pathItem, operation, ...(webhooks ? { webhook: true } : {}) } : undefined;
}
