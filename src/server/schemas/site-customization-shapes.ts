import { Type } from 'typebox';
import type { PublishedCustomization } from '../../service/index.ts';
import { FreeObject } from './free-object.ts';

/*
 * The response schemas of customization: the published `SiteCustomizationSettings` (a site's, and each site
 * space's in the published profile) and `SiteSpaceCustomizationSettings` (a site space's own route, with
 * `hasOverrides`).
 *
 * Every top-level setting is listed, as in the published `SiteCustomizationSettingsBase` (the service refuses
 * any other key on input, so it answers no other), with `updatedAt`. What is inside each setting is left open
 * (`FreeObject`): it is checked field by field on input by `checkCustomization` (src/service/
 * customization-settings.ts: colours, enums, fonts, links, URLs, over a hundred nested fields), merged over the
 * defaults, and answered as stored. Restating that tree here would make a second definition to keep in step with
 * the checker, and every nested field it forgot would silently vanish from the answers; open, the serializer
 * writes the stored settings whole. The conformance suite checks the answers against the published schema.
 */

/** The settings of the published `SiteCustomizationSettingsBase`, and `updatedAt` (absent until written). */
const settings = {
  title: Type.Optional(Type.String()),
  localizedTitle: Type.Optional(FreeObject),
  styling: FreeObject,
  internationalization: FreeObject,
  favicon: FreeObject,
  header: FreeObject,
  footer: FreeObject,
  announcement: Type.Optional(FreeObject),
  themes: FreeObject,
  feedback: FreeObject,
  ai: FreeObject,
  advancedCustomization: FreeObject,
  pageActions: FreeObject,
  externalLinks: FreeObject,
  pagination: FreeObject,
  trademark: FreeObject,
  privacyPolicy: FreeObject,
  socialPreview: FreeObject,
  socialAccounts: Type.Array(FreeObject),
  insights: FreeObject,
  updatedAt: Type.Optional(Type.String({ format: 'date-time' })),
};

/** The published `SiteCustomizationSettings`: a site's effective settings (its own over the defaults). */
export const SiteCustomizationSchema = Type.Unsafe<PublishedCustomization>(Type.Object(settings));

/** The published `SiteSpaceCustomizationSettings`: a site space's overrides over its site's, and whether it has any. */
export const SiteSpaceCustomizationSchema = Type.Unsafe<PublishedCustomization>(Type.Object({ ...settings, hasOverrides: Type.Boolean() }));
