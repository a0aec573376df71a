// The route data of an export (STYLE.md, "render from route data"): plain objects computed once for the whole
// site, then displayed page by page. Everything here survives a structured clone, so worker threads render from it.
// Hrefs are relative to the bundle's root and percent-encoded; a page prefixes them with its `rootPrefix`.
import type { TranslationLanguageCode } from '../model/index.ts';
import type { JsonObject } from './adaptive/index.ts';
import type { Customization } from './customization.ts';
import type { RenderedIntegrationBlock } from './integrations/integration-block-reference.ts';
import type { LoadedOpenAPI } from './openapi/document.ts';

/** Something a link in content can point at. */
export interface LinkTarget {
  kind: 'page' | 'file';
  /** Root-relative: `guides/writing/index.html`, `assets/files/3f2a…-cover.png`. */
  href: string;
  /** The page's title, or the file's name. */
  title: string;
  /** Files: size in bytes and media type. */
  size?: number;
  contentType?: string;
  /**
   * Files whose `href` is an inert copy (src/render/inert-asset.ts) but that `<img>` may still show (SVG): the
   * image copy, referenced only through `<img>`, never linked.
   */
  imageHref?: string;
}

/** A link of the chrome (header, footer, announcement, tabs): root-relative, or an absolute URL when `external`. */
export interface ChromeLink {
  title: string;
  /** Absent when the reference points at nothing the export has: the title is shown as text. */
  href?: string;
  external: boolean;
}

/** One entry of a site space's sidebar, as written to its navigation file. Short keys: the file holds thousands. */
export interface NavItem {
  /** Title (the page's `linkTitle` when it has one). */
  t: string;
  /** Root-relative href; absent for groups. */
  h?: string;
  /** The page id, for pages: how a page finds itself in the tree. */
  p?: string;
  /** 1 for a group heading. */
  g?: 1;
  /** 1 for a link to another site. */
  x?: 1;
  /** The emoji drawn before the title. */
  e?: string;
  /** Or the icon: a name in the icon dictionary of the navigation file. */
  i?: string;
  /** Children. */
  c?: NavItem[];
  /** The HTTP method of a page that is one API operation (src/render/openapi/page-operation.ts), drawn as a badge. */
  m?: string;
}

/** An entry of the section tab bar: a section, a group of them (a menu), or a link to another site. */
export type TabItem =
  | { kind: 'section'; sectionId: string; title: string; icon?: string; description?: string; href: string }
  | { kind: 'group'; id: string; title: string; icon?: string; children: TabItem[] }
  | { kind: 'link'; title: string; icon?: string; href: string };

/** A header item: a link, a button, or a dropdown of links. */
export interface HeaderLink extends ChromeLink {
  style: 'link' | 'button-primary' | 'button-secondary';
  children: ChromeLink[];
}

/** What the chrome of a site space shows, from its customization. */
export interface SpaceChrome {
  title: string;
  logo?: { light: string; dark: string };
  headerLinks: HeaderLink[];
  footerLogo?: { light: string; dark: string };
  footerGroups: Array<{ title: string; links: ChromeLink[] }>;
  copyright?: string;
  announcement?: { message: string; link?: ChromeLink; style: string };
  favicon: { light?: string; dark?: string; emoji?: string };
  privacyPolicy?: string;
}

/** A site space as exported: its place in the bundle, its link tables, its sidebar and its chrome. */
export interface SpacePlan {
  /** Position in `SitePlan.spaces`. */
  index: number;
  /** Short stable key used in file names and attributes: `s0`, `s1`, … */
  key: string;
  siteSpaceId: string;
  spaceId: string;
  sectionId?: string;
  /** The variant's title (the site space's), and its section's. */
  title: string;
  sectionTitle?: string;
  hidden: boolean;
  /** Root-relative folder of the site space (`''` for the default variant of the default section). */
  folder: string;
  homeHref: string;
  /** The space's folder inside its directory layout (`.gitbook.yaml` `root`). */
  root: string;
  /** Page bodies by document id. */
  documents: Record<string, string>;
  /** Layout path (`guides/writing.md`, `.gitbook/assets/x.png`) → what lives there. */
  links: Record<string, LinkTarget>;
  /** Page id → page; file id → file. */
  pages: Record<string, LinkTarget>;
  files: Record<string, LinkTarget>;
  /** Layout path of each reusable content → its Markdown body. */
  includes: Record<string, string>;
  /**
   * Layout path → title of the pages left out because their condition (`if:`) does not hold for the export's
   * claims, and their children: links to them show as text, and are not broken.
   */
  excluded: Record<string, string>;
  /** The space's variables (`space.vars` in expressions). */
  variables: JsonObject;
  nav: NavItem[];
  customization: Customization;
  chrome: SpaceChrome;
}

/** How a page is displayed (`RevisionPageLayoutOptions`, and the customization's pagination switch). */
export interface PageOptions {
  title: boolean;
  description: boolean;
  cover: boolean;
  outline: boolean;
  pagination: boolean;
  sidebar: boolean;
  wide: boolean;
}

/** The route data of one page. */
export interface PagePlan {
  index: number;
  /** Position of its site space in `SitePlan.spaces`. */
  space: number;
  pageId: string;
  /**
   * The page's key in its space's navigation (`data-page`, and `p` in the navigation file), which the site script
   * finds the current page by: derived from the page's href, not its id, so the bundle is the same bytes whatever ids
   * the pages were given (by the service that holds them, or by the format reading a folder).
   */
  navKey: string;
  kind: 'document' | 'computed';
  /** Root-relative folder (as written on disk, not encoded): `guides/writing/`, `''` for the home page. */
  folder: string;
  href: string;
  /** The page's file in its space's directory layout: links in its body are relative to it. */
  source?: string;
  documentId?: string;
  title: string;
  description?: string;
  emoji?: string;
  icon?: string;
  cover?: { light: string; dark?: string; height: number };
  options: PageOptions;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  breadcrumbs: Array<{ title: string; href?: string }>;
  previous?: { title: string; href: string };
  next?: { title: string; href: string };
  /** The variant switcher: every visible variant of the section, the same page path when it exists there. */
  variants: Array<{ title: string; href: string; current: boolean }>;
  /**
   * The language switcher, when the variants of the section are written in more than one language: one entry per
   * language (its own name), leading to the same page path in a variant of that language when it exists there.
   */
  languages?: Array<{ language: TranslationLanguageCode; name: string; href: string; current: boolean }>;
  /** Computed pages (an OpenAPI reference): what computes them. */
  computed?: { type: string; spec?: string; models?: boolean };
  /** The page's variables (`page.vars` in expressions), when it has some. */
  variables?: JsonObject;
}

/** The route data of a whole export. */
export interface SitePlan {
  title: string;
  /** The site's published URL, when it has one (for the sitemap). */
  publishedUrl?: string;
  tabs: TabItem[];
  spaces: SpacePlan[];
  pages: PagePlan[];
  /** Root-relative hrefs of files the chrome and the page tree use (covers, link pages, header links). */
  usedFiles: string[];
  /** What could not be exported as asked (a path taken twice, a site space without content), one line each. */
  warnings: string[];
  /** The visitor's claims the export was made for (`visitor.claims` in expressions); `{}` when none were given. */
  claims: JsonObject;
  /**
   * The OpenAPI documents the pages render from, by reference key (src/render/openapi/spec-references.ts), loaded
   * before rendering (rendering is synchronous): each a document or the reason it could not be loaded. Absent or
   * missing a key: the block shows that the specification was not loaded.
   */
  openapi?: Record<string, LoadedOpenAPI>;
  /**
   * The integration blocks of the pages, by key (src/render/integrations/integration-block-reference.ts), each
   * rendered by its integration before the pages are: its ContentKit element, or why there is none. Absent or
   * missing a key: the block shows its placeholder and that it was not rendered.
   */
  integrationBlocks?: Record<string, RenderedIntegrationBlock>;
}

/** The Markdown body of a page of the plan: `''` for a computed page or a page without a document. */
export function pageMarkdown(plan: SitePlan, page: PagePlan): string {
  return page.documentId === undefined ? '' : (plan.spaces[page.space]!.documents[page.documentId] ?? '');
}
