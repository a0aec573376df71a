import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RouteOptions, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import { createDocumentConverter, type DocumentConverterOptions } from '../service/content/document-converter.ts';
import { checkGitBatchChanges, checkSigningKeyPolicy, defaultMaxFileBytes, systemClock, type Clock, type SigningKeyPolicy } from '../service/index.ts';
import { createPdfPrinter, type PdfPrinter, type PdfPrinterOptions } from '../service/index.ts';
import type { Store } from '../store/index.ts';
import type { ImportSettings } from '../service/import/content-import.ts';
import { createImportRunner } from '../service/import/import-runs.ts';
import { createOpenApiProcessor, type OpenApiProcessingOptions } from '../service/openapi/openapi-processing.ts';
import { createSearchRefreshQueue } from '../service/search/search-refresh-queue.ts';
import { refreshSearchIndex } from '../service/search/search.ts';
import { startIntegrationDeliveryLoop, type IntegrationDeliveryOptions } from '../service/integrations/integration-deliveries.ts';
import { IntegrationRuntime } from '../service/integrations/integration-runtime.ts';
import { defaultConnectionLimits, fastifyConnectionOptions, installConnectionLimits, type ConnectionLimits } from './connection-limits.ts';
import { answerFrameworkError, installErrorHandling } from './error-handler.ts';
import { installJsonBodies } from './json-body.ts';
import { withRedaction } from './log-redaction.ts';
import { installQueryCoercion } from './query-coercion.ts';
import { unionFreeSerializers } from './serialization-schema.ts';
import { installTextChecks } from './text-fields.ts';
import './request-context.ts';
import { apiRoutes } from './routes/index.ts';
import { jwksRoutes } from './routes/jwks.ts';
import { samlLoginRoutes } from './routes/saml-login.ts';
import { integrationPublicRoutes } from './routes/integration-public.ts';
import { ssoProviderLoginRoutes } from './routes/saml-providers.ts';
import { validationError } from './validation-message.ts';

/** What the app is built from. The store is opened (and later closed) by the caller. */
export interface AppDependencies {
  store: Store;
  /** Default: the system clock. Give the store the same one. */
  clock?: Clock;
  /** The base URL of the published `urls` (`https://docs.example.com`); default: each request's own host. */
  baseUrl?: string;
  /** Fastify's logger option (default: off). Secrets are always kept out of it (log-redaction.ts). */
  logger?: FastifyServerOptions['logger'];
  /** Largest JSON request body, in bytes (default 10 MiB). File uploads have their own limit, `maxFileBytes`. */
  bodyLimit?: number;
  /** Largest file, in bytes, uploaded or sent in a change (default 100 MB: `quire serve --max-file-size`). */
  maxFileBytes?: number;
  /** Most changes a batch sent with `origin=git` holds (git-batches; default 500, at most 500, at least the published 50). */
  maxGitBatchChanges?: number;
  /** Timeouts and the connection cap (connection-limits.ts); each one not given keeps its default. */
  connectionLimits?: Partial<ConnectionLimits>;
  /**
   * Told of every route as it is registered, with its method, URL and schemas: how the route fuzzer
   * (test/fuzz) lists the routes, so a route added later is fuzzed without anyone listing it.
   */
  onRoute?: (route: RouteOptions) => void;
  /** Markdown → JSON document conversion off the request thread: its time budget, workers, inline size. */
  documentConversion?: DocumentConverterOptions;
  /** When visitor-claims signing keys are replaced (default: after 30 days, published 1 day more). */
  signingKeys?: SigningKeyPolicy;
  /** How websites are imported: SSRF allow-list, crawl limits, run concurrency (default `defaultImportSettings`). */
  imports?: ImportSettings;
  /**
   * How change-request PDFs are printed: a printer (tests inject one), or the options of the Chromium printer the
   * app makes (its path: `quire serve` reads `QUIRE_CHROMIUM`; default `/usr/bin/chromium`). The app's own printer
   * starts Chromium on the first print and closes it with the app; an injected one is closed by its owner.
   */
  pdf?: PdfPrinter | PdfPrinterOptions;
  /** How OpenAPI specs are processed (lease, poll, refresh interval: `QUIRE_OPENAPI_REFRESH_INTERVAL`); fetches follow `imports`. */
  openApi?: OpenApiProcessingOptions;
  /**
   * Integrations: the runtime their scripts run in (default: one the app makes and closes; an injected one is
   * closed by its owner) and how events are delivered (poll, lease, attempts, backoff).
   */
  integrations?: { runtime?: IntegrationRuntime; delivery?: Partial<IntegrationDeliveryOptions> };
}

/** The app: a Fastify instance whose routes are typed by TypeBox schemas. */
export type QuireApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/**
 * Builds the HTTP app of the service (the API under /v1) on a store. It does not listen: call `app.listen`
 * (see `listen.ts`), or `app.inject` in tests.
 *
 * @example
 * const store = await openStore({ kind: 'sqlite', directory: '.quire' });
 * const app = await buildApp({ store });
 * const response = await app.inject({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${token}` } });
 */
export async function buildApp(deps: AppDependencies): Promise<QuireApp> {
  const limits: ConnectionLimits = { ...defaultConnectionLimits, ...deps.connectionLimits };
  const app = Fastify({
    logger: withRedaction(deps.logger),
    ...fastifyConnectionOptions(limits),
    bodyLimit: deps.bodyLimit ?? 10 * 1024 * 1024,
    // Ids longer than the default 100 characters must reach the schema (a 400 naming the parameter), not miss the route.
    routerOptions: { maxParamLength: 1000 },
    // No coercion and no stripping: `"limit": "5"` or an unknown field in a body is a 400, never silently
    // accepted. Query strings are coerced by query-coercion.ts. `verbose` gives the formatter the schemas.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, verbose: true } },
    schemaErrorFormatter: validationError,
    // Answers are written without validating the unions the serializer can tell apart (serialization-schema.ts).
    schemaController: { compilersFactory: { buildSerializer: unionFreeSerializers() } },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const documents = createDocumentConverter(deps.documentConversion);
  app.addHook('onClose', () => documents.close());
  app.decorate('quire', { store: deps.store, clock: deps.clock ?? systemClock, baseUrl: deps.baseUrl?.replace(/\/+$/, ''), maxFileBytes: deps.maxFileBytes ?? defaultMaxFileBytes, maxGitBatchChanges: checkGitBatchChanges(deps.maxGitBatchChanges), documents, signingKeys: deps.signingKeys === undefined ? undefined : checkSigningKeyPolicy(deps.signingKeys) });
  if (deps.imports !== undefined) app.quire.imports = deps.imports;
  const injectedPrinter = deps.pdf !== undefined && 'print' in deps.pdf;
  app.quire.pdfPrinter = injectedPrinter ? (deps.pdf as PdfPrinter) : createPdfPrinter((deps.pdf as PdfPrinterOptions | undefined) ?? {});
  if (!injectedPrinter) app.addHook('onClose', () => app.quire.pdfPrinter!.close());
  app.quire.importRuns = createImportRunner(deps.store, { concurrency: deps.imports?.runConcurrency });
  app.addHook('onClose', () => app.quire.importRuns!.close());
  app.quire.openApiProcessor = createOpenApiProcessor(deps.store, { imports: deps.imports, now: deps.clock, ...deps.openApi });
  app.addHook('onClose', () => app.quire.openApiProcessor!.close());
  const integrationRuntime = deps.integrations?.runtime ?? new IntegrationRuntime();
  app.quire.integrationRuntime = integrationRuntime;
  app.quire.integrationDeliveries = startIntegrationDeliveryLoop(
    { store: deps.store, clock: app.quire.clock, baseUrl: app.quire.baseUrl ?? 'http://localhost', documents, integrationRuntime },
    deps.integrations?.delivery,
  );
  // The loop stops before the runtime it delivers through.
  app.addHook('onClose', async () => {
    await app.quire.integrationDeliveries!.close();
    if (deps.integrations?.runtime === undefined) await integrationRuntime.close();
  });
  // Merges answer before the search index follows them (a search waits for it, or heals a stale index itself).
  const searchRefreshes = createSearchRefreshQueue((spaceId) => refreshSearchIndex({ store: deps.store }, spaceId));
  app.quire.searchRefreshes = searchRefreshes;
  app.addHook('onClose', () => searchRefreshes.close());
  app.decorateRequest('actor', null);
  // Each request reads the rows kept in memory (token, member, space...) as of its start (Store.asOneRequest).
  app.addHook('onRequest', (_request, _reply, done) => deps.store.asOneRequest(done));
  installConnectionLimits(app, limits);
  installErrorHandling(app);
  installJsonBodies(app);
  installTextChecks(app);
  installQueryCoercion(app);
  if (deps.onRoute !== undefined) {
    const observe = deps.onRoute;
    app.addHook('onRoute', (route) => observe(route));
  }
  await app.register(apiRoutes, { prefix: '/v1' });
  // Outside /v1 and its bearer-token hook: verifiers of visitor-claims tokens fetch it without a token.
  await app.register(jwksRoutes);
  // Outside the bearer-token hook too: a sign-in page lists the SSO entries, and browsers sign in, without a token.
  await app.register(ssoProviderLoginRoutes, { prefix: '/v1' });
  await app.register(samlLoginRoutes);
  // Integrations' public endpoints: third parties call them without a token.
  await app.register(integrationPublicRoutes, { prefix: '/v1' });
  return app;
}
