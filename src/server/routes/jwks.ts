import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getJsonWebKeySet, jwksMaxAgeSeconds, type JsonWebKeySet } from '../../service/index.ts';
import { serviceContext } from '../request-context.ts';
import { errorResponses } from '../schemas/error-body.ts';

/**
 * A public JWK (RFC 7517): the response schema is the serializer, so every member a published key may have is
 * declared (EC keys today; RSA members so a later algorithm needs no schema change). Private members (`d`, ...)
 * are not declared, so they could never be sent even if a private key reached this route.
 */
const PublicJwkSchema = Type.Object({
  kty: Type.String(),
  kid: Type.String(),
  alg: Type.Optional(Type.String()),
  use: Type.Optional(Type.String()),
  crv: Type.Optional(Type.String()),
  x: Type.Optional(Type.String()),
  y: Type.Optional(Type.String()),
  n: Type.Optional(Type.String()),
  e: Type.Optional(Type.String()),
});
const JwksSchema = Type.Unsafe<JsonWebKeySet>(Type.Object({ keys: Type.Array(PublicJwkSchema) }));

/**
 * `GET /.well-known/jwks.json` (a Quire extension, docs/api-extensions.md `visitor-claims`): the public keys that
 * verify the visitor-claims tokens of `POST /v1/orgs/{organizationId}/ping`. Unauthenticated (a verifier has no
 * token) and outside /v1, where verifiers look for it; cacheable for a few minutes (a verifier that meets an
 * unknown `kid` fetches it again, as jose's createRemoteJWKSet does).
 *
 * @example
 * await app.register(jwksRoutes);
 */
export const jwksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/.well-known/jwks.json', { schema: { response: { 200: JwksSchema, ...errorResponses } } }, async (request, reply) => {
    const keys = await getJsonWebKeySet(serviceContext(request));
    return reply.header('Cache-Control', `public, max-age=${jwksMaxAgeSeconds}`).send(keys);
  });
};
