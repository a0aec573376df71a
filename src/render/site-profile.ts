// What rendering reads of a published site: the parts of `PublishedContentSite` (shared/spec/published-sites-model.md,
// sections 1–6, `GET /orgs/{org}/sites/{site}/published`) that change what a reader sees, and the content of each
// site space. Every field of the published types is assignable to these (a test pins it), so the API's answer is
// passed as it is; fields are optional where a hand-written profile (tests, the CLI on a bare directory) may leave
// them out, and the renderer fills in the hosted service's defaults.
import type { RevisionBundle } from '../model/revision-bundle.ts';

/** A colour for each theme: `{ light: '#346ddb', dark: '#5b8def' }`. */
export interface ThemedColor {
  light: string;
  dark: string;
}

/** An image URL for each theme (logos, favicons). */
export interface ThemedUrl {
  light: string;
  dark: string;
}

/**
 * A reference to content (`ContentRef` in the published model): a URL, a page, a file or an anchor, possibly in
 * another space. Kinds the export cannot point at (users, collections, tags) render as plain text.
 */
export interface ContentRefInput {
  kind: string;
  url?: string;
  page?: string;
  file?: string;
  anchor?: string;
  space?: string;
}

/** `CustomizationContentLink`: a titled link (footer, header dropdowns, announcement). */
export interface ContentLinkInput {
  title: string;
  to: ContentRefInput;
}

/** `CustomizationHeaderItem`: a header link, a button, or a dropdown of links. */
export interface HeaderItemInput {
  title: string;
  style?: string;
  to: ContentRefInput | null;
  links?: ContentLinkInput[];
}

/** `CustomizationFooterGroup`. */
export interface FooterGroupInput {
  title: string;
  links: ContentLinkInput[];
}

/**
 * `SiteCustomizationSettings`, every part optional. Unset parts take the hosted service's defaults
 * (`resolveCustomization`).
 */
export interface CustomizationInput {
  title?: string;
  styling?: {
    theme?: string;
    primaryColor?: ThemedColor;
    tint?: { color: ThemedColor } | null;
    infoColor?: ThemedColor;
    successColor?: ThemedColor;
    warningColor?: ThemedColor;
    dangerColor?: ThemedColor;
    corners?: string;
    depth?: string;
    links?: string;
    font?: unknown;
    icons?: string;
    sidebar?: { background?: string; list?: string };
    search?: string;
  };
  favicon?: { icon?: ThemedUrl; emoji?: string };
  header?: {
    logo?: ThemedUrl;
    links?: HeaderItemInput[];
  };
  footer?: {
    logo?: ThemedUrl;
    groups?: FooterGroupInput[];
    copyright?: string;
  };
  announcement?: {
    enabled: boolean;
    message: string;
    link?: ContentLinkInput;
    style?: string;
  };
  themes?: { default?: string; toggeable?: boolean };
  externalLinks?: { target?: string };
  pagination?: { enabled?: boolean };
  trademark?: { enabled?: boolean };
  privacyPolicy?: { url?: string };
  /** The language of the site space's content (a `TranslationLanguage`): its pages' `lang`, and the language switcher. */
  internationalization?: { locale?: string };
}

/** `SiteSpace`: one variant of a section (or of the site, without sections). */
export interface SiteSpaceInput {
  object?: 'site-space';
  id: string;
  path: string;
  title: string;
  default?: boolean;
  /** Draft site spaces are not live: they are not exported. */
  draft?: boolean;
  /** Rendered, but not offered in the variant switcher. */
  hidden?: boolean;
  /** A custom home page, rendered at the site space's root instead of the first page. */
  pageId?: string | null;
  /** The space; `revision`, its current revision when the site was read (the published `Space.revision`). */
  space: { id: string; title?: string; emoji?: string; revision?: string };
  urls?: { published?: string };
}

/** `SiteSection`: a tab of the site, holding one or more site spaces (variants). */
export interface SiteSectionInput {
  object: 'site-section';
  id: string;
  title: string;
  path: string;
  default?: boolean;
  draft?: boolean;
  icon?: string;
  description?: string;
  siteSpaces: SiteSpaceInput[];
}

/** `SiteSectionGroup`: a menu of sections, groups and links in the tab bar. */
export interface SiteSectionGroupInput {
  object: 'site-section-group';
  id: string;
  title: string;
  draft?: boolean;
  icon?: string;
  children: Array<SiteSectionInput | SiteSectionGroupInput | SiteExternalLinkInput>;
}

/** `SiteExternalLink`: a tab that opens a URL. */
export interface SiteExternalLinkInput {
  object: 'site-external-link';
  id: string;
  title: string;
  url: string;
  draft?: boolean;
  icon?: string;
}

/** `SiteStructure`: sections (with groups and links), or site spaces only. */
export type SiteStructureInput =
  | { type: 'sections'; structure: Array<SiteSectionInput | SiteSectionGroupInput | SiteExternalLinkInput> }
  | { type: 'siteSpaces'; structure: SiteSpaceInput[] };

/** The published profile of a site (`PublishedContentSite`). */
export interface SiteProfile {
  site: {
    id: string;
    title: string;
    icon?: unknown;
    urls?: { published?: string };
  };
  structure: SiteStructureInput;
  customizations: {
    site: CustomizationInput;
    /** By site-space id: the customization that applies while reading that site space. */
    siteSpaces: Record<string, CustomizationInput>;
  };
}

/**
 * Everything an export renders: the published profile and, by site-space id, the content of each site space.
 * Content for ids the profile does not list is ignored: one site's content never reaches another's pages.
 */
export interface ExportSite {
  profile: SiteProfile;
  content: Readonly<Record<string, RevisionBundle>>;
}
