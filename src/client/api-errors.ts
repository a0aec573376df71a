/**
 * The typed errors the client throws. Each is a QuireError, so callers branch on `code`:
 * `API_REQUEST_FAILED` (the API answered an HTTP error), `API_UNREACHABLE` (no answer after every retry),
 * `API_INVALID_RESPONSE` (a 2xx answer that is not what the operation returns).
 *
 * Messages and data name the method and URL (credential-like query values redacted), never the token.
 */
import { QuireError } from '../errors/index.ts';
import type { NetworkFailureKind } from './network-error.ts';

/** Where a failed request was going. */
export type RequestTarget = {
  readonly method: string;
  /** The URL with secrets redacted. */
  readonly url: string;
  /** The route template, e.g. `/v1/spaces/{spaceId}`; `{downloadURL}` for downloads. */
  readonly route: string;
};

export type ApiRequestErrorData = RequestTarget & {
  readonly status: number;
  /** `error.code` of the `{ error: { code, message } }` body, when the body has that shape. */
  readonly serverCode: number | undefined;
  /** `error.message` of the body, or the start of a body of another shape; undefined for an empty body. */
  readonly serverMessage: string | undefined;
  readonly attempts: number;
};

/**
 * The API answered with an HTTP error status. Unlike other QuireErrors, `status` is the status the API
 * answered (404, 409, 503...), not the catalogue's 502, so callers can branch on it.
 */
export class ApiRequestError extends QuireError<'API_REQUEST_FAILED'> {
  override readonly status: number;
  declare readonly data: ApiRequestErrorData;

  constructor(data: ApiRequestErrorData, options: { cause?: unknown } = {}) {
    const said = data.serverMessage === undefined ? '' : `: ${data.serverMessage}`;
    const tries = data.attempts > 1 ? ` (after ${data.attempts} attempts)` : '';
    super('API_REQUEST_FAILED', `${data.method} ${data.url} answered ${data.status}${said}${tries}`, data, options);
    this.status = data.status;
  }
}

export type ApiUnreachableErrorData = RequestTarget & {
  /** The network error code of the last attempt, e.g. `ECONNREFUSED`. */
  readonly networkCode: string;
  /** What kind of failure that code is (network-error.ts): `refused`, `unresolved`, `not-tls`... */
  readonly networkFailure: NetworkFailureKind;
  readonly attempts: number;
};

/**
 * No answer from the API: connection refused or reset, DNS failure or timeout, after every retry allowed; or a
 * TLS handshake that failed (a plain HTTP server asked for https, an untrusted certificate), which is not retried.
 */
export class ApiUnreachableError extends QuireError<'API_UNREACHABLE'> {
  declare readonly data: ApiUnreachableErrorData;

  constructor(data: ApiUnreachableErrorData, options: { cause?: unknown } = {}) {
    const tries = data.attempts === 1 ? '1 attempt' : `${data.attempts} attempts`;
    super('API_UNREACHABLE', `${data.method} ${data.url} got no answer (${data.networkCode}) after ${tries}`, data, options);
  }
}

export type ApiInvalidResponseErrorData = RequestTarget & {
  readonly status: number;
  /** What was wrong with the body. */
  readonly problem: string;
};

/** A 2xx answer whose body is not what the operation returns. */
export class ApiInvalidResponseError extends QuireError<'API_INVALID_RESPONSE'> {
  declare readonly data: ApiInvalidResponseErrorData;

  constructor(data: ApiInvalidResponseErrorData, options: { cause?: unknown } = {}) {
    super('API_INVALID_RESPONSE', `${data.method} ${data.url} answered ${data.status} with ${data.problem}`, data, options);
  }
}

/** Reads `{ error: { code, message } }` out of an error body, falling back to the start of any other text. */
export function readErrorBody(text: string): { serverCode: number | undefined; serverMessage: string | undefined } {
  const trimmed = text.trim();
  if (trimmed === '') return { serverCode: undefined, serverMessage: undefined };
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const error = typeof parsed === 'object' && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
    if (typeof error === 'object' && error !== null) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      return {
        serverCode: typeof code === 'number' ? code : undefined,
        serverMessage: typeof message === 'string' ? message : undefined,
      };
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): fall through and quote its start.
  }
  const firstLine = trimmed.split('\n', 1)[0] ?? '';
  return { serverCode: undefined, serverMessage: firstLine.length > 200 ? `${firstLine.slice(0, 200)}…` : firstLine };
}
