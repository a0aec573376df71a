import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pingOrganization, type PublishedPing } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
// The published operation takes no body; one with fields is refused (400 naming the field), not ignored.
const NoBody = Type.Optional(Type.Object({}, { additionalProperties: false }));
/**
 * The published answer is `{ gitbookVisitorClaims?: string }`; the seed names the same token
 * `serviceVisitorClaims`, so both are given (the published object is open, so the extra field is valid).
 */
const PingSchema = Type.Unsafe<PublishedPing>(
  Type.Object({
    gitbookVisitorClaims: Type.String({ description: 'A JWT of the claims to attach to this user (published name).' }),
    serviceVisitorClaims: Type.String({ description: 'The same JWT, under the seed specification\'s name.' }),
  }),
);

/**
 * `POST /v1/orgs/{organizationId}/ping` (updateOrganizationMemberLastSeenAt): the calling member's `lastSeenAt`
 * becomes now, and the answer carries the member's visitor claims as a JWT signed with the service's current key
 * (verify it with the JWKS at `/.well-known/jwks.json`, routes/jwks.ts).
 *
 * @example
 * await app.register(organizationPingRoutes);
 */
export const organizationPingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/orgs/:organizationId/ping', { schema: { params: OrganizationParams, body: NoBody, response: { 200: PingSchema, ...errorResponses } } }, async (request, reply) => {
    const ping = await pingOrganization(serviceContext(request), actorOf(request), request.params.organizationId);
    // The token is a credential of the member: no cache may keep it.
    return reply.header('Cache-Control', 'no-store').send(ping);
  });
};
