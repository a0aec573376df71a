import { maxChangesPerBatch, maxGitChangesPerBatch } from '../content/index.ts';
import { QuireError } from '../errors/index.ts';
import type { Store } from '../store/index.ts';
import { inlineDocumentConverter, type DocumentConverter } from './content/document-converter.ts';
import type { SigningKeyPolicy } from './tokens/signing-keys.ts';
import type { ImportSettings } from './import/content-import.ts';
import type { PdfPrinter } from './change-requests/pdf-printer.ts';
import type { ImportRunner } from './import/import-runs.ts';
import type { OpenApiProcessor } from './openapi/openapi-processing.ts';
import type { IntegrationRuntime } from './integrations/integration-runtime.ts';
import type { IntegrationDeliveryLoop } from './integrations/integration-deliveries.ts';
import type { SearchRefreshQueue } from './search/search-refresh-queue.ts';

/** The time now. Injected so tests can move it (the 7-day rules of deleted spaces). */
export type Clock = () => Date;

/** The system clock. */
export const systemClock: Clock = () => new Date();

/**
 * What every use case runs with: the store, the clock, and the base URL the published `urls` are built from
 * (`http://127.0.0.1:8787`, without `/v1`). The store and the clock should agree: build the store with the
 * same clock (`openStore({ ..., now: clock })`), since it also applies the 7-day rule.
 */
export interface ServiceContext {
  store: Store;
  clock: Clock;
  baseUrl: string;
  /** The largest file the service takes, in bytes (`quire serve --max-file-size`); default `defaultMaxFileBytes`. */
  maxFileBytes?: number | undefined;
  /** Most changes a batch sent with `origin=git` holds (git-batches); default `maxGitChangesPerBatch` (500). */
  maxGitBatchChanges?: number | undefined;
  /** Converts bodies to JSON documents; default `inlineDocumentConverter` (the server gives one with workers and a budget). */
  documents?: DocumentConverter | undefined;
  /** When visitor-claims signing keys are replaced; default `defaultSigningKeyPolicy` (30 days, 1 day of grace). */
  signingKeys?: SigningKeyPolicy | undefined;
  /** How websites are imported (SSRF allow-list, crawl limits); default `defaultImportSettings`. */
  imports?: ImportSettings | undefined;
  /** Prints change-request PDFs (`createPdfPrinter`); without it those answer `PDF_PRINTER_UNAVAILABLE`. */
  pdfPrinter?: PdfPrinter | undefined;
  /** Runs import runs in the background of this process (`createImportRunner`); without it `startImportRun` is `INTERNAL`. */
  importRuns?: ImportRunner | undefined;
  /** Processes OpenAPI specs in the background (`createOpenApiProcessor`); without it specs stay `pending` until a process that has one claims them. */
  openApiProcessor?: OpenApiProcessor | undefined;
  /** Runs integration scripts in workerd (one per service); without it render answers `INTEGRATION_FAILED` and events for scripts wait. */
  integrationRuntime?: IntegrationRuntime | undefined;
  /** This process's integration event delivery loop, woken when an event is queued. */
  integrationDeliveries?: IntegrationDeliveryLoop | undefined;
  /** Runs search index refreshes after the answer (`createSearchRefreshQueue`); without it they are awaited where the head moved. */
  searchRefreshes?: SearchRefreshQueue | undefined;
}

/**
 * The document converter of `ctx`.
 *
 * @example
 * const document = await documentsOf(ctx).convert(body, revision, { kind: 'page', id: page.id });
 */
export function documentsOf(ctx: Pick<ServiceContext, 'documents'>): DocumentConverter {
  return ctx.documents ?? inlineDocumentConverter;
}

/** The default largest file: 100 MB, which fits documentation media (GIFs, screenshots, short videos). */
export const defaultMaxFileBytes = 100 * 1000 * 1000;

/**
 * The largest file `ctx` takes.
 *
 * @example
 * maxFileBytesOf({ store, clock, baseUrl }) // → 100000000
 */
export function maxFileBytesOf(ctx: Pick<ServiceContext, 'maxFileBytes'>): number {
  return ctx.maxFileBytes ?? defaultMaxFileBytes;
}

/**
 * The most changes a batch from Git may hold on this server (`ctx.maxGitBatchChanges`, default 500).
 *
 * @example
 * maxGitBatchChangesOf({}) // → 500
 */
export function maxGitBatchChangesOf(ctx: Pick<ServiceContext, 'maxGitBatchChanges'>): number {
  return ctx.maxGitBatchChanges ?? maxGitChangesPerBatch;
}

/**
 * Checks a server's git-batches limit: a whole number from the published 50 to 500; undefined gives 500.
 *
 * @throws QuireError `INVALID_ARGUMENT` naming `maxGitBatchChanges`.
 * @example
 * checkGitBatchChanges(100) // → 100
 */
export function checkGitBatchChanges(value: number | undefined): number {
  if (value === undefined) return maxGitChangesPerBatch;
  if (!Number.isInteger(value) || value < maxChangesPerBatch || value > maxGitChangesPerBatch) {
    throw new QuireError('INVALID_ARGUMENT', `maxGitBatchChanges must be a whole number from ${maxChangesPerBatch} to ${maxGitChangesPerBatch}, got ${value}`, { field: 'maxGitBatchChanges' });
  }
  return value;
}

