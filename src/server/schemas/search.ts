import { Type } from 'typebox';
import { maxSearchQueryLength } from '../../service/index.ts';

/** The published `SearchResultScore`: higher is better, unbounded. */
const Score = Type.Number({ minimum: 0 });
const ResultType = Type.Union([Type.Literal('page'), Type.Literal('section')]);

/** The query of both searches: `query` (1 to 512 characters, required), `page`, `limit`. */
export const SearchQueryText = Type.String({ minLength: 1, maxLength: maxSearchQueryLength });

/** The published `SearchSectionResult`. */
export const SearchSectionResultSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  path: Type.String(),
  score: Score,
  resultType: Type.Optional(ResultType),
  body: Type.String(),
  urls: Type.Object({ app: Type.String() }),
});

/** The published `SearchPageResult`. */
export const SearchPageResultSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  path: Type.String(),
  score: Score,
  rank: Type.Integer({ minimum: 1 }),
  resultType: Type.Optional(ResultType),
  sections: Type.Optional(Type.Array(SearchSectionResultSchema)),
  ancestors: Type.Array(Type.Object({ title: Type.String() })),
  urls: Type.Object({ app: Type.String() }),
});

/** The published `SearchSpaceResult`. */
export const SearchSpaceResultSchema = Type.Object({
  type: Type.Literal('space'),
  id: Type.String(),
  title: Type.String(),
  score: Score,
  pages: Type.Array(SearchPageResultSchema),
});
