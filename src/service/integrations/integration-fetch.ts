import { QuireError } from '../../errors/index.ts';
import type { IntegrationContentKind } from '../../store/index.ts';
import { contentSecurityPolicyHeader, integrationEnvironment, latestIntegrationScript } from './integration-environment.ts';
import { newIntegrationEventId } from './integration-deliveries.ts';
import type { ServiceContext } from '../service-context.ts';

/** An HTTP request to an installation's public endpoint, as the route read it. */
export interface PublicEndpointRequest {
  method: string;
  /** The full URL the request was made to. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The script's answer, as it goes back to the caller. */
export interface PublicEndpointAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers of the script's answer that the service sets itself, or that would lie about the body it sends. */
const droppedAnswerHeaders = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie', 'content-security-policy']);
/** Headers of the caller's request a script never sees: the caller's credentials for this service. */
const droppedRequestHeaders = new Set(['authorization', 'cookie', 'host', 'connection', 'content-length']);

/**
 * A request to an installation's public endpoint (`urls.publicEndpoint`: `/v1/integrations/{name}/installations/
 * {installationId}[/spaces/{spaceId} | /sites/{siteId}]/public[/…]`; `target` for a space's or site's), handed to the integration's script as the published `fetch` event, the request's
 * body as `fetch-body`: how third parties reach an integration (webhooks, OAuth callbacks). No token is needed, as
 * the hosted endpoint needs none; the caller's `authorization` and cookies are not passed on. The answer carries the
 * integration's content security policy as `Content-Security-Policy`, and never the script's cookies.
 *
 * @throws QuireError `NOT_FOUND` when the integration or the installation does not exist; `INTEGRATION_FAILED`
 * when the script fails (an error status it answers is passed on as it is).
 * @example
 * const answer = await fetchIntegrationEndpoint(ctx, 'hello-block', installationId, { method: 'POST', url, headers, body });
 */
export async function fetchIntegrationEndpoint(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  request: PublicEndpointRequest,
  target?: { kind: IntegrationContentKind; id: string },
): Promise<PublicEndpointAnswer> {
  const integration = await ctx.store.getIntegration(name);
  const installation = await ctx.store.getIntegrationInstallation(integration.id, installationId);
  const contentInstallation = target === undefined ? undefined : await ctx.store.getIntegrationContentInstallation(installationId, target.kind, target.id);
  if (ctx.integrationRuntime === undefined) throw new QuireError('INTEGRATION_FAILED', `integration ${name}: this service runs no integration scripts`, { integration: name });
  const script = await latestIntegrationScript(ctx, integration);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([header]) => !droppedRequestHeaders.has(header.toLowerCase())));
  const event = {
    type: 'fetch',
    eventId: newIntegrationEventId(),
    installationId,
    ...(target === undefined ? {} : target.kind === 'space' ? { spaceId: target.id } : { siteId: target.id }),
    request: { method: request.method, url: request.url, headers },
  };
  const answer = await ctx.integrationRuntime.dispatch(script, {
    event,
    environment: await integrationEnvironment(ctx, integration, { installation, contentInstallation }),
    ...(request.body === undefined ? {} : { fetchBody: request.body }),
  });
  const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([header]) => !droppedAnswerHeaders.has(header.toLowerCase())));
  const policy = contentSecurityPolicyHeader(integration.contentSecurityPolicy);
  if (policy !== undefined) answerHeaders['content-security-policy'] = policy;
  return { status: answer.status, headers: answerHeaders, body: answer.body };
}
