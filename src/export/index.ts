// src/export: writes a published site as a static bundle (pages, files, navigation, search index).
export { exportSite, type ExportBrokenLink, type ExportOptions, type ExportProgress, type ExportSummary } from './export-site.ts';
export { workerThreshold, fewCoresWorkerThreshold, autoRenderThreads } from './render-thread-count.ts';
export { startRenderThreads, RenderThreads } from './render-threads.ts';
export { EarlyRenderThreads } from './early-render-threads.ts';
export { formatExportSummary } from './export-summary.ts';
export { outputPath } from './output-path.ts';
export { terminalProgress, type ProgressStream } from './progress-bar.ts';
export { searchIndexScript } from './search-index.ts';
export { fetchExportSite, fetchExportSpace, siteSpacesOf, type FetchObserver, type PagesObserver, type SiteLocation } from './fetch-site.ts';
export { spaceSiteProfile, type SpaceForSite } from './space-site.ts';
export { detectBuildLayout, spaceMarkers, type BuildFiles, type BuildLayout, type BuildSpaceFolder } from './build-layout.ts';
export { buildSiteModel, builtSiteSpaceId, builtSpaceTitle, type BuildSiteModelInput, type BuiltSpace } from './build-site-model.ts';
export { loadOpenAPIDocuments, type OpenAPILoader } from './load-openapi.ts';
export { fileOpenAPILoader } from './openapi-file-loader.ts';
export { contentOpenAPILoader } from './openapi-content-loader.ts';
export { serviceOpenAPILoader, siteOpenAPILoader, type OpenAPISpecContent, type ServiceOpenAPISources } from './openapi-service-loader.ts';
export { loadIntegrationBlocks, integrationRenderConcurrency, type IntegrationBlockContext, type IntegrationBlockLoader, type IntegrationBlockRender } from './load-integration-blocks.ts';
export { serviceIntegrationBlockLoader, siteIntegrationBlockLoader, type ServiceIntegrationSources } from './integration-service-loader.ts';
