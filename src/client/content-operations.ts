/** Internal: reading a space's content at a location (published tag `space-content`, `revisions`, `change-request-content`). */
import type { Revision, RevisionFile, RevisionPage } from '@gitbook/api';
import { ApiInvalidResponseError } from './api-errors.ts';
import type { ResolvedLocation } from './content-location.ts';
import { listRequest } from './list-request.ts';
import type { ApiRequest, Transport } from './transport.ts';

/** Query of the revision reads: `metadata` (git metadata, default true), `computed` (default true). */
export type RevisionReadOptions = {
  readonly metadata?: boolean | undefined;
  readonly computed?: boolean | undefined;
};

/** Query of the page reads, on top of RevisionReadOptions. */
export type PageReadOptions = RevisionReadOptions & {
  /** `format`: the client asks for `markdown` unless told otherwise. */
  readonly format?: 'markdown' | 'document' | undefined;
  /** `format.markdown.refs`: `relative` (server default) or `stable`. */
  readonly markdownRefs?: 'relative' | 'stable' | undefined;
  readonly evaluated?: boolean | 'deterministic-only' | undefined;
  readonly dereferenced?: boolean | 'reusable-contents' | undefined;
};

function revisionQuery(options: RevisionReadOptions) {
  return { metadata: options.metadata, computed: options.computed };
}

/** getCurrentRevision / getRevisionById / getRevisionOfChangeRequestById. */
export function getRevision(transport: Transport, at: ResolvedLocation, options: RevisionReadOptions): Promise<Revision> {
  return transport.json<Revision>({ method: 'GET', route: at.routes.revision, params: at.params, query: revisionQuery(options) });
}

/** listPages and its revision and change request variants: `{ pages: RevisionPage[] }`, not a List envelope. */
export async function listPages(transport: Transport, at: ResolvedLocation, options: RevisionReadOptions): Promise<RevisionPage[]> {
  const call: ApiRequest = { method: 'GET', route: at.routes.pages, params: at.params, query: revisionQuery(options) };
  const body = await transport.json<{ pages?: unknown }>(call);
  if (typeof body !== 'object' || body === null || !Array.isArray(body.pages)) {
    throw new ApiInvalidResponseError({ ...transport.describe(call), status: 200, problem: 'a body without a pages array' });
  }
  return body.pages as RevisionPage[];
}

/** listFiles and its variants: a List<RevisionFile>, walked to the end. */
export function listFiles(transport: Transport, at: ResolvedLocation, options: RevisionReadOptions & { readonly limit?: number | undefined }): AsyncGenerator<RevisionFile, void, undefined> {
  return listRequest<RevisionFile>(transport, { method: 'GET', route: at.routes.files, params: at.params, query: revisionQuery(options) }, options.limit);
}

/** getFileById and its variants. */
export function getFile(transport: Transport, at: ResolvedLocation, fileId: string, options: RevisionReadOptions): Promise<RevisionFile> {
  return transport.json<RevisionFile>({ method: 'GET', route: at.routes.file, params: { ...at.params, fileId }, query: revisionQuery(options) });
}

/** getPageById and its variants, by default with `format=markdown`. */
export function getPage(transport: Transport, at: ResolvedLocation, pageId: string, options: PageReadOptions): Promise<RevisionPage> {
  return transport.json<RevisionPage>({
    method: 'GET',
    route: at.routes.page,
    params: { ...at.params, pageId },
    query: {
      format: options.format ?? 'markdown',
      'format.markdown.refs': options.markdownRefs,
      evaluated: options.evaluated,
      dereferenced: options.dereferenced,
      ...revisionQuery(options),
    },
  });
}
