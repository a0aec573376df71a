import type { RoleOrGuest, SamlProviderRecord, TeamRecord } from '../../store/index.ts';
import { samlProviderLocation, samlServiceUrls, type SamlServiceUrls } from './saml-service-urls.ts';
import { toPublishedTeam, type PublishedTeam } from '../organizations/to-published-team.ts';

/** The published `OrganizationSAMLProvider`. */
export interface PublishedSamlProvider {
  object: 'saml-provider';
  id: string;
  label: string;
  ssoURL: string;
  entityID: string;
  certificate: string;
  defaultTeam?: PublishedTeam;
  defaultRole: RoleOrGuest;
  createdAt: string;
  status: 'active' | 'pending';
  service: SamlServiceUrls;
  urls: { location: string };
}

/** The published `OrganizationSSOProviderLogin`: an entry of the organization's sign-in page. */
export interface PublishedSsoProviderLogin {
  id: string;
  label: string;
  startURL: string;
}

/**
 * `pending` until the identity provider's entity ID, certificate and sign-in URL are all set: only then can a
 * sign-in start and be verified.
 *
 * @example
 * samlProviderStatus({ entityId: null, certificate: null, ssoUrl: null }) // → 'pending'
 */
export function samlProviderStatus(provider: Pick<SamlProviderRecord, 'entityId' | 'certificate' | 'ssoUrl'>): 'active' | 'pending' {
  return provider.entityId !== null && provider.certificate !== null && provider.ssoUrl !== null ? 'active' : 'pending';
}

/**
 * A provider as the published `OrganizationSAMLProvider`, seen by an admin (who manages its default team). The
 * published schema requires `entityID`, `certificate` and `ssoURL` even while a provider is `pending`: missing
 * ones are answered as `''`, `''` and `about:blank` (docs/sso.md).
 *
 * @example
 * toPublishedSamlProvider(provider, team, baseUrl).service.acsURL // → 'http://127.0.0.1:8787/saml/p1/acs'
 */
export function toPublishedSamlProvider(provider: SamlProviderRecord, defaultTeam: TeamRecord | undefined, baseUrl: string): PublishedSamlProvider {
  return {
    object: 'saml-provider',
    id: provider.id,
    label: provider.label,
    ssoURL: provider.ssoUrl ?? 'about:blank',
    entityID: provider.entityId ?? '',
    certificate: provider.certificate ?? '',
    ...(defaultTeam === undefined ? {} : { defaultTeam: toPublishedTeam(defaultTeam, { manage: true }) }),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    status: samlProviderStatus(provider),
    service: samlServiceUrls(baseUrl, provider.id),
    urls: { location: samlProviderLocation(baseUrl, provider.organizationId, provider.id) },
  };
}
