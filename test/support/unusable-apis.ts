// APIs that cannot be used, for the tests of what `quire sync`, `quire export` and the Action say about them:
// a port nothing listens on, a host name that never resolves (.invalid, RFC 6761), and a server that answers
// every request with the same error status.
import { refusedPort, sendJson, startLocalServer, type LocalServer } from '../../src/client/fixtures/local-server.ts';

/** One way an API cannot be used: its URL, and the part of the message that says what happened and what to check. */
export interface UnusableApi {
  readonly name: string;
  readonly url: string;
  /** Matches the message, with `FROM` standing for what the URL was given with (`--api`, `the api-url input`). */
  readonly said: (from: string) => RegExp;
}

/** The retry budget the tests give commands (QUIRE_API_ATTEMPTS): one retry, so a test waits a few hundred ms at most. */
export const testAttempts = '2';

/** A server answering `status` (with a `{ error }` body saying `message`) to every request. */
export function answeringServer(status: number, message: string): Promise<LocalServer> {
  return startLocalServer((_request, response) => sendJson(response, status, { error: { code: status, message } }));
}

/**
 * The three unusable APIs of issue 11: nothing listening, a name that does not resolve, 503 after every retry.
 * `unavailable` is the server answering 503, for the caller to close.
 */
export async function unusableApis(unavailable: LocalServer): Promise<UnusableApi[]> {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const port = await refusedPort();
  return [
    {
      name: 'nothing listens on the port',
      url: `http://127.0.0.1:${port}`,
      said: (from) =>
        new RegExp(`cannot reach the API at http://127\\.0\\.0\\.1:${port} \\(${escape(from)}\\): the connection was refused \\(ECONNREFUSED, 2 attempts\\); check that the service is running and that ${escape(from)} names its host and port`),
    },
    {
      name: 'the host name does not resolve',
      url: 'http://quire-nowhere.invalid',
      said: (from) =>
        new RegExp(`cannot reach the API at http://quire-nowhere\\.invalid \\(${escape(from)}\\): the host name does not resolve \\((ENOTFOUND|EAI_AGAIN), 2 attempts\\); check the host name in ${escape(from)}`),
    },
    {
      name: 'the service answers 503 to everything',
      url: unavailable.origin,
      said: (from) =>
        new RegExp(
          `the API at ${escape(unavailable.origin)} \\(${escape(from)}\\) answered GET /v1/\\S+ with 503: down for maintenance \\(after 2 attempts\\); the service is unavailable or failing: check its health and logs`,
        ),
    },
  ];
}
