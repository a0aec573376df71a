import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { checkResolvedAddress, normaliseHost, sameImportOrigin, type ImportTargetPolicy } from './import-target-rule.ts';

/** Resolves a host name to its addresses (injected in tests, to make a name "resolve" anywhere). */
export type HostResolver = (host: string) => Promise<string[]>;

/** The system resolver: every address of the name. */
export const systemResolver: HostResolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The user agent of every request an import makes, for Quire `version`; robots.txt groups match its product
 * token `Quire-Import`.
 *
 * @example
 * importUserAgent('0.1.0') // → 'Quire-Import/0.1.0 (+https://github.com/quire-docs/quire)'
 */
export function importUserAgent(version: string): string {
  return `Quire-Import/${version} (+https://github.com/quire-docs/quire)`;
}

/** The product token robots.txt groups are matched against. */
export const importRobotsToken = 'Quire-Import';

/** How much one request may take. */
export interface FetchLimits {
  /** The whole request, headers and body, in milliseconds: a page that trickles forever is cut off here. */
  timeoutMs: number;
  /** Redirects followed (within the site) before the page is skipped. */
  maxRedirects: number;
}

/** What the caller takes: which media types, and how many bytes at most. */
export interface FetchWanted {
  /** True for a media type (without parameters, lower case) the caller wants. */
  accepts(mediaType: string): boolean;
  /** The body is read up to this many bytes; a larger one is dropped and the request skipped. */
  maxBytes: number;
}

/**
 * A fetched resource, or why it was skipped (never thrown: one bad page does not end an import). `timedOut` says
 * the request ran out of its time (the deadline, or undici's connect, headers or body timeout), whatever else
 * held the thread meanwhile.
 */
export type FetchOutcome =
  | { ok: true; url: string; status: number; mediaType: string; charset: string | undefined; body: Uint8Array }
  | { ok: false; url: string; status?: number; reason: string; timedOut: boolean };

/** What the crawl needs from the network; tests may pass a fake. */
export interface PageFetcher {
  fetch(url: string, wanted: FetchWanted): Promise<FetchOutcome>;
  close(): Promise<void>;
}

/**
 * Fetches the pages of one website for an import, over undici, holding to the import's rules: only the start
 * URL's origin is requested (redirects are followed by hand, and one leaving the origin skips the page); the host
 * is resolved once and every connection goes to that checked address (`checkResolvedAddress`), so a name that
 * resolves elsewhere later (DNS rebinding) is never reached; each request has one deadline for headers and body;
 * bodies stream and stop at `maxBytes`.
 *
 * @example
 * const fetcher = new SiteFetcher(new URL('https://docs.example.com/'), { policy, limits: { timeoutMs: 10_000, maxRedirects: 5 }, userAgent: importUserAgent('0.1.0') });
 * const page = await fetcher.fetch('https://docs.example.com/guide/', { accepts: (type) => type === 'text/html', maxBytes: 5_000_000 });
 * await fetcher.close();
 */
export class SiteFetcher implements PageFetcher {
  private readonly agent: Agent;
  private pinned: Promise<{ address: string; family: 4 | 6 }> | undefined;

  constructor(
    private readonly start: URL,
    private readonly options: { policy: ImportTargetPolicy; limits: FetchLimits; userAgent: string; resolve?: HostResolver | undefined },
  ) {
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      this.address().then(
        ({ address, family }) => {
          if ((lookupOptions as { all?: boolean }).all === true) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else callback(null, address, family);
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
      );
    };
    this.agent = new Agent({ connect: { lookup, timeout: options.limits.timeoutMs }, connections: 4 });
  }

  /**
   * The checked address of the site's host: resolved once, on first use. An IP literal is checked as it is.
   * Rejects with `INVALID_ARGUMENT` (field `url`) when the host resolves to a non-public address it may not reach.
   */
  address(): Promise<{ address: string; family: 4 | 6 }> {
    this.pinned ??= (async () => {
      const host = normaliseHost(this.start.hostname);
      const addresses = isIP(host) !== 0 ? [host] : await (this.options.resolve ?? systemResolver)(host);
      if (addresses.length === 0) throw new Error(`${host} has no address`);
      // Every address must pass, not only the one used: a name must not mix public and private addresses.
      for (const address of addresses) checkResolvedAddress(this.options.policy, host, address, 'url');
      const address = addresses[0]!;
      return { address, family: isIP(address) === 6 ? 6 : 4 };
    })();
    return this.pinned;
  }

  async fetch(url: string, wanted: FetchWanted): Promise<FetchOutcome> {
    let current = new URL(url);
    if (!sameImportOrigin(this.start, current)) return { ok: false, url, reason: `${current.origin} is not the imported site (${this.start.origin})`, timedOut: false };
    await this.address();
    const deadline = AbortSignal.timeout(this.options.limits.timeoutMs);
    try {
      for (let redirects = 0; ; redirects++) {
        const response = await this.agent.request({
          origin: current.origin,
          path: `${current.pathname}${current.search}`,
          method: 'GET',
          headers: { 'user-agent': this.options.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,image/*;q=0.8,*/*;q=0.1' },
          signal: deadline,
          headersTimeout: this.options.limits.timeoutMs,
          bodyTimeout: this.options.limits.timeoutMs,
        });
        const location = headerOf(response.headers, 'location');
        if (response.statusCode >= 300 && response.statusCode < 400 && location !== undefined) {
          discard(response.body);
          const next = new URL(location, current);
          if (!sameImportOrigin(this.start, next)) return { ok: false, url, status: response.statusCode, reason: `redirects off the site, to ${next.origin}`, timedOut: false };
          if (redirects >= this.options.limits.maxRedirects) return { ok: false, url, status: response.statusCode, reason: `more than ${this.options.limits.maxRedirects} redirects`, timedOut: false };
          current = next;
          continue;
        }
        if (response.statusCode !== 200) {
          discard(response.body);
          return { ok: false, url, status: response.statusCode, reason: `answered HTTP ${response.statusCode}`, timedOut: false };
        }
        const { mediaType, charset } = parseContentType(headerOf(response.headers, 'content-type'));
        if (!wanted.accepts(mediaType)) {
          discard(response.body);
          return { ok: false, url, status: 200, reason: `is ${mediaType === '' ? 'of no media type' : mediaType}, not a type the import takes`, timedOut: false };
        }
        const declared = Number(headerOf(response.headers, 'content-length'));
        if (Number.isFinite(declared) && declared > wanted.maxBytes) {
          discard(response.body);
          return { ok: false, url, status: 200, reason: `is ${declared} bytes, more than the ${wanted.maxBytes} an import reads`, timedOut: false };
        }
        const body = await readAtMost(response.body, wanted.maxBytes);
        if (body === undefined) return { ok: false, url, status: 200, reason: `is more than the ${wanted.maxBytes} bytes an import reads`, timedOut: false };
        return { ok: true, url: current.href, status: 200, mediaType, charset, body };
      }
    } catch (error) {
      if (deadline.aborted || isTimeoutError(error)) return { ok: false, url, reason: `took longer than ${this.options.limits.timeoutMs} ms`, timedOut: true };
      return { ok: false, url, reason: `could not be fetched: ${error instanceof Error ? error.message : String(error)}`, timedOut: false };
    }
  }

  async close(): Promise<void> {
    await this.agent.close().catch(() => this.agent.destroy());
  }
}

/** undici's own timeouts (connect, headers, body), which may fire a moment before the deadline's signal. */
function isTimeoutError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Stops reading a body; its abort error, which nobody waits for, is swallowed. */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The media type (lower case, no parameters) and charset of a `Content-Type` header. */
function parseContentType(header: string | undefined): { mediaType: string; charset: string | undefined } {
  if (header === undefined) return { mediaType: '', charset: undefined };
  const [type = '', ...parameters] = header.split(';');
  const charset = parameters.map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(parameter)?.[1]).find((value) => value !== undefined);
  return { mediaType: type.trim().toLowerCase(), charset: charset?.toLowerCase() };
}

/** Reads a body stream up to `maxBytes`; undefined (and the stream destroyed) as soon as it goes past. */
async function readAtMost(body: AsyncIterable<Uint8Array> & { on(event: 'error', listener: () => void): unknown; destroy(): void }, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      discard(body);
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The text of an HTML body, decoded with its declared charset (UTF-8 when none, or when the charset is unknown).
 *
 * @example
 * decodeBody(new TextEncoder().encode('<p>é</p>'), undefined) // → '<p>é</p>'
 */
export function decodeBody(body: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
