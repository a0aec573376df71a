import type { FetchLimits, HostResolver } from '../import/fetch-page.ts';
import { SiteFetcher, decodeBody, importUserAgent } from '../import/fetch-page.ts';
import { checkImportUrl, type ImportTargetPolicy } from '../import/import-target-rule.ts';
import { isQuireError } from '../errors/index.ts';
import { OpenApiProcessingError } from './processing-error.ts';
import type { SpecFileReader } from './load-spec-filesystem.ts';

/** The rules a spec fetch follows: the website import's SSRF policy and limits, and a size limit per file. */
export interface SpecFetchRules {
  policy: ImportTargetPolicy;
  limits: FetchLimits;
  /** Largest file read, in bytes. */
  maxBytes: number;
  resolve?: HostResolver | undefined;
  /** Quire's version, for the user agent. */
  version: string;
}

/** Default size limit of one spec file: 20 MB (the largest public specs are a few MB). */
export const defaultMaxSpecFileBytes = 20 * 1000 * 1000;

/**
 * The I/O edge of spec processing: fetches the entry point of a URL spec and gives a reader for the files its
 * relative `$ref`s name, over the website import's fetcher (`SiteFetcher`): the host resolved once and checked
 * against the SSRF rule (`checkResolvedAddress`), every file on the entry point's origin, redirects followed by
 * hand within it up to `maxRedirects`, one deadline per request, bodies cut at `maxBytes`. A request that runs
 * out of time is `FETCH_TIMEOUT`; every other failure is `FETCH_ERROR` saying what happened.
 *
 * @example
 * const { text, read, close } = await openSpecUrl(new URL('https://api.example.com/openapi.yaml'), rules);
 */
export async function openSpecUrl(url: URL, rules: SpecFetchRules): Promise<{ text: string; read: SpecFileReader; close: () => Promise<void> }> {
  checkImportUrl(url.href, 'source.url');
  const fetcher = new SiteFetcher(url, { policy: rules.policy, limits: rules.limits, userAgent: importUserAgent(rules.version).replace('Quire-Import', 'Quire-OpenAPI'), resolve: rules.resolve });
  const get = async (target: URL): Promise<string> => {
    try {
      await fetcher.address();
    } catch (error) {
      throw new OpenApiProcessingError('FETCH_ERROR', [{ message: isQuireError(error) ? error.message : `${target.hostname} could not be resolved`, code: 'ADDRESS' }]);
    }
    const outcome = await fetcher.fetch(target.href, { accepts: () => true, maxBytes: rules.maxBytes });
    if (outcome.ok) return decodeBody(outcome.body, outcome.charset);
    if (outcome.timedOut) {
      throw new OpenApiProcessingError('FETCH_TIMEOUT', [{ message: `${target.href} took longer than ${rules.limits.timeoutMs} ms`, code: 'TIMEOUT' }]);
    }
    // A 200 that fails was cut at the size limit (every media type is accepted).
    const code = outcome.status === 200 ? 'TOO_LARGE' : outcome.status !== undefined && outcome.status >= 400 ? 'HTTP_STATUS' : 'FETCH';
    throw new OpenApiProcessingError('FETCH_ERROR', [{ message: `${target.href} ${outcome.reason}`, code }]);
  };
  try {
    const text = await get(url);
    return { text, read: (path) => get(new URL(path, url)), close: () => fetcher.close() };
  } catch (error) {
    await fetcher.close();
    throw error;
  }
}
