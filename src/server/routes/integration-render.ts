import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { decodeRenderRequest, renderIntegrationUI, type RenderedIntegrationUI } from '../../service/integrations/integration-render.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ContentKitRenderOutput, RenderIntegrationUIBody, RenderIntegrationUIQuery } from '../schemas/integration-render.ts';
import { IntegrationName } from '../schemas/integrations.ts';

const NameParams = Type.Object({ integrationName: IntegrationName });

/**
 * Render of integrations' ContentKit components: `renderIntegrationUIWithPost` (a JSON body) and
 * `renderIntegrationUIWithGet` (the same request LZ-string compressed in `request`), both answering the script's
 * `ContentKitRenderOutput` with the integration's `Content-Security-Policy`. Unknown integration 404, a script
 * that fails 502 (`INTEGRATION_FAILED`).
 *
 * @example
 * await app.register(integrationRenderRoutes);
 */
export const integrationRenderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/integrations/:integrationName/render',
    { schema: { params: NameParams, body: RenderIntegrationUIBody, response: { 200: ContentKitRenderOutput, ...errorResponses } } },
    async (request, reply) => answer(reply, await renderIntegrationUI(serviceContext(request), actorOf(request), request.params.integrationName, request.body)),
  );
  app.get(
    '/integrations/:integrationName/render',
    { schema: { params: NameParams, querystring: RenderIntegrationUIQuery, response: { 200: ContentKitRenderOutput, ...errorResponses } } },
    async (request, reply) => answer(reply, await renderIntegrationUI(serviceContext(request), actorOf(request), request.params.integrationName, decodeRenderRequest(request.query.request))),
  );
};

function answer(reply: FastifyReply, rendered: RenderedIntegrationUI): Record<string, unknown> {
  // A render depends on the caller and the script's version: not kept by shared caches.
  void reply.header('cache-control', 'private, no-store');
  if (rendered.contentSecurityPolicy !== undefined) void reply.header('content-security-policy', rendered.contentSecurityPolicy);
  return rendered.output;
}
