import type { ContentKitRootElement } from '@gitbook/api';
import { collectIntegrationBlocks, type IntegrationBlockReference, type RenderedIntegrationBlock, type SitePlan } from '../render/index.ts';

/** Where a block is rendered for: the ContentKit document context of the space it is written in. */
export interface IntegrationBlockContext {
  spaceId: string;
}

/** What an integration rendered: its element, and the state its dynamic bindings read. */
export interface IntegrationBlockRender {
  element: ContentKitRootElement;
  state?: Record<string, unknown>;
}

/**
 * Renders one integration block, before the pages are rendered: `undefined` when the integration is not
 * installed (or unknown), so the page shows its fallback; a throw is a failure whose message the page shows.
 * An export from the service plugs `siteIntegrationBlockLoader` (src/export/integration-service-loader.ts).
 */
export type IntegrationBlockLoader = (block: IntegrationBlockReference, context: IntegrationBlockContext) => Promise<IntegrationBlockRender | undefined>;

/** Blocks rendered at once: each is a request to the service that runs a script; a few overlap the round trips. */
export const integrationRenderConcurrency = 4;

/**
 * Renders every distinct integration block of the plan's pages (`collectIntegrationBlocks`) once, at most
 * `integrationRenderConcurrency` at a time, into a record by block key for `plan.integrationBlocks`. A loader that
 * throws, finds the integration not installed or answers something other than a ContentKit element gives the
 * reason the page shows, never a failed export; without a loader every block says this export runs no integrations.
 *
 * @example
 * plan.integrationBlocks = await loadIntegrationBlocks(plan, siteIntegrationBlockLoader(client, organizationId));
 */
export async function loadIntegrationBlocks(plan: SitePlan, loader: IntegrationBlockLoader | undefined, concurrency = integrationRenderConcurrency): Promise<Record<string, RenderedIntegrationBlock>> {
  const blocks = collectIntegrationBlocks(plan);
  const rendered: Record<string, RenderedIntegrationBlock> = {};
  if (loader === undefined) {
    for (const block of blocks) rendered[block.key] = { error: 'this export does not run integrations (an export from the service, `quire export`, does)' };
    return rendered;
  }
  let next = 0;
  const work = async () => {
    while (next < blocks.length) {
      const block = blocks[next++]!;
      rendered[block.key] = await renderOne(loader, block);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, blocks.length)) }, work));
  return rendered;
}

async function renderOne(loader: IntegrationBlockLoader, block: IntegrationBlockReference): Promise<RenderedIntegrationBlock> {
  try {
    const result = await loader(block, { spaceId: block.spaceId });
    if (result === undefined) return { error: `the ${block.integration} integration is not installed on the organization (or is not published)` };
    if (!isElement(result.element)) return { error: `the ${block.integration} integration answered something other than a ContentKit element` };
    return result.state === undefined ? { element: result.element } : { element: result.element, state: result.state };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function isElement(value: unknown): value is ContentKitRootElement {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';
}
