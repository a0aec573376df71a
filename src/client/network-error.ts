/**
 * Tells a network failure (worth retrying) from a bug (not), and whether the request may have reached the server.
 *
 * Node and undici put a string `code` on their errors; happy-eyeballs connects wrap several in an
 * `AggregateError`, and some are wrapped as a `cause`, so the whole chain is searched.
 */

/** The connection was never made, so the server cannot have seen the request. */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The connection broke or stalled after the request may have been written. */
const maybeSentCodes = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

export interface NetworkFailure {
  /** The first network error code found, e.g. `ECONNREFUSED`. */
  readonly code: string;
  readonly requestMayHaveBeenSent: boolean;
}

/** Classifies `error`, or returns `undefined` when it is not a network failure. */
export function classifyNetworkError(error: unknown): NetworkFailure | undefined {
  const codes = collectCodes(error, 0);
  const maybeSent = codes.find((code) => maybeSentCodes.has(code));
  if (maybeSent !== undefined) return { code: maybeSent, requestMayHaveBeenSent: true };
  const notSent = codes.find((code) => notSentCodes.has(code));
  if (notSent !== undefined) return { code: notSent, requestMayHaveBeenSent: false };
  return undefined;
}

function collectCodes(error: unknown, depth: number): string[] {
  if (depth > 5 || typeof error !== 'object' || error === null) return [];
  const codes: string[] = [];
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string') codes.push(code);
  if (error instanceof AggregateError) {
    for (const inner of error.errors) codes.push(...collectCodes(inner, depth + 1));
  }
  codes.push(...collectCodes(cause, depth + 1));
  return codes;
}
