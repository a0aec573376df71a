import { describe, expect, it } from 'vitest';
import { classifyNetworkError } from './network-error.ts';
import { connectTimeoutCode, responseTimeoutCode } from './node-http-request.ts';

function coded(code: string, cause?: unknown): Error {
  return Object.assign(new Error(code, cause === undefined ? undefined : { cause }), { code });
}

describe('classifyNetworkError', () => {
  it('knows a connection that was never made sent nothing', () => {
    expect(classifyNetworkError(coded('ECONNREFUSED'))).toEqual({ code: 'ECONNREFUSED', kind: 'refused', requestMayHaveBeenSent: false, permanent: false });
    expect(classifyNetworkError(coded('ENOTFOUND'))).toEqual({ code: 'ENOTFOUND', kind: 'unresolved', requestMayHaveBeenSent: false, permanent: false });
    expect(classifyNetworkError(coded(connectTimeoutCode))).toEqual({ code: connectTimeoutCode, kind: 'timeout', requestMayHaveBeenSent: false, permanent: false });
    expect(classifyNetworkError(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toMatchObject({ requestMayHaveBeenSent: false });
  });

  it('treats resets and timeouts after connecting as possibly sent', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', responseTimeoutCode]) {
      expect(classifyNetworkError(coded(code))).toMatchObject({ code, requestMayHaveBeenSent: true, permanent: false });
    }
    expect(classifyNetworkError(new TypeError('fetch failed', { cause: coded('ECONNRESET') }))).toMatchObject({ code: 'ECONNRESET' });
  });

  it('knows a TLS handshake that fails the same way every time: https asked of an http server, an untrusted certificate', () => {
    expect(classifyNetworkError(coded('ERR_SSL_WRONG_VERSION_NUMBER'))).toEqual({ code: 'ERR_SSL_WRONG_VERSION_NUMBER', kind: 'not-tls', requestMayHaveBeenSent: false, permanent: true });
    expect(classifyNetworkError(new TypeError('fetch failed', { cause: coded('DEPTH_ZERO_SELF_SIGNED_CERT') }))).toMatchObject({ kind: 'certificate', permanent: true });
  });

  it('does not mistake other errors for network failures', () => {
    expect(classifyNetworkError(new TypeError('x is not a function'))).toBeUndefined();
    expect(classifyNetworkError(coded('ERR_INVALID_ARG_TYPE'))).toBeUndefined();
    expect(classifyNetworkError('ECONNRESET')).toBeUndefined();
  });
});
