/**
 * Tells a network failure from a bug, says what kind of failure it was (so a message can say what to check),
 * whether the request may have reached the server, and whether trying again can help.
 *
 * Node and node-http-request.ts (the API client's timeouts) put a string `code` on their errors; happy-eyeballs
 * connects wrap several in an `AggregateError`, and some are wrapped as a `cause`, so the whole chain is searched.
 */

import { connectTimeoutCode, responseTimeoutCode } from './node-http-request.ts';

/** What went wrong, in the words a message uses. */
export type NetworkFailureKind =
  /** Nothing listens at that address and port. */
  | 'refused'
  /** The host name does not resolve (a typo, no DNS, no network). */
  | 'unresolved'
  /** No route to the host, or the address is not one of this machine's. */
  | 'no-route'
  /** Connecting, or waiting for the answer, took longer than the timeout. */
  | 'timeout'
  /** The connection broke while the request or its answer was on the way. */
  | 'broken'
  /** `https` was asked for and the server answered in plain HTTP. */
  | 'not-tls'
  /** The server's TLS certificate is not trusted or not for that host name. */
  | 'certificate';

export interface NetworkFailure {
  /** The first network error code found, e.g. `ECONNREFUSED`. */
  readonly code: string;
  readonly kind: NetworkFailureKind;
  readonly requestMayHaveBeenSent: boolean;
  /** Trying again cannot help: the same server gives the same answer (a TLS mismatch, an untrusted certificate). */
  readonly permanent: boolean;
}

/** Codes of a connection that was never made, so the server cannot have seen the request. */
const notSentKinds: ReadonlyMap<string, NetworkFailureKind> = new Map([
  ['ECONNREFUSED', 'refused'],
  ['ENOTFOUND', 'unresolved'],
  ['EAI_AGAIN', 'unresolved'],
  ['EHOSTUNREACH', 'no-route'],
  ['ENETUNREACH', 'no-route'],
  ['EADDRNOTAVAIL', 'no-route'],
  [connectTimeoutCode, 'timeout'],
]);

/** Codes of a connection that broke or stalled after the request may have been written. */
const maybeSentKinds: ReadonlyMap<string, NetworkFailureKind> = new Map([
  ['ECONNRESET', 'broken'],
  ['EPIPE', 'broken'],
  ['ETIMEDOUT', 'timeout'],
  ['ECONNABORTED', 'broken'],
  [responseTimeoutCode, 'timeout'],
]);

/**
 * TLS handshakes that fail the same way every time; no request was sent. OpenSSL reads a plain HTTP answer as a
 * record of an unknown version (or an impossible length, depending on its first bytes).
 */
const tlsKinds: ReadonlyMap<string, NetworkFailureKind> = new Map([
  ['ERR_SSL_WRONG_VERSION_NUMBER', 'not-tls'],
  ['ERR_SSL_PACKET_LENGTH_TOO_LONG', 'not-tls'],
  ['ERR_SSL_HTTP_REQUEST', 'not-tls'],
  ['DEPTH_ZERO_SELF_SIGNED_CERT', 'certificate'],
  ['SELF_SIGNED_CERT_IN_CHAIN', 'certificate'],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'certificate'],
  ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'certificate'],
  ['UNABLE_TO_GET_ISSUER_CERT', 'certificate'],
  ['CERT_HAS_EXPIRED', 'certificate'],
  ['CERT_NOT_YET_VALID', 'certificate'],
  ['CERT_REVOKED', 'certificate'],
  ['ERR_TLS_CERT_ALTNAME_INVALID', 'certificate'],
]);

/** Classifies `error`, or returns `undefined` when it is not a network failure. */
export function classifyNetworkError(error: unknown): NetworkFailure | undefined {
  const codes = collectCodes(error, 0);
  const tls = codes.find((code) => tlsKinds.has(code));
  if (tls !== undefined) return { code: tls, kind: tlsKinds.get(tls)!, requestMayHaveBeenSent: false, permanent: true };
  const maybeSent = codes.find((code) => maybeSentKinds.has(code));
  if (maybeSent !== undefined) return { code: maybeSent, kind: maybeSentKinds.get(maybeSent)!, requestMayHaveBeenSent: true, permanent: false };
  const notSent = codes.find((code) => notSentKinds.has(code));
  if (notSent !== undefined) return { code: notSent, kind: notSentKinds.get(notSent)!, requestMayHaveBeenSent: false, permanent: false };
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
