import { randomBytes } from 'node:crypto';
import type { IntegrationContentInstallationRecord, IntegrationInstallationRecord, IntegrationRecord } from '../../store/index.ts';
import type { IntegrationScript } from './integration-runtime.ts';
import { toPublishedInstallation, toPublishedIntegration } from './integration-shapes.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * The signing secret of an integration: made (32 random bytes, hex) the first time anything needs it and kept,
 * so that every process of the service signs with the same one. The script receives it as
 * `environment.signingSecrets.integration`; tunnels check `x-gitbook-integration-signature` against it.
 *
 * @example
 * const secret = await integrationSigningSecret(ctx, integration.id);
 */
export async function integrationSigningSecret(ctx: Pick<ServiceContext, 'store'>, integrationId: string): Promise<string> {
  return ctx.store.integrationSigningSecret(integrationId, randomBytes(32).toString('hex'));
}

/**
 * The published `IntegrationEnvironment` a script runs with: the integration (as `getIntegrationByName` shows
 * it), its installation and space or site installation when the event has one, its secrets, and its signing
 * secret. No API token is given: the service does not mint tokens for integrations yet.
 *
 * @example
 * const environment = await integrationEnvironment(ctx, integration, { installation });
 */
export async function integrationEnvironment(
  ctx: ServiceContext,
  integration: IntegrationRecord,
  scope: { installation?: IntegrationInstallationRecord | undefined; contentInstallation?: IntegrationContentInstallationRecord | undefined } = {},
): Promise<Record<string, unknown>> {
  const owner = await ctx.store.getOrganization(integration.organizationId);
  const signing = await integrationSigningSecret(ctx, integration.id);
  const environment: Record<string, unknown> = {
    apiEndpoint: ctx.baseUrl,
    integration: toPublishedIntegration(integration, owner, null, ctx.baseUrl),
    secrets: integration.secrets,
    signingSecrets: { integration: signing },
  };
  if (scope.installation !== undefined) environment['installation'] = toPublishedInstallation(integration.name, scope.installation, ctx.baseUrl);
  const content = scope.contentInstallation;
  if (content !== undefined) {
    const shown = { [content.kind === 'space' ? 'space' : 'site']: content.targetId, status: content.status, configuration: content.configuration, externalIds: content.externalIds };
    environment[content.kind === 'space' ? 'spaceInstallation' : 'siteInstallation'] = shown;
  }
  return environment;
}

/**
 * The script of the integration's latest version, as the runtime takes it.
 *
 * @example
 * await runtime.dispatch(await latestIntegrationScript(ctx, integration), dispatch);
 */
export async function latestIntegrationScript(ctx: Pick<ServiceContext, 'store'>, integration: IntegrationRecord): Promise<IntegrationScript> {
  const stored = await ctx.store.getIntegrationScript(integration.name, integration.version);
  return { name: integration.name, version: stored.version, script: new TextDecoder().decode(await ctx.store.getBlob(stored.blob)) };
}

/**
 * The integration's content security policy as a `Content-Security-Policy` header value (a published record of
 * directives becomes `directive value; …`), or undefined when it has none.
 *
 * @example
 * contentSecurityPolicyHeader({ 'script-src': "'self'", 'img-src': '*' }) // → "script-src 'self'; img-src *"
 */
export function contentSecurityPolicyHeader(policy: IntegrationRecord['contentSecurityPolicy']): string | undefined {
  if (policy === undefined) return undefined;
  if (typeof policy === 'string') return policy.trim() === '' ? undefined : policy;
  const directives = Object.entries(policy).map(([directive, value]) => `${directive} ${value}`.trim());
  return directives.length === 0 ? undefined : directives.join('; ');
}
