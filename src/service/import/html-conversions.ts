import { QuireError } from '../../errors/index.ts';
import { convertHtmlPage, discoverLinks, type ConvertedPage } from '../../import/html-to-markdown.ts';
import { importedBody, type ImportTargets } from '../../import/import-pages.ts';
import { WorkerPool } from '../worker-pool.ts';
import { workerEntry } from '../../disk/worker-entry.ts';

/** What an import asks of a page: its links (crawling), its title and links (planning), its body (writing). */
export type HtmlRequest =
  | { op: 'discover'; html: string; url: string }
  | { op: 'convert'; html: string; url: string }
  | { op: 'body'; html: string; url: string; targets: ImportTargets };

type HtmlResult = string[] | ConvertedPage | string;

/** How long converting one page may take in a worker before it is stopped (the page is then skipped). */
export const defaultHtmlBudgetMs = 10_000;

/**
 * Pages shorter than this (in characters) are converted on the calling thread: converting them costs less than
 * sending them to a worker. Larger ones (an import reads pages of up to 5 MB) go to a worker thread.
 */
export const inlineHtmlBelow = 64 * 1024;

/** The conversions of one website import. */
export interface HtmlConversions {
  discover(html: string, url: string): Promise<string[]>;
  /** Throws `CONTENT_TOO_COSTLY` naming the page when it is over the budget. */
  convert(html: string, url: string): Promise<ConvertedPage>;
  body(source: { html: string; url: string }, targets: ImportTargets): Promise<string>;
  close(): Promise<void>;
}

/**
 * Does one request on the calling thread: what the worker runs (html-worker.ts), and what an import runs itself
 * for small pages or when no worker can start.
 *
 * @example
 * convertHtmlRequest({ op: 'discover', html, url }) // → ['https://a.test/guide/install']
 */
export function convertHtmlRequest(request: HtmlRequest): HtmlResult {
  switch (request.op) {
    case 'discover':
      return discoverLinks(request.html, request.url);
    case 'convert':
      return convertHtmlPage(request.html, { url: request.url });
    case 'body':
      return importedBody(request, convertHtmlPage, request.targets);
  }
}

/**
 * The conversions of a website import: small pages on the calling thread, the others in one worker thread, each
 * within `budgetMs`, so a hostile page (megabytes of tiny elements) never holds the thread that answers requests.
 * A page over the budget is refused (`CONTENT_TOO_COSTLY`, naming it); the import skips it.
 *
 * @example
 * const conversions = createHtmlConversions();
 * try { const page = await conversions.convert(html, url); } finally { await conversions.close(); }
 */
export function createHtmlConversions(options: { budgetMs?: number; inlineBelow?: number } = {}): HtmlConversions {
  const budgetMs = options.budgetMs ?? defaultHtmlBudgetMs;
  const inlineBelow = options.inlineBelow ?? inlineHtmlBelow;
  const pool = new WorkerPool<HtmlRequest, HtmlResult>({ entry: workerEntry('html-worker-entry.mjs', import.meta.url), label: 'HTML', workers: 1, budgetMs });
  const run = async (request: HtmlRequest): Promise<HtmlResult> => {
    if (request.html.length < inlineBelow) return convertHtmlRequest(request);
    const outcome = await pool.run(request);
    switch (outcome.kind) {
      case 'done':
        return outcome.result;
      case 'unavailable':
        return convertHtmlRequest(request);
      case 'threw':
        throw new Error(outcome.message);
      case 'worker-died':
      case 'over-budget': {
        const why = outcome.kind === 'over-budget' ? `took longer than ${budgetMs} ms` : `ran out of resources (${outcome.message})`;
        throw new QuireError('CONTENT_TOO_COSTLY', `converting ${request.url} (${request.html.length} characters of HTML) ${why}`, { url: request.url, budgetMs });
      }
    }
  };
  return {
    discover: async (html, url) => (await run({ op: 'discover', html, url })) as string[],
    convert: async (html, url) => (await run({ op: 'convert', html, url })) as ConvertedPage,
    body: async (source, targets) => (await run({ op: 'body', html: source.html, url: source.url, targets })) as string,
    close: () => pool.close(),
  };
}
