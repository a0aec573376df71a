import { availableParallelism } from 'node:os';
import { QuireError } from '../../errors/index.ts';
import type { RevisionSnapshot } from '../../model/revision-snapshot.ts';
import type { DocumentRequest } from './document-worker.ts';
import { jsonDocumentOf, type DocumentOwner } from './page-json-document.ts';
import type { PublishedJsonDocument } from './published-content-shapes.ts';
import { WorkerPool } from '../worker-pool.ts';
import { workerEntry } from '../../disk/worker-entry.ts';

/** How long one Markdown → JSON document conversion may take in a worker before it is stopped (a 422). */
export const defaultDocumentBudgetMs = 5_000;

/**
 * Bodies shorter than this (in characters) are converted on the calling thread: the worst Markdown of that size
 * costs a few tens of milliseconds (BENCHMARKS.md, "Hostile content"), less than sending a revision to a worker.
 */
export const inlineConversionBelow = 2_048;

/** Turns page and reusable-content bodies into published JSON documents. */
export interface DocumentConverter {
  convert(markdown: string, revision: RevisionSnapshot, owner: DocumentOwner): Promise<PublishedJsonDocument>;
  close(): Promise<void>;
}

export interface DocumentConverterOptions {
  /** Default `defaultDocumentBudgetMs`. */
  budgetMs?: number;
  /** Default `inlineConversionBelow`. */
  inlineBelow?: number;
  /** Worker threads; default one less than the machine's cores, at least one and at most four. */
  workers?: number;
}

/**
 * Converts on the calling thread, with no budget: for library use, where no request is waiting.
 *
 * @example
 * const document = await inlineDocumentConverter.convert('Hello', revision, { kind: 'page', id: page.id });
 */
export const inlineDocumentConverter: DocumentConverter = {
  convert: async (markdown, revision, owner) => jsonDocumentOf(markdown, revision, owner),
  close: async () => {},
};

/**
 * The converter the service answers `format=document` and the `/document` routes with: short bodies inline,
 * the others in worker threads, each within `budgetMs`; past it the conversion is stopped and the read is a
 * `CONTENT_TOO_COSTLY` (422) naming the page and the budget, while the service goes on answering other requests.
 *
 * @example
 * const converter = createDocumentConverter({ budgetMs: 5000 });
 * const document = await converter.convert(body, revision, { kind: 'page', id: page.id });
 * await converter.close();
 */
export function createDocumentConverter(options: DocumentConverterOptions = {}): DocumentConverter {
  const budgetMs = options.budgetMs ?? defaultDocumentBudgetMs;
  const inlineBelow = options.inlineBelow ?? inlineConversionBelow;
  const pool = new WorkerPool<DocumentRequest, PublishedJsonDocument>({
    entry: workerEntry('document-worker-entry.mjs', import.meta.url),
    label: 'document',
    workers: options.workers ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
    budgetMs,
  });
  return {
    async convert(markdown, revision, owner) {
      if (markdown.length < inlineBelow) return jsonDocumentOf(markdown, revision, owner);
      const outcome = await pool.run({ markdown, revision, owner });
      switch (outcome.kind) {
        case 'done':
          return outcome.result;
        case 'unavailable':
          return jsonDocumentOf(markdown, revision, owner);
        case 'threw':
          throw new QuireError('INTERNAL', `converting ${describe(owner)} to a document failed: ${outcome.message}`, { ...owner });
        case 'worker-died':
        case 'over-budget': {
          const why = outcome.kind === 'over-budget' ? `took longer than ${budgetMs} ms, the budget of a conversion` : `ran out of resources (${outcome.message})`;
          throw new QuireError(
            'CONTENT_TOO_COSTLY',
            `converting the Markdown of ${describe(owner)} (${markdown.length} characters) to a JSON document ${why}; the Markdown is stored as it is: read it with format=markdown`,
            { ...owner, budgetMs },
          );
        }
      }
    },
    close: () => pool.close(),
  };
}

function describe(owner: DocumentOwner): string {
  return `${owner.kind === 'page' ? 'page' : 'reusable content'} ${owner.id}`;
}
