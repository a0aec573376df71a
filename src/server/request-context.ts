import type { FastifyRequest } from 'fastify';
import { QuireError } from '../errors/index.ts';
import type { DocumentConverter } from '../service/content/document-converter.ts';
import type { Actor, Clock, PdfPrinter, ServiceContext, SigningKeyPolicy } from '../service/index.ts';
import type { ImportSettings } from '../service/import/content-import.ts';
import type { ImportRunner } from '../service/import/import-runs.ts';
import type { OpenApiProcessor } from '../service/openapi/openapi-processing.ts';
import type { IntegrationDeliveryLoop } from '../service/integrations/integration-deliveries.ts';
import type { IntegrationRuntime } from '../service/integrations/integration-runtime.ts';
import type { SearchRefreshQueue } from '../service/search/search-refresh-queue.ts';
import type { Store } from '../store/index.ts';

/** What `buildApp` decorates the app with: the store (built outside Fastify), the clock, the base URL. */
export interface QuireDecoration {
  store: Store;
  clock: Clock;
  /** Fixed base URL of `urls`; when undefined, each request's own (`http://<Host header>`). */
  baseUrl: string | undefined;
  /** The largest file the service takes, in bytes (`quire serve --max-file-size`). */
  maxFileBytes: number;
  /** Most changes a batch from Git holds (git-batches). */
  maxGitBatchChanges: number;
  /** Converts bodies to JSON documents off the request thread, within a time budget. */
  documents: DocumentConverter;
  /** When visitor-claims signing keys are replaced; undefined: the default policy. */
  signingKeys: SigningKeyPolicy | undefined;
  /** How websites are imported; undefined: the defaults (public addresses only). */
  imports?: ImportSettings | undefined;
  /** Prints change-request PDFs: one browser for the app, closed with it. */
  pdfPrinter?: PdfPrinter;
  /** Runs website import runs in the background, a few at once; stopped with the app. */
  importRuns?: ImportRunner;
  /** Processes OpenAPI specs in the background; stopped with the app. */
  openApiProcessor?: OpenApiProcessor;
  /** Runs integration scripts in workerd: one per app, closed with it. */
  integrationRuntime?: IntegrationRuntime;
  /** Delivers integration events in the background; stopped with the app. */
  integrationDeliveries?: IntegrationDeliveryLoop;
  /** Refreshes search indexes after the answers of merges; drained when the app closes. */
  searchRefreshes?: SearchRefreshQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    quire: QuireDecoration;
  }
  interface FastifyRequest {
    /** Who is calling; set by the auth hook on every /v1 route. */
    actor: Actor | null;
  }
}

/**
 * The service context of a request.
 *
 * @example
 * const space = await getSpace(serviceContext(request), actorOf(request), request.params.spaceId);
 */
export function serviceContext(request: FastifyRequest): ServiceContext {
  const { store, clock, baseUrl, maxFileBytes, maxGitBatchChanges, documents, signingKeys, imports, pdfPrinter, importRuns, openApiProcessor, integrationRuntime, integrationDeliveries, searchRefreshes } = request.server.quire;
  return { store, clock, baseUrl: baseUrl ?? `${request.protocol}://${request.host}`, maxFileBytes, maxGitBatchChanges, documents, signingKeys, imports, pdfPrinter, importRuns, openApiProcessor, integrationRuntime, integrationDeliveries, searchRefreshes };
}

/**
 * The authenticated actor of a request (the auth hook has run).
 *
 * @example
 * const actor = actorOf(request);
 */
export function actorOf(request: FastifyRequest): Actor {
  if (request.actor === null) throw new QuireError('INTERNAL', 'a /v1 route ran without the auth hook');
  return request.actor;
}
