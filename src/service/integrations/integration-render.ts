import LZString from 'lz-string';
import { QuireError } from '../../errors/index.ts';
import type { IntegrationContentInstallationRecord, IntegrationInstallationRecord } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { contentSecurityPolicyHeader, integrationEnvironment, latestIntegrationScript } from './integration-environment.ts';
import { newIntegrationEventId } from './integration-deliveries.ts';
import { getIntegration } from './integrations.ts';
import type { ServiceContext } from '../service-context.ts';

/** The published `RenderIntegrationUI`: what to render, and where. */
export interface RenderIntegrationUIRequest {
  componentId: string;
  props: Record<string, unknown>;
  state?: Record<string, unknown>;
  /** The published `ContentKitContext`; with a `spaceId`, the installation on that space's organization is used. */
  context: Record<string, unknown>;
  action?: Record<string, unknown>;
}

/** The script's answer (the published `ContentKitRenderOutput`) and the headers it goes with. */
export interface RenderedIntegrationUI {
  output: Record<string, unknown>;
  /** The integration's `contentSecurityPolicy`, as the `Content-Security-Policy` header, when it has one. */
  contentSecurityPolicy: string | undefined;
}

/**
 * Renders a ContentKit component of an integration (`POST /v1/integrations/{integrationName}/render`): a
 * `ui_render` event dispatched to the script of its latest version, whose JSON answer is the output. The
 * caller must see the integration (404 otherwise). When `context.spaceId` names a space of an organization the
 * integration is installed on, the script gets that installation (and the space installation) in its environment.
 *
 * @throws QuireError `INTEGRATION_FAILED` (502) when the script fails, answers an error status, or answers
 * something that is not a JSON object.
 * @example
 * const { output } = await renderIntegrationUI(ctx, actor, 'hello-block', { componentId: 'hello', props: { name: 'Ada' }, context: { type: 'document', theme: 'light', spaceId, editable: false } });
 */
export async function renderIntegrationUI(ctx: ServiceContext, actor: Actor, name: string, request: RenderIntegrationUIRequest): Promise<RenderedIntegrationUI> {
  await getIntegration(ctx, actor, name);
  const integration = await ctx.store.getIntegration(name);
  const scope = await installationScope(ctx, integration.id, request.context);
  if (ctx.integrationRuntime === undefined) throw new QuireError('INTEGRATION_FAILED', `integration ${name}: this service runs no integration scripts`, { integration: name });
  const script = await latestIntegrationScript(ctx, integration);
  const event = {
    type: 'ui_render',
    eventId: newIntegrationEventId(),
    componentId: request.componentId,
    props: request.props,
    state: request.state ?? {},
    context: request.context,
    ...(request.action === undefined ? {} : { action: request.action }),
  };
  const answer = await ctx.integrationRuntime.dispatch(script, { event, environment: await integrationEnvironment(ctx, integration, scope) });
  if (answer.status >= 400) {
    throw new QuireError('INTEGRATION_FAILED', `integration ${name} (version ${script.version}) answered HTTP ${answer.status} to ui_render of ${request.componentId}: ${answer.body.slice(0, 300)}`, { integration: name, status: answer.status });
  }
  const output = parseObject(answer.body);
  if (output === undefined) throw new QuireError('INTEGRATION_FAILED', `integration ${name} (version ${script.version}) answered ui_render of ${request.componentId} with something that is not a JSON object`, { integration: name });
  // The published output names its kind; a script that answers only `{ element }` rendered an element.
  if (output['type'] === undefined && output['element'] !== undefined) output['type'] = 'element';
  if (output['type'] === 'element') {
    output['state'] ??= request.state ?? {};
    output['props'] ??= request.props;
  }
  return { output, contentSecurityPolicy: contentSecurityPolicyHeader(integration.contentSecurityPolicy) };
}

/**
 * The request of `GET .../render`: its `request` parameter is the JSON request compressed with LZ-string's
 * `compressToEncodedURIComponent`. 400 naming `request` when it does not decompress to a JSON object.
 *
 * @example
 * decodeRenderRequest(LZString.compressToEncodedURIComponent(JSON.stringify({ componentId: 'hello', props: {}, context }))).componentId // → 'hello'
 */
export function decodeRenderRequest(compressed: string): RenderIntegrationUIRequest {
  const json = LZString.decompressFromEncodedURIComponent(compressed);
  const parsed = json === null || json === '' ? undefined : parseObject(json);
  if (parsed === undefined) throw new QuireError('INVALID_ARGUMENT', 'request: must be a JSON object compressed with LZ-string (compressToEncodedURIComponent)', { field: 'request' });
  if (typeof parsed['componentId'] !== 'string' || parsed['componentId'] === '') throw badField('request.componentId', 'must be a non-empty string');
  for (const field of ['props', 'context']) if (!isObject(parsed[field])) throw badField(`request.${field}`, 'must be an object');
  for (const field of ['state', 'action']) if (parsed[field] !== undefined && !isObject(parsed[field])) throw badField(`request.${field}`, 'must be an object');
  return parsed as unknown as RenderIntegrationUIRequest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badField(field: string, what: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `${field}: ${what}`, { field });
}

async function installationScope(
  ctx: ServiceContext,
  integrationId: string,
  context: Record<string, unknown>,
): Promise<{ installation?: IntegrationInstallationRecord; contentInstallation?: IntegrationContentInstallationRecord }> {
  const spaceId = context['spaceId'];
  if (typeof spaceId !== 'string') return {};
  const space = await ctx.store.getSpace(spaceId).catch(() => undefined);
  if (space === undefined) return {};
  const installation = await ctx.store.findIntegrationInstallation(integrationId, space.organizationId);
  if (installation === undefined) return {};
  const onSpace = (await ctx.store.listSpaceIntegrationInstallations(spaceId)).find((item) => item.installationId === installation.id);
  if (onSpace === undefined) return { installation };
  const content = await ctx.store.listIntegrationContentInstallations(integrationId, 'space', { organizationIds: [space.organizationId] }, { limit: 1000 });
  const contentInstallation = content.items.find((item) => item.targetId === spaceId);
  return contentInstallation === undefined ? { installation } : { installation, contentInstallation };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
