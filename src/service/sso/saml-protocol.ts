import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import { QuireError } from '../../errors/index.ts';
import type { SamlProviderRecord } from '../../store/index.ts';
import type { SamlServiceUrls } from './saml-service-urls.ts';

/*
 * The SAML 2.0 protocol for one provider, on @node-saml/node-saml (chosen over samlify: out of the box it checks
 * the audience and InResponseTo, and takes the request-id store as a plug-in; samlify checks neither and needs
 * a schema validator; figures in docs/sso.md). node-saml verifies the XML signature (of the assertion, or of the
 * whole response when the assertion is not signed on its own) against the provider's certificate only, the
 * audience, NotBefore/NotOnOrAfter with `clockSkewMs`, and that InResponseTo names a request `requests` still
 * holds. This file adds what node-saml leaves to its caller: the issuer, the recipient and the destination.
 */

/** How far the identity provider's clock may be from ours. */
export const clockSkewMs = 60_000;
/** How long an AuthnRequest may wait for its answer. */
export const requestLifetimeMs = 10 * 60_000;

/** The issued-request store node-saml asks: `saved` is told of each new AuthnRequest id; `isOpen` answers whether one may still be answered. */
export interface SamlRequestLedger {
  saved(id: string): Promise<void>;
  /** The time the request was issued (ISO) when it is neither expired nor consumed, else undefined. */
  openSince(id: string): Promise<string | undefined>;
}

/** What a verified response says. */
export interface VerifiedSamlAssertion {
  /** The NameID: the user's e-mail address. */
  nameId: string;
  /** The AuthnRequest it answers. */
  inResponseTo: string;
  assertionId: string;
  /** Until when the assertion could be presented (its Conditions' NotOnOrAfter), to remember its id that long. */
  notOnOrAfter: string;
}

function samlFor(provider: SamlProviderRecord, service: SamlServiceUrls, ledger: SamlRequestLedger): SAML {
  if (provider.entityId === null || provider.certificate === null || provider.ssoUrl === null) {
    throw new QuireError('INVALID_ARGUMENT', `SAML provider ${provider.id} is pending: set its entityID, certificate and ssoURL first`, { field: 'samlProviderId' });
  }
  const cacheProvider: CacheProvider = {
    saveAsync: async (key, value) => {
      await ledger.saved(key);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (await ledger.openSince(key)) ?? null,
    // Consumed by the caller, atomically, once the whole response is accepted (`consumeSamlRequest`).
    removeAsync: async (key) => key,
  };
  return new SAML({
    idpCert: provider.certificate,
    issuer: service.entityID,
    callbackUrl: service.acsURL,
    entryPoint: provider.ssoUrl,
    audience: service.entityID,
    // Either signature will do (Okta signs the assertion, some providers only the response); node-saml still
    // refuses a response with neither, and one signed by another key.
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: requestLifetimeMs,
    acceptedClockSkewMs: clockSkewMs,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    cacheProvider,
  });
}

/**
 * The HTTP-Redirect binding URL that starts a sign-in at the identity provider: its `ssoURL` with a deflated,
 * unsigned AuthnRequest (`SAMLRequest`) and `RelayState`. The request id goes to `ledger.saved`.
 *
 * @example
 * const url = await samlAuthorizeUrl(provider, samlServiceUrls(baseUrl, provider.id), ledger, '/docs');
 */
export async function samlAuthorizeUrl(provider: SamlProviderRecord, service: SamlServiceUrls, ledger: SamlRequestLedger, relayState: string): Promise<string> {
  return samlFor(provider, service, ledger).getAuthorizeUrlAsync(relayState, undefined, {});
}

/**
 * The service-provider metadata XML of a provider (what an identity provider imports).
 *
 * @example
 * const xml = samlServiceMetadata(provider, service);
 */
export function samlServiceMetadata(provider: SamlProviderRecord, service: SamlServiceUrls): string {
  const unused: SamlRequestLedger = { saved: async () => undefined, openSince: async () => undefined };
  return samlFor(provider, service, unused).generateServiceProviderMetadata(null, null);
}

/**
 * Verifies a `SAMLResponse` (base64, HTTP-POST binding). `INVALID_ARGUMENT` naming `SAMLResponse`, with the
 * reason, for anything refused.
 *
 * @example
 * const { nameId } = await verifySamlResponse(provider, service, ledger, request.body.SAMLResponse);
 */
export async function verifySamlResponse(provider: SamlProviderRecord, service: SamlServiceUrls, ledger: SamlRequestLedger, samlResponse: string): Promise<VerifiedSamlAssertion> {
  const saml = samlFor(provider, service, ledger);
  let profile;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw refused(error instanceof Error ? error.message : String(error));
  }
  if (profile === null) throw refused('it carries no assertion');
  if (profile.issuer !== provider.entityId) throw refused(`its issuer is ${JSON.stringify(profile.issuer)}, not the provider's entityID ${JSON.stringify(provider.entityId)}`);
  const destination = responseDestination(Buffer.from(samlResponse, 'base64').toString('utf8'));
  if (destination !== undefined && destination !== service.acsURL) throw refused(`its Destination is ${JSON.stringify(destination)}, not ${service.acsURL}`);
  const assertion = (profile.getAssertion?.() as { Assertion?: ParsedAssertion } | undefined)?.Assertion;
  const recipients = (assertion?.Subject?.[0]?.SubjectConfirmation ?? []).map((confirmation) => confirmation.SubjectConfirmationData?.[0]?.$?.Recipient);
  if (!recipients.includes(service.acsURL)) throw refused(`its subject confirmation Recipient is ${JSON.stringify(recipients[0] ?? null)}, not ${service.acsURL}`);
  const assertionId = assertion?.$?.ID;
  const notOnOrAfter = assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
  if (assertionId === undefined || notOnOrAfter === undefined) throw refused('its assertion has no ID or no Conditions NotOnOrAfter');
  if (typeof profile.inResponseTo !== 'string') throw refused('it answers no AuthnRequest (InResponseTo is missing)');
  if (typeof profile.nameID !== 'string' || !profile.nameID.includes('@')) throw refused(`its NameID ${JSON.stringify(profile.nameID)} is not an e-mail address`);
  return { nameId: profile.nameID, inResponseTo: profile.inResponseTo, assertionId, notOnOrAfter: new Date(notOnOrAfter).toISOString() };
}

/** The signed assertion as node-saml parses it (xml2js, prefixes stripped): only what is read here. */
interface ParsedAssertion {
  $?: { ID?: string };
  Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string } }[] }[] }[];
  Conditions?: { $?: { NotOnOrAfter?: string } }[];
}

/**
 * The `Destination` attribute of the root `Response` element, when it has one. Read from the start tag: the
 * document already parsed and verified in node-saml, this only reads one attribute of its first element.
 */
function responseDestination(xml: string): string | undefined {
  const start = /^\s*(?:<\?xml[^>]*\?>\s*)?<(?:[\w.-]+:)?Response\b([^>]*)>/.exec(xml);
  const attribute = start === null ? null : /\sDestination\s*=\s*("([^"]*)"|'([^']*)')/.exec(start[1]!);
  if (attribute === null) return undefined;
  return (attribute[2] ?? attribute[3]!).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function refused(reason: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `SAMLResponse refused: ${reason}`, { field: 'SAMLResponse' });
}
