// The load's HTTP side: keep-alive connection pools to one or more `quire serve` processes, each request sent to
// the next process in turn, with the token, JSON bodies and the status the caller expects.
import { Pool } from 'undici';

/** A request answered with a status the caller did not expect: a load error. */
export class UnexpectedAnswer extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${statusCode}: ${body.slice(0, 300)}`);
    this.name = 'UnexpectedAnswer';
  }
}

export type Method = 'GET' | 'POST' | 'PATCH';

/**
 * Sends API requests to `origins` round robin over `connectionsPerOrigin` keep-alive connections each.
 *
 * @example
 * const api = new RoundRobinApi(['http://127.0.0.1:8787', 'http://127.0.0.1:8788'], token, 8);
 * const space = await api.send('GET', '/v1/spaces/abc');
 * await api.close();
 */
export class RoundRobinApi {
  private readonly pools: Pool[];
  private next = 0;

  constructor(
    readonly origins: readonly string[],
    private readonly token: string,
    connectionsPerOrigin: number,
  ) {
    this.pools = origins.map((origin) => new Pool(origin, { connections: connectionsPerOrigin, pipelining: 1 }));
  }

  /** Sends one request to the next process; answers the parsed JSON body (undefined when empty), or throws `UnexpectedAnswer` unless the status is one of `expected`. */
  async send(method: Method, path: string, body?: unknown, expected: readonly number[] = [200, 201]): Promise<Record<string, unknown> | undefined> {
    const pool = this.pools[this.next++ % this.pools.length]!;
    const response = await pool.request({
      method,
      path,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    if (!expected.includes(response.statusCode)) throw new UnexpectedAnswer(method, path, response.statusCode, text);
    return text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.close()));
  }
}
