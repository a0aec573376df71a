import { QuireError } from '../../errors/index.ts';
import { checkImportUrl } from '../../import/import-target-rule.ts';
import { toPublishedFilesystem, type PublishedSpecFilesystem, type SpecFilesystem } from '../../openapi/spec-filesystem.ts';
import type { ListOptions, OpenApiSpecRecord, OpenApiSpecVersionRecord, OpenApiSpecVisibility } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole, type OrganizationAccess } from '../access/organization-access.ts';
import { organizationPermissions } from '../access/permissions.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/*
 * OpenAPI specs of an organization. Who may do what (the published `Organization.permissions.createOpenAPISpec`,
 * true from the `create` role up):
 * - every active member of the organization, guests included, lists and reads specs, versions and content
 *   (`openapi:read`: specs are organization-wide, like its spaces' API references);
 * - members with the `admin` or `create` role create, replace, change the visibility of and delete specs
 *   (`permissions.edit`). Everyone else gets 403; a caller outside the organization 404.
 * Processing runs in the background (openapi-processing.ts): a write answers at once with `pending`.
 */

/** The published `OpenAPISpecSource`. */
export type OpenApiSpecSourceBody = { url: string } | { text: string };

/** The published `OpenAPISpec`. */
export interface PublishedOpenApiSpec {
  object: 'openapi-spec';
  id: string;
  createdAt: string;
  updatedAt: string;
  slug: string;
  sourceURL?: string;
  processingState: 'pending' | 'progress' | 'complete';
  visibility: OpenApiSpecVisibility;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
  lastProcessedErrors: { message: string; code?: string }[];
  lastProcessedErrorCount: number;
  permissions: { view: boolean; edit: boolean };
  urls: { location: string; app: string; published?: string };
}

/** The published `OpenAPISpecVersion`. */
export interface PublishedOpenApiSpecVersion {
  object: 'openapi-spec-version';
  id: string;
  createdAt: string;
  url: string;
  urls: { location: string };
}

/** The published `OpenAPISpecContent` (not the seed's `{ filesystem, url }`: docs/api-extensions.md). */
export interface PublishedOpenApiSpecContent {
  filesystem: PublishedSpecFilesystem;
  urls: { source: string; public: string | null };
}

/**
 * `GET /v1/orgs/{organizationId}/openapi` (listOpenAPISpecs): the specs, by slug.
 *
 * @example
 * const { items } = await listOpenApiSpecs(ctx, actor, orgId);
 */
export async function listOpenApiSpecs(ctx: ServiceContext, actor: Actor, organizationId: string, options: ListOptions = {}): Promise<PublishedList<PublishedOpenApiSpec>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  return toPublishedList(await ctx.store.listOpenApiSpecs(organizationId, options), (spec) => toPublishedSpec(ctx, access, spec));
}

/**
 * `POST /v1/orgs/{organizationId}/openapi` (createOpenAPISpec): records the spec `pending` and asks for its
 * processing in the background. A taken slug is `CONFLICT` naming `slug`; a source URL that is not http(s) is a
 * 400 naming `source.url`.
 *
 * @example
 * const spec = await createOpenApiSpec(ctx, actor, orgId, { slug: 'pets', source: { url: 'https://api.example.com/pets.yaml' } });
 */
export async function createOpenApiSpec(ctx: ServiceContext, actor: Actor, organizationId: string, body: { slug: string; source: OpenApiSpecSourceBody }): Promise<PublishedOpenApiSpec> {
  const access = await writeAccess(ctx, actor, organizationId, `create OpenAPI specs in organization ${organizationId}`);
  const spec = await ctx.store.createOpenApiSpec({ organizationId, slug: body.slug, source: checkedSource(body.source) });
  ctx.openApiProcessor?.kick();
  return toPublishedSpec(ctx, access, spec);
}

/**
 * `PUT /v1/orgs/{organizationId}/openapi/{specSlug}` (createOrUpdateOpenAPISpecBySlug): creates the spec
 * (`created`, 201) or gives it the source and processes it again (`updated`, 200). Giving the same URL again is
 * how a spec is refreshed on request: the published API has no other operation that re-fetches `sourceURL`.
 *
 * @example
 * const { outcome, spec } = await putOpenApiSpec(ctx, actor, orgId, 'pets', { source: { url } });
 */
export async function putOpenApiSpec(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string, body: { source: OpenApiSpecSourceBody }): Promise<{ outcome: 'created' | 'updated'; spec: PublishedOpenApiSpec }> {
  const access = await writeAccess(ctx, actor, organizationId, `create or update OpenAPI specs in organization ${organizationId}`);
  const source = checkedSource(body.source);
  const existing = await ctx.store.findOpenApiSpec(organizationId, slug);
  const spec = existing === undefined ? await ctx.store.createOpenApiSpec({ organizationId, slug, source }) : await ctx.store.updateOpenApiSpecSource(existing.id, source);
  ctx.openApiProcessor?.kick();
  return { outcome: existing === undefined ? 'created' : 'updated', spec: await toPublishedSpec(ctx, access, spec) };
}

/**
 * `GET /v1/orgs/{organizationId}/openapi/{specSlug}` (getOpenAPISpecBySlug).
 *
 * @example
 * const spec = await getOpenApiSpec(ctx, actor, orgId, 'pets');
 */
export async function getOpenApiSpec(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string): Promise<PublishedOpenApiSpec> {
  const access = await organizationAccess(ctx, actor, organizationId);
  return toPublishedSpec(ctx, access, await specOf(ctx, organizationId, slug));
}

/**
 * `PATCH /v1/orgs/{organizationId}/openapi/{specSlug}` (updateOpenAPISpecBySlug): the visibility.
 *
 * @example
 * await updateOpenApiSpec(ctx, actor, orgId, 'pets', { visibility: 'public' });
 */
export async function updateOpenApiSpec(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string, body: { visibility: OpenApiSpecVisibility }): Promise<PublishedOpenApiSpec> {
  const access = await writeAccess(ctx, actor, organizationId, `change OpenAPI specs in organization ${organizationId}`);
  const spec = await specOf(ctx, organizationId, slug);
  return toPublishedSpec(ctx, access, await ctx.store.setOpenApiSpecVisibility(spec.id, body.visibility));
}

/**
 * `DELETE /v1/orgs/{organizationId}/openapi/{specSlug}` (deleteOpenAPISpecBySlug): `deleted` (205), or `absent`
 * (204) when the organization has no spec with that slug.
 *
 * @example
 * await deleteOpenApiSpec(ctx, actor, orgId, 'pets'); // → 'deleted'
 */
export async function deleteOpenApiSpec(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string): Promise<DeleteOutcome> {
  await writeAccess(ctx, actor, organizationId, `delete OpenAPI specs in organization ${organizationId}`);
  const spec = await ctx.store.findOpenApiSpec(organizationId, slug);
  if (spec === undefined) return 'absent';
  return (await ctx.store.deleteOpenApiSpec(spec.id)) ? 'deleted' : 'absent';
}

/**
 * `GET .../openapi/{specSlug}/versions` (listOpenAPISpecVersions): newest first.
 *
 * @example
 * const { items } = await listOpenApiSpecVersions(ctx, actor, orgId, 'pets');
 */
export async function listOpenApiSpecVersions(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string, options: ListOptions = {}): Promise<PublishedList<PublishedOpenApiSpecVersion>> {
  await organizationAccess(ctx, actor, organizationId);
  const spec = await specOf(ctx, organizationId, slug);
  return toPublishedList(await ctx.store.listOpenApiSpecVersions(spec.id, options), (version) => toPublishedVersion(ctx, spec, version));
}

/**
 * `GET .../versions/latest` and `.../versions/{versionId}` (getLatestOpenAPISpecVersion, getOpenAPISpecVersionById):
 * `versionId` `latest` names the spec's last version; a spec not processed successfully yet has none (404).
 *
 * @example
 * const version = await getOpenApiSpecVersion(ctx, actor, orgId, 'pets', 'latest');
 */
export async function getOpenApiSpecVersion(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string, versionId: string | 'latest'): Promise<PublishedOpenApiSpecVersion> {
  const { spec, version } = await versionOf(ctx, actor, organizationId, slug, versionId);
  return toPublishedVersion(ctx, spec, version);
}

/**
 * `GET .../versions/latest/content` and `.../versions/{versionId}/content`: the version's filesystem and its
 * addresses in the published shape: `urls.source`, where the content came from (the source URL, or this content's
 * own address for a spec given as text), and `urls.public`, the source URL of a public spec given by URL (the
 * server keeps no public proxy for stored specs, so null otherwise).
 *
 * @example
 * const { filesystem } = await getOpenApiSpecVersionContent(ctx, actor, orgId, 'pets', 'latest');
 */
export async function getOpenApiSpecVersionContent(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string, versionId: string | 'latest'): Promise<PublishedOpenApiSpecContent> {
  const { spec, version } = await versionOf(ctx, actor, organizationId, slug, versionId);
  const content = await ctx.store.getOpenApiSpecVersion(spec.id, version.id);
  const source = content.sourceUrl ?? `${versionLocation(ctx, spec, version.id)}/content`;
  return { filesystem: toPublishedFilesystem(content.filesystem as SpecFilesystem), urls: { source, public: spec.visibility === 'public' && content.sourceUrl !== undefined ? content.sourceUrl : null } };
}

async function versionOf(ctx: ServiceContext, actor: Actor, organizationId: string, slug: string, versionId: string) {
  await organizationAccess(ctx, actor, organizationId);
  const spec = await specOf(ctx, organizationId, slug);
  const id = versionId === 'latest' ? spec.lastVersionId : versionId;
  if (id === undefined) throw new QuireError('NOT_FOUND', `OpenAPI spec ${slug} has no version yet (processing: ${spec.processingState}${spec.lastProcessErrorCode === undefined ? '' : `, last error ${spec.lastProcessErrorCode}`})`, { kind: 'openapi-spec-version', id: versionId });
  const version = await ctx.store.getOpenApiSpecVersion(spec.id, id);
  return { spec, version };
}

async function writeAccess(ctx: ServiceContext, actor: Actor, organizationId: string, action: string): Promise<OrganizationAccess> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin', 'create'], action);
  return access;
}

async function specOf(ctx: ServiceContext, organizationId: string, slug: string): Promise<OpenApiSpecRecord> {
  const spec = await ctx.store.findOpenApiSpec(organizationId, slug);
  if (spec === undefined) throw new QuireError('NOT_FOUND', `OpenAPI spec ${slug} was not found in organization ${organizationId}`, { kind: 'openapi-spec', id: slug });
  return spec;
}

function checkedSource(source: OpenApiSpecSourceBody): OpenApiSpecSourceBody {
  if ('url' in source) return { url: checkImportUrl(source.url, 'source.url').href };
  return { text: source.text };
}

function specLocation(ctx: ServiceContext, spec: OpenApiSpecRecord): string {
  return `${ctx.baseUrl.replace(/\/+$/, '')}/v1/orgs/${encodeURIComponent(spec.organizationId)}/openapi/${encodeURIComponent(spec.slug)}`;
}

function versionLocation(ctx: ServiceContext, spec: OpenApiSpecRecord, versionId: string): string {
  return `${specLocation(ctx, spec)}/versions/${encodeURIComponent(versionId)}`;
}

function toPublishedSpec(ctx: ServiceContext, access: OrganizationAccess, spec: OpenApiSpecRecord): PublishedOpenApiSpec {
  const edit = organizationPermissions(access.role).createOpenAPISpec;
  return {
    object: 'openapi-spec',
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...('url' in spec.source ? { sourceURL: spec.source.url } : {}),
    processingState: spec.processingState,
    visibility: spec.visibility,
    ...(spec.lastVersionId === undefined ? {} : { lastVersion: spec.lastVersionId }),
    ...(spec.lastProcessedAt === undefined ? {} : { lastProcessedAt: spec.lastProcessedAt }),
    ...(spec.lastProcessErrorCode === undefined ? {} : { lastProcessErrorCode: spec.lastProcessErrorCode as PublishedOpenApiSpec['lastProcessErrorCode'] }),
    lastProcessedErrors: spec.lastProcessedErrors,
    lastProcessedErrorCount: spec.lastProcessedErrorCount,
    permissions: { view: true, edit },
    // No app of its own: the app address is the API address, as for organizations.
    urls: { location: specLocation(ctx, spec), app: specLocation(ctx, spec) },
  };
}

function toPublishedVersion(ctx: ServiceContext, spec: OpenApiSpecRecord, version: OpenApiSpecVersionRecord): PublishedOpenApiSpecVersion {
  const location = versionLocation(ctx, spec, version.id);
  return { object: 'openapi-spec-version', id: version.id, createdAt: version.createdAt, url: version.sourceUrl ?? `${location}/content`, urls: { location } };
}
