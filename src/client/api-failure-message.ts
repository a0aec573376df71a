/**
 * A failure to talk to the API, told in the words the user typed: the option or variable the URL and the token
 * came from, "the embedded service in .quire" instead of its random port, and what to check. The CLI and the
 * Action print these; the typed errors (api-errors.ts) keep the raw facts in their `data`.
 */
import { isQuireError } from '../errors/index.ts';
import { ApiInvalidResponseError, ApiRequestError, ApiUnreachableError, type RequestTarget } from './api-errors.ts';
import type { NetworkFailureKind } from './network-error.ts';

/** How the user gave the API and its token, so messages can name them. */
export interface ApiNaming {
  /**
   * What the URL was given with (`--api`, `QUIRE_API_URL`, `the api-url input`); undefined for a service Quire
   * started itself (then `embeddedName` names it).
   */
  readonly urlFrom: string | undefined;
  /** What to call a service Quire started itself, e.g. `the embedded service in .quire`. */
  readonly embeddedName?: string | undefined;
  /** What the token was given with (`--token`, `QUIRE_TOKEN`, `the token input`); undefined when none was. */
  readonly tokenFrom: string | undefined;
  /** How to give a token, for a request refused for lack of one: `--token or QUIRE_TOKEN`. */
  readonly tokenHow: string;
}

/** The names the client uses for its options, and the naming's field that says what the user typed instead. */
const optionNames = [
  ['options.baseUrl', 'urlFrom'],
  ['options.token', 'tokenFrom'],
] as const;

/**
 * The message for `error`, or undefined when it is not about reaching or using the API (the caller prints it
 * as it is).
 *
 * @example
 * explainApiFailure(error, { urlFrom: '--api', tokenFrom: undefined, tokenHow: '--token or QUIRE_TOKEN' });
 * // → 'cannot reach the API at http://127.0.0.1:9 (--api): the connection was refused (ECONNREFUSED, 5 attempts): ...'
 */
export function explainApiFailure(error: unknown, naming: ApiNaming): string | undefined {
  if (error instanceof ApiUnreachableError) return unreachable(error, naming);
  if (error instanceof ApiRequestError) return answered(error, naming);
  if (error instanceof ApiInvalidResponseError) {
    const check = naming.urlFrom === undefined ? '' : `: is ${naming.urlFrom} the origin of a Quire or GitBook API (without /v1)?`;
    return `${apiName(error.data, naming)} answered ${requestName(error.data, naming)} with ${error.data.status} and ${error.data.problem}${check}`;
  }
  if (isQuireError(error, 'INVALID_ARGUMENT') && optionNames.some(([option]) => error.message.includes(option))) {
    return optionNames.reduce((message, [option, field]) => message.replaceAll(option, naming[field] ?? option), error.message);
  }
  return undefined;
}

/** What each kind of network failure means, and what to check about it. */
const networkAdvice: Record<NetworkFailureKind, { said: string; check: (urlFrom: string) => string }> = {
  refused: { said: 'the connection was refused', check: (from) => `check that the service is running and that ${from} names its host and port` },
  unresolved: { said: 'the host name does not resolve', check: (from) => `check the host name in ${from}, and this machine's network and DNS` },
  'no-route': { said: 'there is no route to it from this machine', check: (from) => `check the address in ${from}, the network, and any VPN or firewall` },
  timeout: { said: 'it did not answer in time', check: (from) => `check that the service is up and that ${from} is reachable from here (a firewall or proxy may drop the connection)` },
  broken: { said: 'the connection broke', check: (from) => `check that ${from} names the API and not another kind of server, and try again` },
  'not-tls': { said: 'the server speaks http, not https', check: (from) => `use http:// in ${from}` },
  certificate: { said: 'its TLS certificate is not trusted by this machine', check: (from) => `check the host name in ${from}; for a private certificate authority, name its file in NODE_EXTRA_CA_CERTS` },
};

function unreachable(error: ApiUnreachableError, naming: ApiNaming): string {
  const { networkCode, networkFailure, attempts } = error.data;
  const advice = networkAdvice[networkFailure];
  const tries = attempts === 1 ? '' : `, ${attempts} attempts`;
  const check = naming.urlFrom === undefined ? 'this is a bug in Quire: please report it' : advice.check(naming.urlFrom);
  return `cannot reach ${apiName(error.data, naming)}: ${advice.said} (${networkCode}${tries}); ${check}`;
}

function answered(error: ApiRequestError, naming: ApiNaming): string {
  const { status, serverMessage, attempts } = error.data;
  const api = apiName(error.data, naming);
  const request = requestName(error.data, naming);
  const said = serverMessage === undefined ? '' : `: ${serverMessage}`;
  if (status === 401) {
    return naming.tokenFrom === undefined
      ? `${api} answered ${request} with 401${said}; it needs a token: give one with ${naming.tokenHow}`
      : `${api} refused the token from ${naming.tokenFrom} (${request} answered 401${said}); check that it is a current token of this service`;
  }
  if (status === 403) {
    return `${api} answered ${request} with 403${said}; the token${naming.tokenFrom === undefined ? '' : ` from ${naming.tokenFrom}`} may not do this: it needs a role that allows it`;
  }
  if (status === 429 || status >= 500) {
    const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
    return `${api} answered ${request} with ${status}${said}${tries}; the service is unavailable or failing: check its health and logs, and try again later`;
  }
  return `${api} answered ${request} with ${status}${said}`;
}

/** `the API at https://x (--api)`, or the embedded service's name. */
export function apiName(target: RequestTarget, naming: ApiNaming): string {
  if (naming.embeddedName !== undefined) return naming.embeddedName;
  const origin = new URL(target.url).origin;
  return naming.urlFrom === undefined ? `the API at ${origin}` : `the API at ${origin} (${naming.urlFrom})`;
}

/** `GET /v1/orgs/o1/sites/s1`: the method and the path, the origin being said by apiName. */
function requestName(target: RequestTarget, naming: ApiNaming): string {
  const url = new URL(target.url);
  if (target.route === '{downloadURL}' && naming.embeddedName === undefined) return `${target.method} ${target.url}`;
  return `${target.method} ${url.pathname}${url.search}`;
}
