import { Type } from 'typebox';
import type { PublishedAdaptiveSchema } from '../../service/index.ts';
import { FreeObject } from './free-object.ts';
import { shapeOf } from './site-shape-check.ts';

/*
 * The response schemas of a site's adaptive schema: the published `SiteAdaptiveSchema` and the list of
 * `SiteAdaptiveTemplateCondition`s suggested from it.
 */

/**
 * The published `SiteAdaptiveSchema`. `jsonSchema` is the JSON Schema of visitor claims an admin wrote (checked
 * on input by the service, claims nested to any depth): a document, answered whole, so left open.
 */
export const SiteAdaptiveSchemaSchema = shapeOf<PublishedAdaptiveSchema>()(
  Type.Object({
    object: Type.Literal('site-adaptive-schema'),
    jsonSchema: FreeObject,
    updatedAt: Type.String({ format: 'date-time' }),
  }),
);

/** `listSiteAdaptiveTemplateConditions`: `{ items }` of `SiteAdaptiveTemplateCondition` (not a paged list). */
export const AdaptiveTemplateConditionsSchema = shapeOf<{ items: { description: string; condition: string }[] }>()(
  Type.Object({ items: Type.Array(Type.Object({ description: Type.String(), condition: Type.String() })) }),
);
