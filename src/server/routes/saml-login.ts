import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { acceptSamlResponse, samlMetadata, startSamlLogin } from '../../service/index.ts';
import { serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { SamlAcsBody, SamlSessionSchema, SamlStartQuery } from '../schemas/saml-providers.ts';

const ProviderParams = Type.Object({ samlProviderId: EntityId });
/** The largest form the ACS reads: a signed response with a certificate and attributes is a few KiB. */
const maxFormBytes = 512 * 1024;

/**
 * The browser side of SAML sign-in, outside /v1 and without a token (docs/sso.md): `GET /saml/{id}/start`
 * redirects (302) to the identity provider with an AuthnRequest, `POST /saml/{id}/acs` takes its answer as a
 * form (`SAMLResponse`, HTTP-POST binding) and answers a session token as JSON, and `GET /saml/{id}/metadata`
 * (the entity ID) serves the service-provider metadata.
 *
 * @example
 * await app.register(samlLoginRoutes);
 */
export const samlLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The HTTP-POST binding sends an HTML form; this plugin alone reads such bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: maxFormBytes }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/saml/:samlProviderId/start',
    { schema: { params: ProviderParams, querystring: SamlStartQuery, response: { 302: Type.Unsafe<void>({ description: 'redirect' }), ...errorResponses } } },
    async (request, reply) => {
      const { redirect } = await startSamlLogin(serviceContext(request), request.params.samlProviderId, request.query.RelayState);
      return reply.header('Cache-Control', 'no-store').redirect(redirect, 302);
    },
  );

  app.post(
    '/saml/:samlProviderId/acs',
    { schema: { params: ProviderParams, body: SamlAcsBody, response: { 200: SamlSessionSchema, ...errorResponses } } },
    async (request, reply) => {
      const session = await acceptSamlResponse(serviceContext(request), request.params.samlProviderId, request.body.SAMLResponse);
      return reply.header('Cache-Control', 'no-store').send(session);
    },
  );

  app.get('/saml/:samlProviderId/metadata', { schema: { params: ProviderParams, response: { 200: Type.String({ description: 'SAML metadata XML' }), ...errorResponses } } }, async (request, reply) => {
    const xml = await samlMetadata(serviceContext(request), request.params.samlProviderId);
    return reply.type('application/samlmetadata+xml').send(xml);
  });
};
