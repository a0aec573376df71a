import { QuireError } from '../../errors/index.ts';
import { buildApp, listen } from '../../server/index.ts';
import { importSettingsFromEnv } from '../../service/index.ts';
import { openApiSettingsFromEnv } from '../../service/index.ts';
import { checkSigningKeyPolicy, defaultMaxFileBytes, defaultSigningKeyPolicy, discardOrphanRevisions, orphanGraceOption, purgeExpiredSpaces, resolveTokenExpiry, visitorClaimsLifetimeMs, type SigningKeyPolicy } from '../../service/index.ts';
import type { PdfPrinterOptions } from '../../service/index.ts';
import { describeBytes, type Store } from '../../store/index.ts';
import { exitCodes } from '../exit-codes.ts';
import { parseByteSize } from './byte-size.ts';
import { adminTokenPath, bootstrapWithTokenFile } from '../admin-token-file.ts';
import { openServiceStore } from '../open-service-store.ts';
import type { Terminal } from '../terminal.ts';

export interface ServeOptions {
  data: string;
  port: number;
  host: string;
  database?: string;
  /** The base URL of the `urls` in answers, when clients reach the service through another address. */
  publicUrl?: string;
  /** Log every request (JSON lines on stderr). */
  log?: boolean;
  /** The largest file the service takes (`100mb`, `1mib`, bytes); default `QUIRE_MAX_FILE_SIZE`, else 100 MB. */
  maxFileSize?: string;
  /** Stops the server when aborted (tests); by default SIGINT and SIGTERM do. */
  signal?: AbortSignal;
}

const purgeEveryMs = 60 * 60 * 1000;
/** A sweep reads every revision's parents (15 ms for 10,000 revisions on SQLite, 75 ms on PostgreSQL: BENCHMARKS.md). */
const orphanSweepEveryMs = 5 * 60 * 1000;

/**
 * `quire serve`: opens the store, makes sure there is an organization, an admin and a token (written to
 * `DATA/admin-token`, mode 0600, and reused on later starts), serves the API until SIGINT or SIGTERM, then
 * closes the server (letting requests in flight finish) and the store. Deleted spaces past their 7 days are
 * purged at start and hourly; revisions no history reaches (left by a writer killed before it moved a head) that
 * are older than `QUIRE_ORPHAN_GRACE_MS` (default 1 minute) are discarded at start and every 5 minutes.
 *
 * @example
 * const code = await serve({ data: '.quire', port: 8787, host: '127.0.0.1' }, processTerminal);
 */
export async function serve(options: ServeOptions, terminal: Terminal): Promise<number> {
  const maxFileBytes = maxFileBytesOption(options.maxFileSize, process.env['QUIRE_MAX_FILE_SIZE']);
  const orphanGraceMs = orphanGraceOption(process.env['QUIRE_ORPHAN_GRACE_MS']);
  const signingKeys = signingKeyPolicyOption(process.env['QUIRE_SIGNING_KEY_MAX_AGE']);
  const imports = importSettingsFromEnv(process.env);
  const openApi = openApiSettingsFromEnv(process.env);
  const pdf = pdfPrinterOptions(process.env['QUIRE_CHROMIUM'], process.env['QUIRE_PDF_PAPER']);
  const stop = stopRequested(options.signal);
  const store = await openServiceStore({ data: options.data, ...(options.database === undefined ? {} : { database: options.database }) });
  const timers: NodeJS.Timeout[] = [];
  try {
    const tokenPath = adminTokenPath(options.data);
    const started = await bootstrapWithTokenFile(store, options.data);

    const purge = () => purgeExpiredSpaces({ store }).catch((error: unknown) => terminal.err(`quire: purging deleted spaces failed: ${String(error)}\n`));
    const sweep = () =>
      discardOrphanRevisions({ store, clock: () => new Date() }, orphanGraceMs).catch((error: unknown) => terminal.err(`quire: discarding orphan revisions failed: ${String(error)}\n`));
    await Promise.all([purge(), sweep()]);
    timers.push(setInterval(() => void purge(), purgeEveryMs), setInterval(() => void sweep(), orphanSweepEveryMs));
    for (const timer of timers) timer.unref();

    const app = await buildApp({ store, maxFileBytes, imports, openApi, pdf, ...(signingKeys === undefined ? {} : { signingKeys }), ...(options.publicUrl === undefined ? {} : { baseUrl: options.publicUrl }), logger: options.log === true ? { level: 'info', stream: process.stderr } : false });
    let baseUrl: string;
    try {
      baseUrl = await listen(app, { port: options.port, host: options.host });
    } catch (error) {
      await app.close();
      throw listenFailure(error, options);
    }
    printBanner(terminal, { baseUrl: options.publicUrl ?? baseUrl, token: started.token, tokenPath, organization: `${started.organization.title} (${started.organization.id})`, store, created: started.created.token, maxFileBytes });

    const reason = await stop.promise;
    terminal.err(`\nquire: ${reason}, shutting down\n`);
    await app.close();
    return exitCodes.ok;
  } finally {
    stop.dispose();
    for (const timer of timers) clearInterval(timer);
    await store.close();
  }
}

/**
 * The file limit: `--max-file-size`, else `QUIRE_MAX_FILE_SIZE`, else 100 MB.
 *
 * @example
 * maxFileBytesOption('1mb', undefined) // → 1000000
 */
export function maxFileBytesOption(option: string | undefined, environment: string | undefined): number {
  if (option !== undefined) return parseByteSize(option, '--max-file-size');
  if (environment !== undefined && environment.trim() !== '') return parseByteSize(environment, 'QUIRE_MAX_FILE_SIZE');
  return defaultMaxFileBytes;
}

/**
 * The signing-key policy of `QUIRE_SIGNING_KEY_MAX_AGE` (how old a visitor-claims signing key may get before it
 * is replaced: `12h`, `30d`, `2w`), or undefined for the default (30 days). Replaced keys stay published a day.
 *
 * @example
 * signingKeyPolicyOption('7d') // → { rotateAfterMs: 604800000, retiredGraceMs: 86400000 }
 */
export function signingKeyPolicyOption(maxAge: string | undefined): SigningKeyPolicy | undefined {
  if (maxAge === undefined || maxAge.trim() === '') return undefined;
  const start = new Date(0);
  const until = resolveTokenExpiry({ expiresIn: maxAge.trim() }, start, { expiresAt: 'QUIRE_SIGNING_KEY_MAX_AGE', expiresIn: 'QUIRE_SIGNING_KEY_MAX_AGE' });
  const rotateAfterMs = Date.parse(until!) - start.getTime();
  // A key must outlive the tokens it signs.
  if (rotateAfterMs < visitorClaimsLifetimeMs) {
    throw new QuireError('INVALID_ARGUMENT', `QUIRE_SIGNING_KEY_MAX_AGE must be at least 1h (a visitor-claims token's lifetime), not ${JSON.stringify(maxAge)}`, { field: 'QUIRE_SIGNING_KEY_MAX_AGE' });
  }
  return checkSigningKeyPolicy({ ...defaultSigningKeyPolicy, rotateAfterMs });
}

/**
 * How `quire serve` prints change-request PDFs: Chromium at `QUIRE_CHROMIUM` (default `/usr/bin/chromium`), on
 * `QUIRE_PDF_PAPER` sheets (`A4`, the default, or `Letter`).
 *
 * @example
 * pdfPrinterOptions('/opt/chromium/chrome', 'letter') // → { executablePath: '/opt/chromium/chrome', paper: 'Letter' }
 */
export function pdfPrinterOptions(chromium: string | undefined, paper: string | undefined): PdfPrinterOptions {
  const options: PdfPrinterOptions = {};
  if (chromium !== undefined && chromium.trim() !== '') options.executablePath = chromium.trim();
  if (paper !== undefined && paper.trim() !== '') {
    const named = paper.trim().toLowerCase();
    if (named !== 'a4' && named !== 'letter') throw new QuireError('INVALID_ARGUMENT', `QUIRE_PDF_PAPER must be A4 or Letter, not ${JSON.stringify(paper)}`, { field: 'QUIRE_PDF_PAPER' });
    options.paper = named === 'a4' ? 'A4' : 'Letter';
  }
  return options;
}

function printBanner(terminal: Terminal, facts: { baseUrl: string; token: string; tokenPath: string; organization: string; store: Store; created: boolean; maxFileBytes: number }): void {
  terminal.out(
    `Quire is serving the documentation API at ${facts.baseUrl}/v1\n` +
      `  base URL      ${facts.baseUrl}\n` +
      `  token         ${facts.token}\n` +
      `                (${facts.created ? 'new, ' : ''}saved in ${facts.tokenPath}; send it as Authorization: Bearer <token>)\n` +
      `  organization  ${facts.organization}\n` +
      `  store         ${facts.store.kind}\n` +
      `  files         up to ${facts.maxFileBytes} bytes (${describeBytes(facts.maxFileBytes)}; --max-file-size)\n` +
      `Try: curl -H "Authorization: Bearer $(cat ${facts.tokenPath})" ${facts.baseUrl}/v1/orgs\n` +
      'Press Ctrl-C to stop.\n',
  );
}

function listenFailure(error: unknown, options: ServeOptions): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new QuireError('INVALID_ARGUMENT', `port ${options.port} on ${options.host} is in use: choose another with --port (0 picks a free one)`, { field: 'port' }, { cause: error });
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new QuireError('INVALID_ARGUMENT', `cannot listen on host ${options.host}: it is not an address of this machine`, { field: 'host' }, { cause: error });
  if (code === 'EACCES') return new QuireError('INVALID_ARGUMENT', `not allowed to listen on port ${options.port}: use a port above 1023`, { field: 'port' }, { cause: error });
  return error;
}

/** Resolves with the reason to stop: SIGINT, SIGTERM, or the abort signal. */
function stopRequested(signal: AbortSignal | undefined): { promise: Promise<string>; dispose: () => void } {
  let resolve!: (reason: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  const onSignal = (name: NodeJS.Signals) => {
    // Listening once: a second Ctrl-C while shutting down ends the process the default way.
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    resolve(name === 'SIGINT' ? 'interrupted (SIGINT)' : 'terminated (SIGTERM)');
  };
  const onAbort = () => resolve('stopped');
  if (signal === undefined) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  } else if (signal.aborted) {
    onAbort();
  } else {
    signal.addEventListener('abort', onAbort, { once: true });
  }
  return {
    promise,
    dispose: () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}
