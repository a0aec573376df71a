/*
 * The addresses of the service-provider side of one SAML provider, under the server's public origin (the
 * `baseUrl` the published `urls` are built from). They live outside /v1 because browsers reach them without a
 * token: the start URL sends the user to the identity provider, the ACS URL receives its answer, and the entity
 * ID is also where the service-provider metadata is served.
 */

/** `OrganizationSAMLProvider.service`. */
export interface SamlServiceUrls {
  entityID: string;
  acsURL: string;
  startURL: string;
}

/**
 * The service URLs of a provider.
 *
 * @example
 * samlServiceUrls('http://127.0.0.1:8787', 'p1').acsURL // → 'http://127.0.0.1:8787/saml/p1/acs'
 */
export function samlServiceUrls(baseUrl: string, providerId: string): SamlServiceUrls {
  const root = `${baseUrl.replace(/\/+$/, '')}/saml/${encodeURIComponent(providerId)}`;
  return { entityID: `${root}/metadata`, acsURL: `${root}/acs`, startURL: `${root}/start` };
}

/**
 * The API address of a provider (`urls.location`).
 *
 * @example
 * samlProviderLocation('http://127.0.0.1:8787', 'org1', 'p1') // → 'http://127.0.0.1:8787/v1/orgs/org1/saml/p1'
 */
export function samlProviderLocation(baseUrl: string, organizationId: string, providerId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/orgs/${encodeURIComponent(organizationId)}/saml/${encodeURIComponent(providerId)}`;
}
