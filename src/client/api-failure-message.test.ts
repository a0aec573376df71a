import { describe, expect, it } from 'vitest';
import { QuireError } from '../errors/index.ts';
import { explainApiFailure, type ApiNaming } from './api-failure-message.ts';
import { ApiInvalidResponseError, ApiRequestError, ApiUnreachableError } from './api-errors.ts';

const byOption: ApiNaming = { urlFrom: '--api', tokenFrom: undefined, tokenHow: '--token or QUIRE_TOKEN' };
const embedded: ApiNaming = { urlFrom: undefined, embeddedName: 'the embedded service in .quire', tokenFrom: undefined, tokenHow: '--token or QUIRE_TOKEN' };
const target = { method: 'GET', url: 'http://127.0.0.1:40123/v1/orgs/o1/sites/s1', route: '/v1/orgs/{organizationId}/sites/{siteId}' };
const answered = (status: number, serverMessage?: string, attempts = 1) => new ApiRequestError({ ...target, status, serverCode: status, serverMessage, attempts });

describe('explainApiFailure', () => {
  it('names the URL, the option it came from, what happened and what to check', () => {
    const refused = new ApiUnreachableError({ ...target, networkCode: 'ECONNREFUSED', networkFailure: 'refused', attempts: 5 });
    expect(explainApiFailure(refused, byOption)).toBe(
      'cannot reach the API at http://127.0.0.1:40123 (--api): the connection was refused (ECONNREFUSED, 5 attempts); check that the service is running and that --api names its host and port',
    );
    const tls = new ApiUnreachableError({ ...target, url: 'https://127.0.0.1:40123/v1/user', networkCode: 'ERR_SSL_WRONG_VERSION_NUMBER', networkFailure: 'not-tls', attempts: 1 });
    expect(explainApiFailure(tls, { ...byOption, urlFrom: 'QUIRE_API_URL' })).toBe(
      'cannot reach the API at https://127.0.0.1:40123 (QUIRE_API_URL): the server speaks http, not https (ERR_SSL_WRONG_VERSION_NUMBER); use http:// in QUIRE_API_URL',
    );
  });

  it('asks for a token on a 401 without one, and names where a refused token came from', () => {
    expect(explainApiFailure(answered(401, 'Missing token'), byOption)).toBe(
      'the API at http://127.0.0.1:40123 (--api) answered GET /v1/orgs/o1/sites/s1 with 401: Missing token; it needs a token: give one with --token or QUIRE_TOKEN',
    );
    expect(explainApiFailure(answered(401), { ...byOption, tokenFrom: 'QUIRE_TOKEN' })).toMatch(/refused the token from QUIRE_TOKEN .*check that it is a current token/);
  });

  it('says a service answering 5xx after every retry is unavailable', () => {
    expect(explainApiFailure(answered(503, 'busy', 5), byOption)).toBe(
      'the API at http://127.0.0.1:40123 (--api) answered GET /v1/orgs/o1/sites/s1 with 503: busy (after 5 attempts); the service is unavailable or failing: check its health and logs, and try again later',
    );
  });

  it('calls the embedded service by its folder, never by its random port', () => {
    const message = explainApiFailure(answered(404, 'Site s1 not found'), embedded)!;
    expect(message).toBe('the embedded service in .quire answered GET /v1/orgs/o1/sites/s1 with 404: Site s1 not found');
    expect(message).not.toContain('40123');
    const invalid = new ApiInvalidResponseError({ ...target, status: 200, problem: 'a body that is not JSON' });
    expect(explainApiFailure(invalid, byOption)).toMatch(/with 200 and a body that is not JSON: is --api the origin of a Quire or GitBook API \(without \/v1\)\?$/);
  });

  it("names the client's options as the user typed them, and leaves other errors to the caller", () => {
    const badUrl = new QuireError('INVALID_ARGUMENT', 'options.baseUrl must use http or https, not ftp:', { field: 'options.baseUrl' });
    expect(explainApiFailure(badUrl, byOption)).toBe('--api must use http or https, not ftp:');
    expect(explainApiFailure(new QuireError('INVALID_ARGUMENT', '--space is required'), byOption)).toBeUndefined();
    expect(explainApiFailure(new Error('boom'), byOption)).toBeUndefined();
  });
});
