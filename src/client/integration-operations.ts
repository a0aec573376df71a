/** Internal: integrations (published tag `integrations`) as the export uses them: installations and block renders. */
import type { ContentKitContextDocument, ContentKitRenderOutput, IntegrationInstallation } from '@gitbook/api';
import { ApiRequestError } from './api-errors.ts';
import { listRequest } from './list-request.ts';
import type { Transport } from './transport.ts';

/** The body of renderIntegrationUIWithPost for a block of a document: which component, with which props, where. */
export interface IntegrationBlockRenderRequest {
  componentId: string;
  props: Record<string, unknown>;
  context: ContentKitContextDocument;
}

/**
 * renderIntegrationUIWithPost: `POST /v1/integrations/{integrationName}/render`, the script's ContentKit output;
 * undefined when there is no such integration (404). A render changes nothing, so it may be repeated.
 */
export async function renderIntegrationBlock(transport: Transport, integrationName: string, request: IntegrationBlockRenderRequest): Promise<ContentKitRenderOutput | undefined> {
  try {
    return await transport.json<ContentKitRenderOutput>({ method: 'POST', route: '/v1/integrations/{integrationName}/render', params: { integrationName }, body: request, retrySafe: true });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * listIntegrationInstallations: `GET /v1/integrations/{integrationName}/installations`, a List<IntegrationInstallation>
 * (the installations on organizations the caller administers); nothing when there is no such integration (404).
 */
export async function* listIntegrationInstallations(transport: Transport, integrationName: string, limit: number | undefined): AsyncGenerator<IntegrationInstallation, void, undefined> {
  try {
    yield* listRequest<IntegrationInstallation>(transport, { method: 'GET', route: '/v1/integrations/{integrationName}/installations', params: { integrationName } }, limit);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return;
    throw error;
  }
}
