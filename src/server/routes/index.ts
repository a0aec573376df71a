import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireBearerToken } from '../auth-hook.ts';
import { apiTokenRoutes } from './api-tokens.ts';
import { changeRequestRoutes } from './change-requests.ts';
import { collectionRoutes } from './collections.ts';
import { contentRoutes } from './content.ts';
import { organizationRoutes } from './organizations.ts';
import { quireBlobRoutes } from './quire-blobs.ts';
import { quireRoutes } from './quire.ts';
import { revisionRoutes } from './revisions.ts';
import { syncPointRoutes } from './sync-points.ts';
import { spaceRoutes } from './spaces.ts';
import { userRoutes } from './user.ts';
import { siteRoutes } from './sites.ts';
import { siteSectionRoutes } from './site-sections.ts';
import { siteSectionGroupRoutes } from './site-section-groups.ts';
import { siteSpaceRoutes } from './site-spaces.ts';
import { siteShareLinkRoutes } from './site-share-links.ts';
import { siteCustomizationRoutes } from './site-customization.ts';
import { organizationPingRoutes } from './organization-ping.ts';
import { commentRoutes } from './comments.ts';
import { teamRoutes } from './teams.ts';
import { contentPermissionRoutes } from './content-permissions.ts';
import { memberRoutes } from './members.ts';
import { organizationInviteRoutes } from './organization-invites.ts';
import { contentImportRoutes } from './content-import.ts';
import { linkRoutes } from './links.ts';
import { searchRoutes } from './search.ts';
import { changeRequestPdfRoutes } from './change-request-pdf.ts';
import { importRunRoutes } from './import-runs.ts';
import { translationRoutes } from './translations.ts';
import { samlProviderRoutes } from './saml-providers.ts';
import { openApiSpecRoutes } from './openapi-specs.ts';
import { integrationRoutes } from './integrations.ts';
import { integrationRenderRoutes } from './integration-render.ts';
import { quireGitPathRoutes } from './quire-git-paths.ts';

/**
 * Every /v1 route, one file per resource, all behind the bearer-token hook. To add a resource (content, change
 * requests, sites, ...): write `routes/<resource>.ts` exporting a `FastifyPluginAsyncTypebox` with the published
 * paths (relative to /v1), and register it below.
 *
 * @example
 * await app.register(apiRoutes, { prefix: '/v1' });
 */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  requireBearerToken(app);
  await app.register(userRoutes);
  await app.register(organizationRoutes);
  await app.register(spaceRoutes);
  await app.register(collectionRoutes);
  await app.register(contentRoutes);
  await app.register(changeRequestRoutes);
  await app.register(revisionRoutes);
  await app.register(syncPointRoutes);
  await app.register(quireRoutes);
  await app.register(quireBlobRoutes);
  await app.register(apiTokenRoutes);
  await app.register(siteRoutes);
  await app.register(siteSectionRoutes);
  await app.register(siteSectionGroupRoutes);
  await app.register(siteSpaceRoutes);
  await app.register(siteShareLinkRoutes);
  await app.register(siteCustomizationRoutes);
  await app.register(organizationPingRoutes);
  await app.register(commentRoutes);
  await app.register(teamRoutes);
  await app.register(contentPermissionRoutes);
  await app.register(memberRoutes);
  await app.register(organizationInviteRoutes);
  await app.register(contentImportRoutes);
  await app.register(linkRoutes);
  await app.register(searchRoutes);
  await app.register(changeRequestPdfRoutes);
  await app.register(importRunRoutes);
  await app.register(translationRoutes);
  await app.register(samlProviderRoutes);
  await app.register(openApiSpecRoutes);
  await app.register(integrationRoutes);
  await app.register(integrationRenderRoutes);
  await app.register(quireGitPathRoutes);
};
