import { QuireError, isQuireError } from '../../errors/index.ts';
import type { SamlProviderRecord, Store } from '../../store/index.ts';
import { requestLifetimeMs, samlAuthorizeUrl, samlServiceMetadata, verifySamlResponse, type SamlRequestLedger } from './saml-protocol.ts';
import { samlServiceUrls } from './saml-service-urls.ts';
import type { ServiceContext } from '../service-context.ts';

/*
 * The service-provider side of SAML sign-in (SAML 2.0 Web Browser SSO profile, SP-initiated): the start URL
 * sends the browser to the identity provider with an AuthnRequest; the ACS URL receives its signed answer,
 * makes the user a member of the organization (with the provider's default role and team, marked `sso`) and
 * issues a session token. Unauthenticated: the signed response is the credential.
 */

/** How long a session token from a SAML sign-in lasts. */
export const samlSessionLifetimeMs = 12 * 60 * 60_000;
/** The binding's limit on RelayState (SAML 2.0 Bindings §3.4.3: at most 80 bytes). */
const maxRelayStateBytes = 80;

/** What a successful sign-in answers (a Quire extension, docs/sso.md). */
export interface SamlSession {
  object: 'saml-session';
  /** A bearer token for the API, for `userId`, expiring at `expiresAt`. */
  token: string;
  expiresAt: string;
  userId: string;
  organizationId: string;
  /** Whether this sign-in made the user a member of the organization. */
  joined: boolean;
  /** The RelayState the sign-in started with (a path of this server), or null. */
  relayState: string | null;
}

/**
 * Starts a sign-in: the identity provider's URL to redirect to (HTTP-Redirect binding, with the AuthnRequest
 * and `relayState`); the request id is remembered for `requestLifetimeMs`. `relayState` must be a path of this
 * server (`/docs`), at most 80 bytes: the ACS answers it back, and it is never followed to another origin.
 * `NOT_FOUND` for an unknown provider; `INVALID_ARGUMENT` for a pending one.
 *
 * @example
 * const { redirect } = await startSamlLogin(ctx, providerId, '/docs');
 */
export async function startSamlLogin(ctx: ServiceContext, providerId: string, relayState: string | undefined): Promise<{ redirect: string }> {
  const provider = await providerById(ctx.store, providerId);
  const relay = relayState === undefined || relayState === '' ? null : checkRelayState(relayState);
  const ledger: SamlRequestLedger = {
    saved: async (id) => {
      await ctx.store.recordSamlRequest({ id, providerId: provider.id, relayState: relay, expiresAt: new Date(ctx.clock().getTime() + requestLifetimeMs).toISOString() });
    },
    openSince: async () => undefined,
  };
  return { redirect: await samlAuthorizeUrl(provider, samlServiceUrls(ctx.baseUrl, provider.id), ledger, relay ?? '') };
}

/**
 * Finishes a sign-in with the identity provider's `SAMLResponse` (HTTP-POST binding). The response must be signed
 * with the provider's certificate, for our entity ID and ACS URL, within its validity, and answer an
 * AuthnRequest this server issued and that no response used yet; its assertion id must be new. Then the user
 * with the NameID's e-mail address is found or created, made a member with the provider's `defaultRole` when not
 * one (a member keeps its role), put in `defaultTeam`, marked `sso`, and given a session token. Any refusal is
 * `INVALID_ARGUMENT` naming `SAMLResponse` and changes nothing; a disabled member is `PERMISSION_DENIED`.
 *
 * @example
 * const { token } = await acceptSamlResponse(ctx, providerId, body.SAMLResponse);
 */
export async function acceptSamlResponse(ctx: ServiceContext, providerId: string, samlResponse: string): Promise<SamlSession> {
  const provider = await providerById(ctx.store, providerId);
  const ledger: SamlRequestLedger = {
    saved: async () => undefined,
    openSince: async (id) => (await ctx.store.findOpenSamlRequest(provider.id, id))?.createdAt,
  };
  const verified = await verifySamlResponse(provider, samlServiceUrls(ctx.baseUrl, provider.id), ledger, samlResponse);
  return ctx.store.transaction(async (tx) => {
    const request = await tx.consumeSamlRequest(provider.id, verified.inResponseTo);
    if (request === undefined) throw refused(`request ${verified.inResponseTo} was already answered, or has expired`);
    if (!(await tx.recordSamlAssertion(provider.id, verified.assertionId, verified.notOnOrAfter))) throw refused(`assertion ${verified.assertionId} was already used`);
    const email = verified.nameId;
    const user = (await tx.findUserByEmail(email)) ?? (await tx.createUser({ displayName: email.slice(0, email.indexOf('@')), email }));
    const existing = await tx.getMember(provider.organizationId, user.id).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) return undefined;
      throw error;
    });
    if (existing?.disabled === true) {
      throw new QuireError('PERMISSION_DENIED', `the membership of ${email} in organization ${provider.organizationId} is disabled`, { organization: provider.organizationId });
    }
    if (existing === undefined) await tx.putMember(provider.organizationId, user.id, { role: provider.defaultRole, sso: true });
    else if (!existing.sso) await tx.updateMember(provider.organizationId, user.id, { sso: true });
    if (provider.defaultTeamId !== null) await tx.putTeamMember(provider.defaultTeamId, { userId: user.id });
    const expiresAt = new Date(ctx.clock().getTime() + samlSessionLifetimeMs).toISOString();
    const { token } = await tx.createApiToken({ userId: user.id, label: `SAML sign-in (${provider.label})`, expiresAt });
    return { object: 'saml-session', token, expiresAt, userId: user.id, organizationId: provider.organizationId, joined: existing === undefined, relayState: request.relayState };
  });
}

/**
 * The service-provider metadata of a provider, served at its entity ID.
 *
 * @example
 * const xml = await samlMetadata(ctx, providerId);
 */
export async function samlMetadata(ctx: ServiceContext, providerId: string): Promise<string> {
  const provider = await providerById(ctx.store, providerId);
  return samlServiceMetadata(provider, samlServiceUrls(ctx.baseUrl, provider.id));
}

async function providerById(store: Store, providerId: string): Promise<SamlProviderRecord> {
  return store.getSamlProvider(providerId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) throw new QuireError('NOT_FOUND', `SAML provider ${providerId} does not exist`, { kind: 'saml-provider', id: providerId });
    throw error;
  });
}

function checkRelayState(value: string): string {
  if (Buffer.byteLength(value) > maxRelayStateBytes || !value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) {
    throw new QuireError('INVALID_ARGUMENT', `RelayState must be a path of this server (/docs), at most ${maxRelayStateBytes} bytes, not ${JSON.stringify(value)}`, { field: 'RelayState' });
  }
  return value;
}

function refused(reason: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `SAMLResponse refused: ${reason}`, { field: 'SAMLResponse' });
}
