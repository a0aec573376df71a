import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { fetchIntegrationEndpoint } from '../../service/integrations/integration-fetch.ts';
import { serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { IntegrationName } from '../schemas/integrations.ts';

const EndpointParams = Type.Object({
  integrationName: IntegrationName,
  installationId: EntityId,
  spaceId: Type.Optional(EntityId),
  siteId: Type.Optional(EntityId),
  '*': Type.Optional(Type.String({ maxLength: 2048 })),
});
const installationPath = '/integrations/:integrationName/installations/:installationId';
/** Whatever the caller sends (a webhook's JSON, a form), read as text. */
const PublicBody = Type.Optional(Type.String({ maxLength: 1024 * 1024 }));
/** Whatever the script answers, passed on as it is. */
const ScriptAnswer = Type.Unsafe<string>({ description: "the integration script's answer, passed on as it is" });
/** The largest request body handed to a script: webhooks and OAuth callbacks are small. */
const maxBodyBytes = 1024 * 1024;

/**
 * An installation's public endpoints (`urls.publicEndpoint`), `/v1/integrations/{integrationName}/installations/
 * {installationId}/public[/…]` and the same under `/spaces/{spaceId}` and `/sites/{siteId}`, `GET` and `POST` (what
 * webhooks and OAuth callbacks use): the request goes to the integration's script as a `fetch` event and
 * its answer back to the caller (src/service/integrations/integration-fetch.ts). Outside the bearer-token hook, as third parties
 * (webhooks, OAuth providers) call it without a token; bodies of any type are read as text, up to 1 MiB.
 *
 * @example
 * await app.register(integrationPublicRoutes, { prefix: '/v1' });
 */
export const integrationPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: maxBodyBytes }, (_request, body, done) => done(null, body));

  const owners = [installationPath, `${installationPath}/spaces/:spaceId`, `${installationPath}/sites/:siteId`];
  const paths = owners.flatMap((owner) => [`${owner}/public`, `${owner}/public/*`]);
  for (const url of paths) {
    for (const method of ['GET', 'POST'] as const) {
      const schema = { params: EndpointParams, ...(method === 'POST' ? { body: PublicBody } : {}), response: { '2xx': ScriptAnswer, ...errorResponses } };
      app.route({
        method,
        url,
        schema,
        handler: async (request, reply) => {
          const { integrationName, installationId, spaceId, siteId } = request.params;
          const target = spaceId !== undefined ? { kind: 'space' as const, id: spaceId } : siteId !== undefined ? { kind: 'site' as const, id: siteId } : undefined;
          const answer = await fetchIntegrationEndpoint(
            serviceContext(request),
            integrationName,
            installationId,
            { method: request.method, url: `${request.protocol}://${request.host}${request.url}`, headers: headersOf(request.headers), body: typeof request.body === 'string' && request.body !== '' ? request.body : undefined },
            target,
          );
          return reply.status(answer.status).headers(answer.headers).send(answer.body);
        },
      });
    }
  }
};

/** The request's headers as one string each (repeated ones joined, as HTTP allows). */
function headersOf(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : Array.isArray(value) ? [[name, value.join(', ')]] : [])));
}
