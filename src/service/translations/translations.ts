import { QuireError, isQuireError } from '../../errors/index.ts';
import type { TranslationLanguageCode } from '../../model/index.ts';
import type { ListOptions, TranslationInstructions, TranslationRecord, TranslationStatus } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { ContentLevels } from '../access/content-access.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole, type OrganizationAccess } from '../access/organization-access.ts';
import type { PublishedJsonDocument } from '../content/published-content-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/*
 * Translations of spaces (`/v1/orgs/{organizationId}/translations`). The seed calls the resource "translation
 * settings" (`{ title, languages }`); the published spec calls it `Translation` (`{ source { space, language },
 * language, instructions, status, stats, ... }`). One resource serves both (docs/api-extensions.md): bodies may
 * carry the seed's `title` and the published fields, every field is stored, and the answer is a published
 * `Translation` (which allows extra properties) that also carries the seed's `title` and `languages`.
 *
 * No machine translation is performed: a translation records what is to be translated, into what, and how; its
 * `status` stays `pending`, it has no `result`, and its `stats` count no runs.
 *
 * Who may do what: any member with a role (not a guest) lists and reads the organization's translations; the
 * organization's admins create, change and delete them (a translation's result is a new space, and making
 * spaces is the admin role's right in the seed's role list), from a space they can read.
 */

/** A translation as answered: the published `Translation`, plus the seed's `title` and `languages`. */
export interface PublishedTranslation {
  object: 'translation';
  id: string;
  status: TranslationStatus;
  source: { space: string; language: TranslationLanguageCode };
  language: TranslationLanguageCode;
  instructions: PublishedJsonDocument;
  createdAt: string;
  updatedAt: string;
  stats: { runs: number; totalWords: number; totalPages: number; totalDuration: number; latestRunDuration: number; latestPages: number; latestWords: number };
  permissions: { view: boolean; edit: boolean };
  urls: { location: string };
  /** The seed's title, when one was given. */
  title?: string;
  /** The seed's `languages`: the source's language, then the language translated into. */
  languages: TranslationLanguageCode[];
}

/** A create or update body: the seed's `title` and the published fields, in the API's names. */
export interface TranslationInput {
  title?: string;
  source?: { space: string; language: TranslationLanguageCode };
  language?: TranslationLanguageCode;
  instructions?: TranslationInstructions;
}

/** What a translation without instructions answers: the published `instructions` is required, so an empty document. */
const noInstructions: PublishedJsonDocument = { object: 'document', data: {}, nodes: [] };

/**
 * The organization's translations, oldest first (`GET /v1/orgs/{organizationId}/translations`).
 *
 * @example
 * const { items } = await listTranslations(ctx, actor, orgId);
 */
export async function listTranslations(ctx: ServiceContext, actor: Actor, organizationId: string, options: ListOptions = {}): Promise<PublishedList<PublishedTranslation>> {
  const access = await translationsAccess(ctx, actor, organizationId);
  const page = await ctx.store.listTranslations(organizationId, options);
  return toPublishedList(page, (record) => toPublishedTranslation(record, access, ctx.baseUrl));
}

/**
 * Creates a translation of a space (`POST /v1/orgs/{organizationId}/translations`): `source.space` must be a
 * space of the organization the caller can read (400 naming `source.space` otherwise, as for one that does not
 * exist), `language` a `TranslationLanguage` other than `source.language`. Needs the `admin` role.
 *
 * @example
 * await createTranslation(ctx, actor, orgId, { title: 'Handbook (fr)', source: { space: spaceId, language: 'en' }, language: 'fr' });
 */
export async function createTranslation(ctx: ServiceContext, actor: Actor, organizationId: string, input: TranslationInput): Promise<PublishedTranslation> {
  const access = await translationsAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `create translations in organization ${organizationId}`);
  if (input.source === undefined) throw missing('source');
  if (input.language === undefined) throw missing('language');
  await requireReadableSource(ctx, access, input.source.space);
  const record = await ctx.store.createTranslation({
    organizationId,
    source: { spaceId: input.source.space, language: input.source.language },
    language: input.language,
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.instructions === undefined ? {} : { instructions: input.instructions }),
  });
  return toPublishedTranslation(record, access, ctx.baseUrl);
}

/**
 * A translation of the organization (`GET /v1/orgs/{organizationId}/translations/{translationId}`).
 *
 * @example
 * const translation = await getTranslation(ctx, actor, orgId, translationId);
 */
export async function getTranslation(ctx: ServiceContext, actor: Actor, organizationId: string, translationId: string): Promise<PublishedTranslation> {
  const access = await translationsAccess(ctx, actor, organizationId);
  return toPublishedTranslation(await ctx.store.getTranslation(organizationId, translationId), access, ctx.baseUrl);
}

/**
 * Changes a translation (`PUT /v1/orgs/{organizationId}/translations/{translationId}`): the seed's `title`, the
 * published `instructions`, and `source` or `language` with the checks of `createTranslation`; fields left out
 * keep their value. Needs the `admin` role.
 *
 * @example
 * await updateTranslation(ctx, actor, orgId, translationId, { title: 'Manuel' });
 */
export async function updateTranslation(ctx: ServiceContext, actor: Actor, organizationId: string, translationId: string, input: TranslationInput): Promise<PublishedTranslation> {
  const access = await translationsAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `change translation ${translationId}`);
  await ctx.store.getTranslation(organizationId, translationId);
  if (input.source !== undefined) await requireReadableSource(ctx, access, input.source.space);
  const record = await ctx.store.updateTranslation(organizationId, translationId, {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.source === undefined ? {} : { source: { spaceId: input.source.space, language: input.source.language } }),
    ...(input.language === undefined ? {} : { language: input.language }),
    ...(input.instructions === undefined ? {} : { instructions: input.instructions }),
  });
  return toPublishedTranslation(record, access, ctx.baseUrl);
}

/**
 * Deletes a translation (`DELETE /v1/orgs/{organizationId}/translations/{translationId}`): `deleted` (205), or
 * `absent` (204) when the organization has none by that id. Needs the `admin` role; the source space stays.
 *
 * @example
 * await deleteTranslation(ctx, actor, orgId, translationId); // → 'deleted'
 */
export async function deleteTranslation(ctx: ServiceContext, actor: Actor, organizationId: string, translationId: string): Promise<DeleteOutcome> {
  const access = await translationsAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `delete translation ${translationId}`);
  return (await ctx.store.deleteTranslation(organizationId, translationId)) ? 'deleted' : 'absent';
}

/**
 * A stored translation as answered to a caller with `access` to its organization.
 *
 * @example
 * toPublishedTranslation(record, access, 'http://127.0.0.1:8787').status // → 'pending'
 */
export function toPublishedTranslation(record: TranslationRecord, access: OrganizationAccess, baseUrl: string): PublishedTranslation {
  return {
    object: 'translation',
    id: record.id,
    status: record.status,
    source: { space: record.source.spaceId, language: record.source.language },
    language: record.language,
    instructions: record.instructions ?? noInstructions,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    // No run has happened: Quire performs no machine translation.
    stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
    permissions: { view: true, edit: access.role === 'admin' },
    urls: { location: `${baseUrl.replace(/\/+$/, '')}/v1/orgs/${encodeURIComponent(record.organizationId)}/translations/${encodeURIComponent(record.id)}` },
    ...(record.title === undefined ? {} : { title: record.title }),
    languages: [record.source.language, record.language],
  };
}

/** The organization, for a member who may see its translations: guests may not (403), outsiders get its 404. */
async function translationsAccess(ctx: ServiceContext, actor: Actor, organizationId: string): Promise<OrganizationAccess> {
  const access = await organizationAccess(ctx, actor, organizationId);
  if (access.role === null) {
    throw new QuireError('PERMISSION_DENIED', `you may not see the translations of organization ${organizationId}: it needs a role in the organization, and you are a guest`, {
      organization: organizationId,
      role: access.role,
    });
  }
  return access;
}

/** A 400 naming `source.space` unless it is a live space of the organization the caller can read (one it cannot read answers as one that does not exist). */
async function requireReadableSource(ctx: ServiceContext, access: OrganizationAccess, spaceId: string): Promise<void> {
  const refusal = new QuireError('INVALID_ARGUMENT', `source.space: space ${spaceId} does not exist in organization ${access.organization.id}, or you cannot read it`, { field: 'source.space' });
  const space = await ctx.store.getSpace(spaceId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (space === undefined || space.organizationId !== access.organization.id) throw refusal;
  if ((await new ContentLevels(ctx, access).of(space)) === null) throw refusal;
}

function missing(field: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `${field} is required: a translation names its source space and language, and the language to translate into`, { field });
}
