import { Type } from 'typebox';
import type { PublishedContentSite } from '../../service/index.ts';
import { SiteCustomizationSchema } from './site-customization-shapes.ts';
import { shapeOf } from './site-shape-check.ts';
import { SiteSchema, SiteStructureSchema } from './site-shapes.ts';

/*
 * The response schema of a site's published profile (`GET .../published`, the published
 * `PublishedContentSite`): what export and other readers of a published site start from. Its parts are the
 * schemas of the site routes, so the profile answers exactly what those routes answer.
 */

/** The published `PublishedContentSite`: the site, its structure, the customizations, scripts (none). */
export const PublishedContentSiteSchema = shapeOf<PublishedContentSite>()(
  Type.Object({
    object: Type.Literal('published-content-site'),
    site: SiteSchema,
    structure: SiteStructureSchema,
    customizations: Type.Object({
      site: SiteCustomizationSchema,
      /** Each site space's effective settings, by site space id. */
      siteSpaces: Type.Record(Type.String(), SiteCustomizationSchema),
    }),
    /** `SiteIntegrationScript`s: Quire runs no integrations, so the list is always empty. */
    scripts: Type.Array(Type.Never()),
  }),
);
