import type { SpecTextsProcessor } from '../../openapi/process-spec-source.ts';
import { processSpecTexts, type SpecTexts, type SpecTextsOutcome } from '../../openapi/process-spec-texts.ts';
import { workerEntry } from '../../disk/worker-entry.ts';
import { WorkerPool } from '../worker-pool.ts';

/** How long parsing, validating and building one spec may take in a worker, all rounds together: 30 s. */
export const defaultOpenApiBudgetMs = 30_000;

/** The `lastProcessedErrors` code of a spec that cost more than the budget, or whose worker died (out of memory). */
export const tooCostlyProblemCode = 'TOO_COSTLY';

/** The CPU part of OpenAPI processing, in worker threads. */
export interface OpenApiTextProcessing {
  /** A processor for one spec: its rounds share one budget. */
  forSpec(): SpecTextsProcessor;
  close(): Promise<void>;
}

/**
 * Parses, validates and builds the filesystems of fetched specs (`processSpecTexts`) in `workers` worker threads,
 * so the thread that answers requests never waits on them. One spec's rounds (the entry point, then the files its
 * `$ref`s name) share `budgetMs` of worker time; past it the worker is terminated and the spec fails with
 * `PARSE_ERROR` and a `TOO_COSTLY` problem, as it does when its worker dies. When no worker can start (a bundle
 * built without the worker's file) the texts are processed on the calling thread.
 *
 * @example
 * const processing = createOpenApiTextProcessing({ workers: 2 });
 * const outcome = await processSpecSource(spec.source, rules, processing.forSpec());
 * await processing.close();
 */
export function createOpenApiTextProcessing(options: { workers: number; budgetMs?: number }): OpenApiTextProcessing {
  const budgetMs = options.budgetMs ?? defaultOpenApiBudgetMs;
  const pool = new WorkerPool<SpecTexts, SpecTextsOutcome>({ entry: workerEntry('openapi-worker-entry.mjs', import.meta.url), label: 'OpenAPI', workers: Math.max(1, options.workers), budgetMs });
  return {
    forSpec() {
      let spentMs = 0;
      return async (request) => {
        const started = performance.now();
        const outcome = await pool.run(request, Math.max(1, budgetMs - spentMs));
        spentMs += performance.now() - started;
        switch (outcome.kind) {
          case 'done':
            return outcome.result;
          case 'unavailable':
            return processSpecTexts(request);
          case 'threw':
            throw new Error(`processing ${request.entryName} failed: ${outcome.message}`);
          case 'over-budget':
            return tooCostly(`processing ${request.entryName} took longer than ${budgetMs} ms`);
          case 'worker-died':
            return tooCostly(`processing ${request.entryName} ran out of resources (${outcome.message})`);
        }
      };
    },
    close: () => pool.close(),
  };
}

function tooCostly(message: string): SpecTextsOutcome {
  return { kind: 'failed', code: 'PARSE_ERROR', problems: [{ message, code: tooCostlyProblemCode }], problemCount: 1 };
}
