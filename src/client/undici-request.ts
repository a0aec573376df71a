/**
 * undici's `Agent` and its `request` API, loaded from their own modules. The package's index loads every
 * dispatcher, mock, cache store and web API it has (fetch, WebSocket, cookies): about 110 ms on a 2-core machine,
 * against 40 ms for these two, paid by every command that talks to the API; the index also reads
 * `globalThis.Headers`, which loads Node's own copy of undici. undici 7 has no `exports` map, so these paths are
 * the package's files as installed; transport.test.ts fails if a later version moves them.
 *
 * @example
 * const agent = new Agent({ connections: 8 });
 * const response = await sendRequest(agent, new URL('http://127.0.0.1:8080/v1/orgs'), { method: 'GET' });
 * const bytes = Buffer.from(await response.body.arrayBuffer());
 */
import type { Dispatcher } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import request from 'undici/lib/api/api-request.js';

export { Agent };

/** `request(url, { dispatcher })` of undici's index, on one dispatcher. */
export function sendRequest(dispatcher: Dispatcher, url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  return request.call(dispatcher, { ...options, origin: url.origin, path: `${url.pathname}${url.search}` });
}
