import PQueue from 'p-queue';
import { decodeBody, type PageFetcher } from './fetch-page.ts';
import { allowEverything, parseRobots, type RobotsRules } from './robots.ts';

/** How far a crawl goes. */
export interface CrawlLimits {
  /** Pages imported at most (HTML pages fetched successfully). */
  maxPages: number;
  /** Link hops from the start page (0: the start page only). */
  maxDepth: number;
  /** Requests in flight at once (2 to 4 is polite). */
  concurrency: number;
  /** Largest HTML page read, in bytes; a larger one is skipped. */
  maxPageBytes: number;
}

/**
 * The defaults of a website import (`QUIRE_IMPORT_MAX_PAGES`, `QUIRE_IMPORT_MAX_DEPTH` and
 * `QUIRE_IMPORT_CONCURRENCY` change them on a server): 200 pages, 5 hops, 3 requests at once, 5 MB a page.
 */
export const defaultCrawlLimits: CrawlLimits = { maxPages: 200, maxDepth: 5, concurrency: 3, maxPageBytes: 5 * 1000 * 1000 };

/** A page of the site, as fetched. */
export interface CrawledPage {
  /** The page's URL after redirects (normalised: no fragment). */
  url: string;
  /** Link hops from the start page. */
  depth: number;
  html: string;
}

/** A URL the crawl did not import, and why (robots.txt, off-site redirect, too large, timeout, not HTML, ...). */
export interface SkippedUrl {
  url: string;
  reason: string;
}

/** What a crawl found: the pages in breadth-first order, what it skipped, and how many in-scope URLs it saw. */
export interface CrawlResult {
  pages: CrawledPage[];
  skipped: SkippedUrl[];
  /** Distinct URLs in scope (same origin, under the start's path prefix) seen, fetched or not. */
  discovered: number;
  /** Those URLs, normalised. */
  seen: string[];
}

/** What the crawl reports as it goes, for the progress of an import run. */
export interface CrawlProgress {
  discovered: number;
  fetched: number;
}

/**
 * Crawls a website breadth-first from `start`: only URLs of the same origin under the start URL's path prefix
 * (`scopeOf`), each once (a visited set of normalised URLs, so link loops end), at most `maxDepth` hops and
 * `maxPages` pages, `concurrency` requests at a time, skipping what robots.txt disallows for `robotsToken`.
 * `discover` lists a page's links (absolute, without fragments; a page it fails on is kept, its links not
 * followed). Failures of single pages are collected in
 * `skipped`; the crawl stops early when `signal` aborts.
 *
 * @example
 * const { pages } = await crawlSite(new URL('https://docs.example.com/'), fetcher, discoverLinks, { ...defaultCrawlLimits, robotsToken: 'Quire-Import' });
 */
export async function crawlSite(
  start: URL,
  fetcher: PageFetcher,
  discover: (html: string, url: string) => string[] | Promise<string[]>,
  options: CrawlLimits & { robotsToken: string; signal?: AbortSignal | undefined; onProgress?: ((progress: CrawlProgress) => void) | undefined },
): Promise<CrawlResult> {
  const scope = scopeOf(start);
  const robots = await readRobots(start, fetcher, options.robotsToken);
  const seen = new Set<string>([normaliseUrl(start.href)]);
  const pages: CrawledPage[] = [];
  const skipped: SkippedUrl[] = [];
  const queue = new PQueue({ concurrency: Math.max(1, options.concurrency) });
  let level = [normaliseUrl(start.href)];
  let fetched = 0;

  for (let depth = 0; level.length > 0 && depth <= options.maxDepth; depth++) {
    const found: (string[] | undefined)[] = [];
    const results: (CrawledPage | undefined)[] = [];
    await Promise.all(
      level.map((url, index) =>
        queue.add(async () => {
          if (options.signal?.aborted === true || pages.length + results.filter(Boolean).length >= options.maxPages) return;
          const target = new URL(url);
          if (!robots.isAllowed(`${target.pathname}${target.search}`)) {
            skipped.push({ url, reason: 'robots.txt disallows it' });
            return;
          }
          const outcome = await fetcher.fetch(url, { accepts: isHtmlType, maxBytes: options.maxPageBytes });
          fetched++;
          options.onProgress?.({ discovered: seen.size, fetched });
          if (!outcome.ok) {
            skipped.push({ url, reason: outcome.reason });
            return;
          }
          const finalUrl = normaliseUrl(outcome.url);
          if (finalUrl !== url) {
            if (seen.has(finalUrl) && !level.includes(finalUrl)) return;
            seen.add(finalUrl);
          }
          const html = decodeBody(outcome.body, outcome.charset);
          results[index] = { url: finalUrl, depth, html };
          try {
            found[index] = await discover(html, finalUrl);
          } catch (error) {
            skipped.push({ url: finalUrl, reason: `its links were not followed: ${error instanceof Error ? error.message : String(error)}` });
          }
        }),
      ),
    );
    // Keep the breadth-first order of the level, whatever order the requests finished in.
    const next: string[] = [];
    const kept = new Set(pages.map((page) => page.url));
    results.forEach((page, index) => {
      if (page === undefined || kept.has(page.url) || pages.length >= options.maxPages) return;
      kept.add(page.url);
      pages.push(page);
      for (const link of found[index] ?? []) {
        const normalised = normaliseUrl(link);
        if (seen.has(normalised) || !inScope(scope, normalised)) continue;
        seen.add(normalised);
        next.push(normalised);
      }
    });
    if (options.signal?.aborted === true || pages.length >= options.maxPages) break;
    level = next;
  }
  return { pages, skipped, discovered: seen.size, seen: [...seen] };
}

/** HTML media types. */
function isHtmlType(mediaType: string): boolean {
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
}

/** The origin and path prefix a crawl stays in: the start's folder (`/docs/intro.html` → `/docs/`; `/docs` → `/docs/`). */
export function scopeOf(start: URL): { origin: string; prefix: string; start: string } {
  const path = start.pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const prefix = path.endsWith('/') ? path : last.includes('.') ? path.slice(0, path.lastIndexOf('/') + 1) : `${path}/`;
  return { origin: start.origin, prefix, start: normaliseUrl(start.href) };
}

function inScope(scope: { origin: string; prefix: string; start: string }, url: string): boolean {
  const target = new URL(url);
  return target.origin === scope.origin && (target.pathname.startsWith(scope.prefix) || `${target.pathname}/` === scope.prefix);
}

/**
 * A URL as the visited set compares it: http(s), no fragment, host lower case, default port dropped (the URL
 * parser does both), an empty query dropped.
 *
 * @example
 * normaliseUrl('HTTP://Docs.Example.com:80/a?#top') // → 'http://docs.example.com/a'
 */
export function normaliseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  // An empty query (`a?`) reads as '' but stays in href until it is set.
  if (parsed.search === '') parsed.search = '';
  return parsed.href;
}

async function readRobots(start: URL, fetcher: PageFetcher, token: string): Promise<RobotsRules> {
  const outcome = await fetcher.fetch(new URL('/robots.txt', start).href, { accepts: (type) => type === 'text/plain' || type === '', maxBytes: 500 * 1000 });
  return outcome.ok ? parseRobots(decodeBody(outcome.body, outcome.charset), token) : allowEverything;
}
