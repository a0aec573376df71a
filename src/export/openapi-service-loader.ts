import type { ApiClient } from '../client/index.ts';
import { bundledDocument } from '../openapi/bundled-document.ts';
import type { ExportSite, OpenAPIDocument } from '../render/index.ts';
import type { OpenAPILoader } from './load-openapi.ts';
import { contentOpenAPILoader } from './openapi-content-loader.ts';
import { fileOpenAPILoader } from './openapi-file-loader.ts';

/** The content of a specification's latest version as the service gives it: its files by path. */
export interface OpenAPISpecContent {
  filesystem: unknown;
}

/** What the service loader needs, injected: how to read the latest content, and how to bundle it into one document. */
export interface ServiceOpenAPISources {
  /** The latest version's content of the organization's specification `slug` (`orgs.getLatestOpenApiSpecVersionContent`), `undefined` when there is none. */
  latestContent: (slug: string) => Promise<OpenAPISpecContent | undefined>;
  /** The files as one document with internal `$ref`s only (`bundledDocument`, src/openapi). */
  bundledDocument: (filesystem: unknown) => OpenAPIDocument | Promise<OpenAPIDocument>;
  /** What reads the other references (a block's `src` URL), when the export reads them too: `fileOpenAPILoader({})`. */
  other?: OpenAPILoader;
}

/**
 * The loader of an export from the service: `spec:` references read the latest version of the organization's
 * specification and bundle it; other references (a block's `src` URL) go to `other`, and are refused without it.
 * Wired by the caller (`siteOpenAPILoader` for the CLI), which passes the client's call and the bundler.
 *
 * @example
 * const loader = serviceOpenAPILoader({ latestContent: (slug) => client.orgs.getLatestOpenApiSpecVersionContent(org, slug).then((r) => r.data), bundledDocument });
 */
export function serviceOpenAPILoader(sources: ServiceOpenAPISources): OpenAPILoader {
  return async (reference) => {
    if (reference.kind !== 'spec' && sources.other !== undefined) return sources.other(reference);
    if (reference.kind !== 'spec') throw new Error(`an export from the service reads specifications of the organization, not ${reference.kind === 'url' ? reference.url : reference.path}`);
    const content = await sources.latestContent(reference.slug);
    return content === undefined ? undefined : sources.bundledDocument(content.filesystem);
  };
}

/**
 * What `quire export` and the demo read OpenAPI documents with: the organization's specifications through the
 * service (their latest version, bundled into one document), a block's `src` that names a file of its space from
 * the `site` content being exported (`contentOpenAPILoader`), and a `src` URL fetched as `quire build` does.
 * The organization may be given as a function, asked only when a page names a specification.
 *
 * @example
 * await exportSite(site, { outDir, loadOpenAPIDocument: siteOpenAPILoader(client, organizationId, site) });
 */
export function siteOpenAPILoader(client: Pick<ApiClient, 'getLatestOpenApiSpecContent'>, organizationId: string | (() => Promise<string>), site?: Pick<ExportSite, 'content'>): OpenAPILoader {
  let organization: Promise<string> | undefined;
  const organizationOf = () => (organization ??= typeof organizationId === 'string' ? Promise.resolve(organizationId) : organizationId());
  return serviceOpenAPILoader({
    latestContent: async (slug) => client.getLatestOpenApiSpecContent(await organizationOf(), slug),
    bundledDocument: (filesystem) => bundledDocument(filesystem as Parameters<typeof bundledDocument>[0]) as OpenAPIDocument,
    other: site === undefined ? fileOpenAPILoader({}) : otherReferences(contentOpenAPILoader(site), fileOpenAPILoader({})),
  });
}

/** Files of a space from `files`, URLs from `urls`. */
function otherReferences(files: OpenAPILoader, urls: OpenAPILoader): OpenAPILoader {
  return (reference) => (reference.kind === 'file' ? files(reference) : urls(reference));
}
