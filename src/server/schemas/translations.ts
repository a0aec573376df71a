import { Type } from 'typebox';
import { translationLanguages, type TranslationLanguageCode } from '../../model/index.ts';
import type { TranslationInstructions } from '../../store/index.ts';
import { translationTitleLimits } from '../../store/index.ts';
import { EntityId } from './entity-id.ts';
import { JsonDocumentSchema } from './revision.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** The published `TranslationLanguage`. */
export const TranslationLanguageSchema = Type.Unsafe<TranslationLanguageCode>({ type: 'string', enum: [...translationLanguages] });

/** The published `TranslationSource`: the space translated and its language. */
export const TranslationSourceSchema = Type.Object({ space: EntityId, language: TranslationLanguageSchema }, { additionalProperties: false });

/** Plain text in a paragraph: the published `DocumentText` with unmarked `DocumentTextLeaf`s. */
const PlainText = Type.Object(
  {
    object: Type.Literal('text'),
    key: Type.Optional(Type.String({ maxLength: 128 })),
    leaves: Type.Array(Type.Object({ object: Type.Literal('leaf'), text: Type.String({ maxLength: 100_000 }), marks: Type.Array(Type.Never(), { maxItems: 0 }) }, { additionalProperties: false }), { maxItems: 1000 }),
  },
  { additionalProperties: false },
);

/** A paragraph of plain text: the published `DocumentBlockParagraph`, without alignment or inlines. */
const PlainParagraph = Type.Object(
  {
    object: Type.Literal('block'),
    type: Type.Literal('paragraph'),
    key: Type.Optional(Type.String({ maxLength: 128 })),
    data: Type.Optional(Type.Object({}, { additionalProperties: false })),
    nodes: Type.Array(PlainText, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);

/**
 * Instructions for the translator, as a body field: the published `JSONDocument` made of paragraphs of plain
 * text. Quire keeps the document as given and answers it back, so it takes only nodes it can vouch for: a
 * published client reading the answer must find a valid `JSONDocument`, and the published node types are many.
 */
const InstructionsInput = Type.Unsafe<TranslationInstructions>(
  Type.Object(
    { object: Type.Literal('document'), data: Type.Object({ schemaVersion: Type.Optional(Type.Integer()) }, { additionalProperties: true }), nodes: Type.Array(PlainParagraph, { maxItems: 1000 }) },
    { additionalProperties: false },
  ),
);

/** The seed's translation title: 1 to 100 characters. */
const TranslationTitle = Type.String({ minLength: translationTitleLimits.min, maxLength: translationTitleLimits.max });

const fields = {
  title: Type.Optional(TranslationTitle),
  source: Type.Optional(TranslationSourceSchema),
  language: Type.Optional(TranslationLanguageSchema),
  instructions: Type.Optional(InstructionsInput),
};

/**
 * `createTranslation`'s body, with the seed's `title`: the published `source` and `language` are required (the
 * answer must name them), `title` and `instructions` optional. Closed: anything else is a 400.
 */
export const TranslationCreateBody = Type.Object(
  { ...fields, source: TranslationSourceSchema, language: TranslationLanguageSchema },
  { additionalProperties: false },
);

/**
 * `updateTranslation`'s body: the published `instructions`, the seed's `title`, or both (and `source`,
 * `language`); at least one field. Closed.
 */
export const TranslationUpdateBody = Type.Object(fields, { additionalProperties: false, minProperties: 1 });

/**
 * The published `Translation`, with the seed's `title` and `languages` (the published schema allows extra
 * properties). `result` is never answered: no translation is ever run.
 */
export const TranslationSchema = Type.Object({
  object: Type.Literal('translation'),
  id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('completed')]),
  source: Type.Object({ space: Type.String(), language: TranslationLanguageSchema }),
  language: TranslationLanguageSchema,
  instructions: JsonDocumentSchema,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  stats: Type.Object({
    runs: Type.Integer(),
    totalWords: Type.Integer(),
    totalPages: Type.Integer(),
    totalDuration: Type.Integer(),
    latestRunDuration: Type.Integer(),
    latestPages: Type.Integer(),
    latestWords: Type.Integer(),
  }),
  permissions: Type.Object({ view: Type.Boolean(), edit: Type.Boolean() }),
  urls: Type.Object({ location: Type.String() }),
  title: Type.Optional(Type.String()),
  languages: Type.Array(TranslationLanguageSchema),
});
