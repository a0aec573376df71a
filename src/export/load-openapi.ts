import { collectOpenAPIReferences, type LoadedOpenAPI, type OpenAPIDocument, type OpenAPIReference, type SitePlan } from '../render/index.ts';

/**
 * Reads the document of one specification a site needs: `undefined` when there is none. Each way of exporting
 * plugs its own: `quire build` reads files and URLs (src/export/openapi-file-loader.ts), an export from the service
 * reads the latest version of the organization's specification (src/export/openapi-service-loader.ts).
 */
export type OpenAPILoader = (reference: OpenAPIReference) => Promise<OpenAPIDocument | undefined>;

/**
 * Loads every specification the plan's pages render from (`collectOpenAPIReferences`), once each, into a record
 * by reference key for `plan.openapi`. A loader that throws or finds nothing gives the reason the page shows,
 * never a failed export; without a loader every reference says none was configured.
 *
 * @example
 * plan.openapi = await loadOpenAPIDocuments(plan, fileOpenAPILoader({ 'site-space-root': 'docs' }));
 */
export async function loadOpenAPIDocuments(plan: SitePlan, loader: OpenAPILoader | undefined): Promise<Record<string, LoadedOpenAPI>> {
  const loaded: Record<string, LoadedOpenAPI> = {};
  for (const reference of collectOpenAPIReferences(plan)) {
    if (loader === undefined) {
      loaded[reference.key] = { error: 'this export has no way to read OpenAPI specifications' };
      continue;
    }
    try {
      const document = await loader(reference);
      loaded[reference.key] = document === undefined ? { error: 'not found' } : isDocument(document) ? { document } : { error: 'it is not an OpenAPI 3 document (no `openapi` version field)' };
    } catch (error) {
      loaded[reference.key] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return loaded;
}

function isDocument(value: unknown): value is OpenAPIDocument {
  return typeof value === 'object' && value !== null && typeof (value as { openapi?: unknown }).openapi === 'string';
}
