// src/render: a published site and its content → route data and page HTML. Pure: no I/O.
export type {
  ContentLinkInput,
  ContentRefInput,
  CustomizationInput,
  ExportSite,
  FooterGroupInput,
  HeaderItemInput,
  SiteExternalLinkInput,
  SiteProfile,
  SiteSectionGroupInput,
  SiteSectionInput,
  SiteSpaceInput,
  SiteStructureInput,
  ThemedColor,
  ThemedUrl,
} from './site-profile.ts';
export { resolveCustomization, type Customization } from './customization.ts';
export { planSite, safeFileName, type PlanSiteOptions } from './plan-site.ts';
export { assetPaths, isActiveFile, type AssetPaths } from './inert-asset.ts';
export { pageMarkdown, type ChromeLink, type HeaderLink, type LinkTarget, type NavItem, type PageOptions, type PagePlan, type SitePlan, type SpaceChrome, type SpacePlan, type TabItem } from './route-data.ts';
export { renderSitePage, renderPlannedPage, notFoundHtml, type RenderedPage, type SearchDocument } from './render-site-page.ts';
export { renderPageBody, type PageBody } from './render-site-page.ts';
export { renderBody } from './body/render-body.ts';
export type { JsonObject, JsonValue } from './adaptive/index.ts';
export { createBodyContext, type BodyContext, type BrokenLink, type OutlineEntry } from './body/body-context.ts';
export { pageHtml, scriptPath, stylesheetPath, type ChromeCache, type PageView } from './chrome/page-template.ts';
export { themeCss } from './chrome/theme-css.ts';
export { navigationPath, navigationScript } from './chrome/navigation-file.ts';
export { sitemapXml } from './chrome/sitemap.ts';
export { markdownToDocument, documentText, type DocumentContext } from './document/index.ts';
export { emptyIconLibrary, type IconFamily, type IconLibrary, type IconSvg } from './icons/icon-library.ts';
export { findPage, printAssetPath, printDocument, printTemplateVersion, type PrintDocument, type PrintOptions, type PrintSelection } from './print/print-document.ts';
export { collectOpenAPIReferences, specReference, srcReference, type OpenAPIReference } from './openapi/spec-references.ts';
export type { LoadedOpenAPI, OpenAPIDocument } from './openapi/document.ts';
export { collectIntegrationBlocks } from './integrations/collect-integration-blocks.ts';
export { integrationBlockKey, type IntegrationBlockReference, type RenderedIntegrationBlock } from './integrations/integration-block-reference.ts';
export { contentKitHtml } from './contentkit/contentkit-html.ts';
