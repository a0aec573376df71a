import type { OpenAPIDocument } from '../render/index.ts';
import type { OpenAPILoader } from './load-openapi.ts';

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
}

/**
 * The seam for an export from the service: `spec:` references read the latest version of the organization's
 * specification and bundle it; `url:` references are not read (the service processes URLs into specifications).
 * Wired by the caller, which passes the official client's call and the bundler.
 *
 * @example
 * const loader = serviceOpenAPILoader({ latestContent: (slug) => client.orgs.getLatestOpenApiSpecVersionContent(org, slug).then((r) => r.data), bundledDocument });
 */
export function serviceOpenAPILoader(sources: ServiceOpenAPISources): OpenAPILoader {
  return async (reference) => {
    if (reference.kind !== 'spec') throw new Error(`an export from the service reads specifications of the organization, not ${reference.kind === 'url' ? reference.url : reference.path}`);
    const content = await sources.latestContent(reference.slug);
    return content === undefined ? undefined : sources.bundledDocument(content.filesystem);
  };
}
