import { planLayout } from '../format/directory-layout.ts';
import type { ExportSite } from '../render/index.ts';
import type { OpenAPILoader } from './load-openapi.ts';
import { parseDocument } from './openapi-file-loader.ts';

/**
 * The loader of a block's `src` that names a file of its own space (`{% openapi src="../.gitbook/assets/api.yaml" %}`,
 * as GitBook writes an uploaded specification), read from the content the export already holds: what an export
 * from the service reads them with, where `quire build` reads the same files from disk. Other references, and a
 * path that is no file of the space, give `undefined` (the page says the specification was not found).
 *
 * @example
 * const loader = contentOpenAPILoader(await fetchExportSite(client, location));
 */
export function contentOpenAPILoader(site: Pick<ExportSite, 'content'>): OpenAPILoader {
  const decoder = new TextDecoder();
  /** File ids by layout path, per site space, made when a space's first reference is read. */
  const pathsOf = new Map<string, Map<string, string>>();
  return async (reference) => {
    if (reference.kind !== 'file' || !Object.hasOwn(site.content, reference.siteSpaceId)) return undefined;
    const bundle = site.content[reference.siteSpaceId]!;
    let paths = pathsOf.get(reference.siteSpaceId);
    if (paths === undefined) {
      paths = new Map([...planLayout(bundle).files].map(([id, path]) => [path, id]));
      pathsOf.set(reference.siteSpaceId, paths);
    }
    const id = paths.get(reference.path);
    const bytes = id === undefined ? undefined : bundle.files[id];
    return bytes === undefined ? undefined : parseDocument(decoder.decode(bytes), reference.path);
  };
}
