import { isTranslationLanguage, translationLanguages, type TranslationLanguageCode } from '../../model/index.ts';
import { QuireError } from '../../errors/index.ts';
import type { TranslationsTable } from '../database-schema.ts';
import { checkText, notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { requireOrganization } from '../require-organization.ts';
import type { StoreContext } from '../store-context.ts';

/**
 * Where a translation stands (the published `TranslationStatus`). Quire performs no machine translation, so a
 * translation it stores stays `pending`: no run has started, and none will until a translator is plugged in.
 */
export type TranslationStatus = 'pending' | 'running' | 'completed';

/** A JSON document (the published `JSONDocument`: `{ object: 'document', data, nodes }`), kept as given. */
export type TranslationInstructions = { object: 'document'; data: Record<string, unknown>; nodes: unknown[] } & Record<string, unknown>;

/** A translation of a space: the seed's `title` and the published `Translation`'s fields. */
export interface TranslationRecord {
  id: string;
  organizationId: string;
  /** The seed's title (1 to 100 characters), when one was given. */
  title: string | undefined;
  /** The space translated, and the language it is written in. */
  source: { spaceId: string; language: TranslationLanguageCode };
  /** The language translated into. */
  language: TranslationLanguageCode;
  /** Instructions for the translator, when given. */
  instructions: TranslationInstructions | undefined;
  status: TranslationStatus;
  createdAt: string;
  updatedAt: string;
}

export interface NewTranslation {
  organizationId: string;
  title?: string;
  source: { spaceId: string; language: string };
  language: string;
  instructions?: TranslationInstructions;
}

/** What an update may change; fields left out keep their value. */
export interface TranslationPatch {
  title?: string;
  source?: { spaceId: string; language: string };
  language?: string;
  instructions?: TranslationInstructions;
}

export interface TranslationStore {
  /**
   * Stores a translation of a space of the organization (`status: pending`). `INVALID_ARGUMENT` naming the field
   * for a title outside 1 to 100 characters, a language outside `TranslationLanguage`, a target language equal to
   * the source's, or a source space that is not a space of the organization.
   *
   * @example
   * const translation = await store.createTranslation({ organizationId: org.id, source: { spaceId: space.id, language: 'en' }, language: 'fr' });
   */
  createTranslation(input: NewTranslation): Promise<TranslationRecord>;
  /** A translation of the organization; `NOT_FOUND` when it has none by that id. */
  getTranslation(organizationId: string, id: string): Promise<TranslationRecord>;
  /** Changes the fields `patch` gives, with the checks of `createTranslation`; `NOT_FOUND` as `getTranslation`. */
  updateTranslation(organizationId: string, id: string, patch: TranslationPatch): Promise<TranslationRecord>;
  /** Deletes a translation of the organization; false when it had none by that id. */
  deleteTranslation(organizationId: string, id: string): Promise<boolean>;
  /** The organization's translations, oldest first. */
  listTranslations(organizationId: string, options?: ListOptions): Promise<ListPage<TranslationRecord>>;
}

/** The seed's translation title: 1 to 100 characters. */
export const translationTitleLimits = { min: 1, max: 100 } as const;

/**
 * The translation methods of a Store.
 *
 * @example
 * const translations = translationStore(context);
 */
export function translationStore(context: StoreContext): TranslationStore {
  const byId = (organizationId: string, id: string) =>
    context.db().selectFrom('translations').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  const get = async (organizationId: string, id: string): Promise<TranslationRecord> => {
    const row = await byId(organizationId, id);
    if (row === undefined) throw notFound('translation', id);
    return toRecord(row);
  };
  // The foreign key makes this check too; made first so the refusal names the field (and another
  // organization's space is refused, which the key alone would accept).
  const requireSourceSpace = async (organizationId: string, spaceId: string): Promise<void> => {
    const space = await context.db().selectFrom('spaces').select(['id', 'organization_id', 'deleted_at']).where('id', '=', spaceId).executeTakeFirst();
    if (space === undefined || space.organization_id !== organizationId || space.deleted_at !== null) {
      throw new QuireError('INVALID_ARGUMENT', `source.space: space ${spaceId} is not a space of organization ${organizationId}`, { field: 'source.space' });
    }
  };

  return {
    async createTranslation(input) {
      return context.transaction(async () => {
        await requireOrganization(context, input.organizationId);
        const title = input.title === undefined ? null : checkText('title', input.title, translationTitleLimits);
        const sourceLanguage = checkLanguage('source.language', input.source.language);
        const language = checkTargetLanguage(input.language, sourceLanguage);
        await requireSourceSpace(input.organizationId, input.source.spaceId);
        const now = context.timestamp();
        const row: TranslationsTable = {
          id: context.newId(),
          organization_id: input.organizationId,
          title,
          source_space_id: input.source.spaceId,
          source_language: sourceLanguage,
          language,
          instructions: jsonColumn(input.instructions),
          status: 'pending',
          created_at: now,
          updated_at: now,
        };
        await context.db().insertInto('translations').values(row).execute();
        return toRecord(row);
      });
    },
    getTranslation: get,
    async updateTranslation(organizationId, id, patch) {
      return context.transaction(async () => {
        const current = await get(organizationId, id);
        const changes: Partial<TranslationsTable> = { updated_at: context.timestamp() };
        if (patch.title !== undefined) changes.title = checkText('title', patch.title, translationTitleLimits);
        const sourceLanguage = patch.source === undefined ? current.source.language : checkLanguage('source.language', patch.source.language);
        const language = patch.language === undefined ? current.language : checkLanguage('language', patch.language);
        checkTargetLanguage(language, sourceLanguage);
        if (patch.source !== undefined) {
          await requireSourceSpace(organizationId, patch.source.spaceId);
          changes.source_space_id = patch.source.spaceId;
          changes.source_language = sourceLanguage;
        }
        if (patch.language !== undefined) changes.language = language;
        if (patch.instructions !== undefined) changes.instructions = jsonColumn(patch.instructions);
        await context.db().updateTable('translations').set(changes).where('id', '=', id).execute();
        return get(organizationId, id);
      });
    },
    async deleteTranslation(organizationId, id) {
      const result = await context.db().deleteFrom('translations').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listTranslations(organizationId, options = {}) {
      return listPage(
        context.db().selectFrom('translations').selectAll().where('organization_id', '=', organizationId),
        {
          scope: `translations|${organizationId}`,
          keys: [
            { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toRecord),
      );
    },
  };
}

function checkLanguage(field: string, value: unknown): TranslationLanguageCode {
  if (isTranslationLanguage(value)) return value;
  throw new QuireError('INVALID_ARGUMENT', `${field} must be a TranslationLanguage (${translationLanguages.join(', ')}), not ${JSON.stringify(value)}`, { field });
}

/** The target language: a `TranslationLanguage` other than the source's (a space is not translated into its own language). */
function checkTargetLanguage(value: unknown, sourceLanguage: TranslationLanguageCode): TranslationLanguageCode {
  const language = checkLanguage('language', value);
  if (language === sourceLanguage) {
    throw new QuireError('INVALID_ARGUMENT', `language must differ from source.language (both are ${JSON.stringify(language)})`, { field: 'language' });
  }
  return language;
}

function toRecord(row: TranslationsTable): TranslationRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title ?? undefined,
    source: { spaceId: row.source_space_id, language: row.source_language as TranslationLanguageCode },
    language: row.language as TranslationLanguageCode,
    instructions: parseJsonColumn<TranslationInstructions>(row.instructions),
    status: row.status as TranslationStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
