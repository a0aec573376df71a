/**
 * Builds request URLs from route templates as the published OpenAPI document writes them
 * (`/v1/spaces/{spaceId}/content/page/{pageId}`), so requests are counted per template, not per id.
 */
import { QuireError } from '../errors/index.ts';

/** Query values; `undefined` leaves the parameter out. */
export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * The URL of `route` on the API at `origin`, with path parameters filled in (percent-encoded) and the query appended.
 *
 * @example
 * routeUrl(new URL('http://127.0.0.1:8080'), '/v1/spaces/{spaceId}', { spaceId: 'a b' }, { shareKey: undefined });
 * // http://127.0.0.1:8080/v1/spaces/a%20b
 */
export function routeUrl(base: URL, route: string, params: Readonly<Record<string, string>> = {}, query: QueryValues = {}): URL {
  const path = route.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new QuireError('INTERNAL', `route ${route} needs the parameter ${name}`, { route, parameter: name });
    return encodeURIComponent(value);
  });
  // The base may carry a path prefix (a server mounted under /docs-api): keep it.
  const url = new URL(base.pathname.replace(/\/$/, '') + path, base);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}
