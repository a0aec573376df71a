/*
 * The `urls` of published resources. `location` is the resource in the API; Quire has no web application, so
 * `app` points at the same place (the published schema requires both).
 */

function join(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/${path}`;
}

/**
 * API addresses of each resource, under `baseUrl` (`http://127.0.0.1:8787`).
 *
 * @example
 * resourceUrls.space('http://127.0.0.1:8787', 'sp1') // → 'http://127.0.0.1:8787/v1/spaces/sp1'
 */
export const resourceUrls = {
  user: (baseUrl: string, id: string): string => join(baseUrl, `users/${encodeURIComponent(id)}`),
  organization: (baseUrl: string, id: string): string => join(baseUrl, `orgs/${encodeURIComponent(id)}`),
  space: (baseUrl: string, id: string): string => join(baseUrl, `spaces/${encodeURIComponent(id)}`),
  collection: (baseUrl: string, id: string): string => join(baseUrl, `collections/${encodeURIComponent(id)}`),
};
