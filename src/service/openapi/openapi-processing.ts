import { randomUUID } from 'node:crypto';
import { QuireError } from '../../errors/index.ts';
import type { SpecFetchRules } from '../../openapi/fetch-spec-file.ts';
import { defaultMaxSpecFileBytes } from '../../openapi/fetch-spec-file.ts';
import { processSpecSource, type SpecTextsProcessor } from '../../openapi/process-spec-source.ts';
import { processSpecTexts } from '../../openapi/process-spec-texts.ts';
import { maxKeptProblems } from '../../openapi/validate-spec.ts';
import type { OpenApiProcessingOutcome, OpenApiSpecRecord, Store } from '../../store/index.ts';
import { defaultImportSettings, type ImportSettings } from '../import/content-import.ts';
import { createOpenApiTextProcessing, type OpenApiTextProcessing } from './openapi-text-processing.ts';
import { quireVersion } from '../quire-server-info.ts';

/** How a process handles OpenAPI processing. */
export interface OpenApiProcessingOptions {
  /** Who this process is in the leases (default: a random id per processor). */
  holder?: string;
  /** How long a claim lasts without renewal (default 60 s); renewed every third of it while the work runs. */
  leaseMs?: number;
  /** How often the processor looks for work nobody holds (expired leases, other processes' requests): default 15 s. */
  pollMs?: number;
  /** Re-fetch URL specs processed longer ago than this (`QUIRE_OPENAPI_REFRESH_INTERVAL`, ms); undefined: never. */
  refreshIntervalMs?: number | undefined;
  /** Specs processed at once (default 2). */
  concurrency?: number;
  /** The SSRF policy, timeout and resolver (the website import's settings). */
  imports?: ImportSettings | undefined;
  /** Largest spec file fetched, in bytes (default 20 MB). */
  maxFileBytes?: number;
  /**
   * How long parsing, validating and building one spec may take in its worker thread (default 30 s); past it the
   * spec fails with `PARSE_ERROR` and a `TOO_COSTLY` problem.
   */
  budgetMs?: number;
  /** The clock (the store's). */
  now?: () => Date;
}

/**
 * Processes OpenAPI specs in the background of one server process: fetch (on this thread: asynchronous I/O),
 * parse, validate and build the filesystem (in worker threads, within a budget), keep a version when the content
 * changed. Work is found in the database, not in memory, so it survives a restart (a spec `pending`,
 * or `progress` under an expired lease, is claimed again) and, with several processes on one PostgreSQL, each
 * spec is processed by exactly one: the one whose compare-and-set claim (`claimOpenApiSpec`) won.
 */
export interface OpenApiProcessor {
  readonly holder: string;
  /** Looks for work now (after a spec is created or its source changed). */
  kick(): void;
  /** Resolves once no work is running or waiting in this process (tests). */
  idle(): Promise<void>;
  /** Stops looking for work and waits for the running work to end. */
  close(): Promise<void>;
}

/**
 * A processor for one process; it starts looking for work at once (resuming what a previous process left).
 *
 * @example
 * const processor = createOpenApiProcessor(store, { refreshIntervalMs: 3_600_000 });
 */
export function createOpenApiProcessor(store: Store, options: OpenApiProcessingOptions = {}): OpenApiProcessor {
  const holder = options.holder ?? `process-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const now = options.now ?? (() => new Date());
  const imports = options.imports ?? defaultImportSettings;
  const rules: SpecFetchRules = { policy: imports.policy, limits: { timeoutMs: imports.timeoutMs, maxRedirects: 5 }, maxBytes: options.maxFileBytes ?? defaultMaxSpecFileBytes, resolve: imports.resolve, version: quireVersion };
  const texts = createOpenApiTextProcessing({ workers: concurrency, ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }) });
  const running = new Set<Promise<void>>();
  let closed = false;
  let sweeping: Promise<void> | undefined;
  let again = false;
  let lastRefresh = 0;

  const sweep = async (): Promise<void> => {
    do {
      again = false;
      if (options.refreshIntervalMs !== undefined && now().getTime() - lastRefresh >= Math.min(options.refreshIntervalMs, 60_000)) {
        lastRefresh = now().getTime();
        await store.requestOpenApiSpecRefreshes(new Date(now().getTime() - options.refreshIntervalMs).toISOString()).catch(() => 0);
      }
      while (!closed && running.size < concurrency) {
        const ids = await store.listClaimableOpenApiSpecs(concurrency * 2).catch(() => []);
        let claimedAny = false;
        for (const id of ids) {
          if (closed || running.size >= concurrency) break;
          const claimed = await store.claimOpenApiSpec(id, holder, leaseMs).catch(() => undefined);
          if (claimed === undefined) continue;
          claimedAny = true;
          const work: Promise<void> = processClaimed(store, claimed, holder, leaseMs, rules, texts).finally(() => {
            running.delete(work);
            kick();
          });
          running.add(work);
        }
        if (!claimedAny) break;
      }
    } while (again && !closed);
  };
  const kick = (): void => {
    if (closed) return;
    if (sweeping !== undefined) {
      again = true;
      return;
    }
    sweeping = sweep().finally(() => (sweeping = undefined));
  };
  const timer = setInterval(kick, options.pollMs ?? 15_000);
  timer.unref();
  kick();
  return {
    holder,
    kick,
    async idle() {
      for (;;) {
        await sweeping;
        if (running.size === 0 && sweeping === undefined) return;
        await Promise.all(running);
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await sweeping;
      await Promise.all(running);
      await texts.close();
    },
  };
}

/** Processes one claimed spec, renewing the lease while it runs, and records the outcome. */
async function processClaimed(store: Store, spec: OpenApiSpecRecord, holder: string, leaseMs: number, rules: SpecFetchRules, texts: OpenApiTextProcessing): Promise<void> {
  const renew = setInterval(() => void store.renewOpenApiSpecLease(spec.id, holder, leaseMs).catch(() => false), Math.max(10, Math.floor(leaseMs / 3)));
  renew.unref();
  try {
    const outcome = await outcomeOf(spec, rules, texts.forSpec());
    await store.finishOpenApiSpecProcessing(spec.id, holder, spec.generation, outcome).catch(() => undefined);
  } finally {
    clearInterval(renew);
  }
}

/**
 * The outcome of processing a spec's source: its filesystem and content hash, or the published error code with
 * the first `maxKeptProblems` problems and their count. The texts are processed by `processTexts` (default: on
 * this thread; the processor passes its worker threads').
 *
 * @example
 * const outcome = await outcomeOf(spec, rules);
 */
export async function outcomeOf(spec: Pick<OpenApiSpecRecord, 'source'>, rules: SpecFetchRules, processTexts: SpecTextsProcessor = processSpecTexts): Promise<OpenApiProcessingOutcome> {
  try {
    const outcome = await processSpecSource(spec.source, rules, processTexts);
    if (outcome.kind === 'processed') return { ok: true, filesystem: outcome.filesystem, contentHash: outcome.contentHash };
    return { ok: false, errorCode: outcome.code, errors: outcome.problems.slice(0, maxKeptProblems), errorCount: outcome.problemCount };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, errorCode: 'FETCH_ERROR', errors: [{ message, code: 'INTERNAL' }], errorCount: 1 };
  }
}

/**
 * The OpenAPI settings the environment gives a server: `QUIRE_OPENAPI_REFRESH_INTERVAL`, in seconds, how old a
 * URL spec's last processing may get before it is fetched again (unset or 0: never, only on request). A value
 * that is not a whole number of seconds is `INVALID_ARGUMENT` naming the variable.
 *
 * @example
 * openApiSettingsFromEnv({ QUIRE_OPENAPI_REFRESH_INTERVAL: '3600' }).refreshIntervalMs // → 3600000
 */
export function openApiSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): Pick<OpenApiProcessingOptions, 'refreshIntervalMs'> {
  const raw = env['QUIRE_OPENAPI_REFRESH_INTERVAL'];
  if (raw === undefined || raw.trim() === '') return {};
  const seconds = Number(raw);
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new QuireError('INVALID_ARGUMENT', `QUIRE_OPENAPI_REFRESH_INTERVAL must be a whole number of seconds (0: never), not "${raw}"`, { field: 'QUIRE_OPENAPI_REFRESH_INTERVAL' });
  return seconds === 0 ? {} : { refreshIntervalMs: seconds * 1000 };
}
